// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setApiClient } from '../../../lib/api-client';
import { useUserStore } from '../../../stores/user-store';
import { accountsText as t, errorsText, fakeApi, fakeJwt, json, problemResponse, USER } from '../../../test-support/fake-api';
import { renderAt } from '../../../test-support/render';
import { RegisterForm } from './register-form';

const NO_SOCIAL = { google: null, facebook: null };
const email = () => screen.getByRole('textbox', { name: t.fields.email });
const password = () => screen.getByLabelText(new RegExp(`^${t.fields.newPassword}`), { selector: 'input' });

beforeEach(() => useUserStore.setState({ user: null, loggedIn: false, checked: true }));
afterEach(() => {
  cleanup();
  setApiClient(null);
});

describe('RegisterForm', () => {
  it('explains a short and then a guessable password with the shared rules', async () => {
    const api = fakeApi();
    renderAt(<RegisterForm social={NO_SOCIAL} next={null} />, { path: '/en/register' });
    await userEvent.type(email(), 'new@example.test');
    await userEvent.type(password(), 'short');
    await userEvent.click(screen.getByRole('button', { name: t.register.submit }));
    expect(await screen.findByText(errorsText.field.password_short)).toBeTruthy();
    await userEvent.clear(password());
    await userEvent.type(password(), 'password12345');
    expect(await screen.findByText(errorsText.field.password_weak)).toBeTruthy();
    expect(api.callsTo('POST /users/register_email')).toHaveLength(0);
  });

  it('shows "already registered" on the e-mail field', async () => {
    const taken = 'An account with this e-mail address already exists. Sign in instead.';
    fakeApi({ 'POST /users/register_email': () => problemResponse(409, 'email_taken', taken) });
    renderAt(<RegisterForm social={NO_SOCIAL} next={null} />, { path: '/en/register' });
    await userEvent.type(email(), 'ana@example.test');
    await userEvent.type(password(), 'Kuda-Test!2026x');
    await userEvent.click(screen.getByRole('button', { name: t.register.submit }));
    await waitFor(() => expect(email().getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(taken).length).toBeGreaterThanOrEqual(1);
  });

  it('creates the account, signs in with it and opens the profile', async () => {
    const api = fakeApi({
      'POST /users/register_email': () => json({ user: USER }, 201),
      'POST /users/email_password_login': () => json({ access_token: fakeJwt('a'), refresh_token: fakeJwt('r'), user: USER }),
    });
    const { router } = renderAt(<RegisterForm social={NO_SOCIAL} next={null} />, { path: '/en/register' });
    await userEvent.type(email(), 'ana@example.test');
    await userEvent.type(password(), 'Kuda-Test!2026x');
    await userEvent.click(screen.getByRole('button', { name: t.register.submit }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/profile'));
    expect(api.callsTo('POST /users/email_password_login')[0]?.body).toMatchObject({ email: 'ana@example.test', password: 'Kuda-Test!2026x' });
    expect(useUserStore.getState().loggedIn).toBe(true);
  });
});
