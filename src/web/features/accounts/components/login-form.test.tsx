// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiClient } from '../../../lib/api-client';
import { useUserStore } from '../../../stores/user-store';
import { accountsText as t, errorsText, fakeApi, fakeJwt, json, problemResponse, USER } from '../../../test-support/fake-api';
import { renderAt } from '../../../test-support/render';
import { LoginForm } from './login-form';

const NO_SOCIAL = { google: null, facebook: null };
const email = () => screen.getByRole('textbox', { name: t.fields.email });
const password = () => screen.getByLabelText(new RegExp(`^${t.fields.password}`), { selector: 'input' });

beforeEach(() => useUserStore.setState({ user: null, loggedIn: false, checked: true }));
afterEach(() => {
  cleanup();
  setApiClient(null);
});

describe('LoginForm', () => {
  it('shows the shared schema messages inline and sends nothing while the form is invalid', async () => {
    const api = fakeApi();
    renderAt(<LoginForm social={NO_SOCIAL} next={null} />, { path: '/en/login' });
    await userEvent.type(email(), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: t.login.submit }));
    expect(await screen.findByText(errorsText.field.email)).toBeTruthy();
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(errorsText.field.required)).toBeTruthy();
    expect(password().getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST /users/email_password_login')).toHaveLength(0);
  });

  it('puts the server field errors on their fields', async () => {
    fakeApi({
      'POST /users/email_password_login': () =>
        problemResponse(400, 'validation_failed', 'Some fields are not filled in correctly.', { password: ['The server refused this password.'] }),
    });
    renderAt(<LoginForm social={NO_SOCIAL} next={null} />, { path: '/en/login' });
    await userEvent.type(email(), 'ana@example.test');
    await userEvent.type(password(), 'whatever');
    await userEvent.click(screen.getByRole('button', { name: t.login.submit }));
    expect(await screen.findByText('The server refused this password.')).toBeTruthy();
    expect(password().getAttribute('aria-invalid')).toBe('true');
    expect(email().getAttribute('aria-invalid')).toBe('false');
  });

  it('signs in, stores both tokens and the user, sends passedURL, and returns to the page the person came from', async () => {
    const access = fakeJwt('user-access');
    const api = fakeApi({
      'POST /users/email_password_login': () => json({ access_token: access, refresh_token: fakeJwt('user-refresh'), user: USER }),
    });
    const { router } = renderAt(<LoginForm social={NO_SOCIAL} next="/en/events/jazz-12" />, { path: '/en/login' });
    await userEvent.type(email(), '  ana@example.test ');
    await userEvent.type(password(), 'Secret-Pass-1');
    await userEvent.click(screen.getByRole('button', { name: t.login.submit }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/events/jazz-12'));
    expect(api.callsTo('POST /users/email_password_login')[0]?.body).toEqual({
      email: 'ana@example.test',
      password: 'Secret-Pass-1',
      passedURL: '/en/events/jazz-12',
    });
    expect(api.storage.getItem('accessToken')).toBe(access);
    expect(api.storage.getItem('loggedIn')).toBe('true');
    expect(useUserStore.getState()).toMatchObject({ loggedIn: true, user: USER });
  });

  it.each([
    { who: 'a user', user: USER, path: '/en' },
    { who: 'an organizer', user: { ...USER, role: 'organizer' as const, organizer_role: 'owner' as const }, path: '/en/organizer' },
  ])('signs $who in without a page to return to on $path', async ({ user, path }) => {
    fakeApi({ 'POST /users/email_password_login': () => json({ access_token: fakeJwt('a'), refresh_token: fakeJwt('r'), user }) });
    const { router } = renderAt(<LoginForm social={NO_SOCIAL} next={null} />, { path: '/en/login' });
    await userEvent.type(email(), 'ana@example.test');
    await userEvent.type(password(), 'Secret-Pass-1');
    await userEvent.click(screen.getByRole('button', { name: t.login.submit }));
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
  });

  it('puts a wrong password on the form without a console error', async () => {
    const consoleError = vi.spyOn(console, 'error');
    const consoleInfo = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    fakeApi({ 'POST /users/email_password_login': () => problemResponse(401, 'invalid_credentials', 'The e-mail or password is not right.') });
    renderAt(<LoginForm social={NO_SOCIAL} next={null} />, { path: '/en/login' });
    await userEvent.type(email(), 'ana@example.test');
    await userEvent.type(password(), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: t.login.submit }));
    await waitFor(() => expect(consoleInfo).toHaveBeenCalled());
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
    consoleInfo.mockRestore();
  });

  it('offers only the social sign-ins the deployment configures', () => {
    fakeApi();
    renderAt(
      <LoginForm social={{ google: { clientId: 'c', authorizationEndpoint: 'https://issuer.example/auth' }, facebook: null }} next={null} />,
    );
    expect(screen.getByRole('button', { name: t.social.google })).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.social.facebook })).toBeNull();
  });
});
