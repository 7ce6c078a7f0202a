// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiClient } from '../../../lib/api-client';
import { accountsText as t, fakeApi, fakeJwt, json } from '../../../test-support/fake-api';
import { renderAt } from '../../../test-support/render';
import { EligibilityChecklist } from './eligibility-checklist';

afterEach(() => {
  cleanup();
  setApiClient(null);
});

describe('EligibilityChecklist', () => {
  it('asks the server with an explicit token and marks each condition done or missing', async () => {
    const api = fakeApi({ 'GET /users/is_eligible_for_reservation': () => json({ eligible: false, missing: ['last_name', 'phone'] }) });
    const access = fakeJwt('user');
    api.storage.setItem('accessToken', access);
    api.storage.setItem('refreshToken', fakeJwt('refresh'));
    renderAt(<EligibilityChecklist refreshKey={1} />, { path: '/en/profile' });
    expect((await screen.findByTestId('eligibility-summary')).textContent).toBe(t.eligibility.notEligible);
    const state = (item: string) => screen.getByTestId(`eligibility-${item}`).getAttribute('data-state');
    expect(state('sign_in')).toBe('done');
    expect(state('first_name')).toBe('done');
    expect(state('last_name')).toBe('missing');
    expect(state('phone')).toBe('missing');
    // Without a number there is nothing verified, whatever the server lists.
    expect(state('phone_verification')).toBe('missing');
    expect(state('account_standing')).toBe('done');
    expect(screen.getByRole('link', { name: t.eligibility.fix.phone }).getAttribute('href')).toBe('/en/verify-phone');
    expect(api.callsTo('GET /users/is_eligible_for_reservation')[0]?.authorization).toBe(`Bearer ${access}`);
  });

  it('says so when everything is in place', async () => {
    fakeApi({ 'GET /users/is_eligible_for_reservation': () => json({ eligible: true, missing: [] }) });
    renderAt(<EligibilityChecklist refreshKey={1} />, { path: '/en/profile' });
    expect((await screen.findByTestId('eligibility-summary')).textContent).toBe(t.eligibility.eligible);
    expect(screen.getAllByText(t.eligibility.done)).toHaveLength(6);
  });
});
