// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setApiClient } from '../../../lib/api-client';
import { useUserStore } from '../../../stores/user-store';
import { beginSocialSignIn, PENDING_KEY } from '../lib/social';
import { accountsText as t, fakeApi, fakeJwt, json, USER } from '../../../test-support/fake-api';
import { renderAt } from '../../../test-support/render';
import { SocialCallback } from './social-callback';

const CONFIG = { google: { clientId: 'c', authorizationEndpoint: 'https://issuer.example/auth' }, facebook: null };

/** Starts a round trip as the sign-in page would, and lands on the callback with the given answer. */
function returnFromGoogle(claims: (nonce: string) => Record<string, unknown>, next: string | null = '/en/privacy-policy') {
  const url = new URL(beginSocialSignIn('google', CONFIG, { locale: 'en', next, origin: window.location.origin, storage: window.sessionStorage }));
  const idToken = fakeJwt('google', claims(url.searchParams.get('nonce') ?? ''));
  window.history.replaceState(null, '', `/en/auth/google/callback#state=${url.searchParams.get('state')}&id_token=${idToken}`);
  return idToken;
}

beforeEach(() => {
  window.sessionStorage.clear();
  useUserStore.setState({ user: null, loggedIn: false, checked: true });
});
afterEach(() => {
  cleanup();
  setApiClient(null);
});

describe('SocialCallback', () => {
  it('sends the ID token with its e-mail, signs in and returns to the page the person came from', async () => {
    const api = fakeApi({ 'POST /users/register_google': () => json({ access_token: fakeJwt('a'), refresh_token: fakeJwt('r'), user: USER }) });
    const idToken = returnFromGoogle((nonce) => ({ nonce, email: 'ana@example.test' }));
    const { router } = renderAt(<SocialCallback provider="google" graphUrl={null} />, { path: '/en/auth/google/callback' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/privacy-policy'));
    expect(api.callsTo('POST /users/register_google')[0]?.body).toEqual({ id_token: idToken, email: 'ana@example.test' });
    expect(useUserStore.getState().loggedIn).toBe(true);
    // The credential left the address bar.
    expect(window.location.hash).toBe('');
    expect(window.sessionStorage.getItem(PENDING_KEY)).toBeNull();
  });

  it('lands an organizer who came from no page in the organizer area', async () => {
    const organizer = { ...USER, role: 'organizer' as const, organizer_role: 'owner' as const };
    fakeApi({ 'POST /users/register_google': () => json({ access_token: fakeJwt('a'), refresh_token: fakeJwt('r'), user: organizer }) });
    returnFromGoogle((nonce) => ({ nonce, email: 'ana@example.test' }), null);
    const { router } = renderAt(<SocialCallback provider="google" graphUrl={null} />, { path: '/en/auth/google/callback' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/organizer'));
  });

  it('refuses an ID token minted for another round trip (nonce)', async () => {
    const api = fakeApi();
    returnFromGoogle(() => ({ nonce: 'someone-else', email: 'ana@example.test' }));
    renderAt(<SocialCallback provider="google" graphUrl={null} />, { path: '/en/auth/google/callback' });
    expect(await screen.findByText(t.callback.invalid)).toBeTruthy();
    expect(api.callsTo('POST /users/register_google')).toHaveLength(0);
  });

  it('says a cancelled sign-in was cancelled', async () => {
    fakeApi();
    window.history.replaceState(null, '', '/en/auth/google/callback#error=access_denied&state=x');
    renderAt(<SocialCallback provider="google" graphUrl={null} />, { path: '/en/auth/google/callback' });
    expect(await screen.findByText(t.callback.cancelled)).toBeTruthy();
    expect(screen.getByRole('link', { name: t.callback.back }).getAttribute('href')).toBe('/en/login');
  });
});
