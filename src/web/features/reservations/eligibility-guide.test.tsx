// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EligibilityGuide } from './eligibility-guide';
import { renderAt } from '../../test-support/render';

afterEach(cleanup);

const NEXT = '/en/reservation/new?event=7';

describe('EligibilityGuide', () => {
  it('sends a guest to sign in, and back to the reservation afterwards', async () => {
    renderAt(<EligibilityGuide missing={['sign_in']} next={NEXT} />);
    expect(screen.getByText('Sign in or create an account')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Sign in' });
    expect(link.getAttribute('href')).toBe(`/en/login?next=${encodeURIComponent(NEXT)}`);
  });

  it('lists exactly what is missing, in the order it is put right', async () => {
    renderAt(<EligibilityGuide missing={['phone_verification', 'last_name', 'phone', 'first_name']} next={NEXT} />);
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Add your first name',
      'Add your last name',
      'Add your phone number',
      'Verify your phone number',
    ]);
    // Names and phone are given together on the phone page.
    expect(screen.getByRole('link', { name: 'Complete your profile' }).getAttribute('href')).toBe(`/en/verify-phone?next=${encodeURIComponent(NEXT)}`);
  });

  it('asks only for the SMS code when that is all that is left', async () => {
    renderAt(<EligibilityGuide missing={['phone_verification']} next={NEXT} />, { locale: 'sr' });
    expect(screen.getByText('Potvrdite broj telefona')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Potvrdi telefon' }).getAttribute('href')).toBe(`/sr/verify-phone?next=${encodeURIComponent(NEXT)}`);
  });

  it('offers no step when the account is not in good standing', async () => {
    renderAt(<EligibilityGuide missing={['account_standing']} next={NEXT} />);
    expect(screen.getByText(/cannot make reservations at the moment/)).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
