// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../../lib/token-storage';
import { beginSocialSignIn, decodeJwtPayload, fetchFacebookUserId, PENDING_KEY, PENDING_TTL_MS, readFragment, type SocialConfig, takePendingSignIn } from './social';

const CONFIG: SocialConfig = {
  google: { clientId: 'client-1', authorizationEndpoint: 'https://issuer.example/o/oauth2/v2/auth' },
  facebook: { appId: 'app-1', dialogUrl: 'https://fb.example/v19.0/dialog/oauth', graphUrl: 'https://graph.example' },
};
const NOW = 1_800_000_000_000;

describe('social sign-in round trip', () => {
  it('sends Google an implicit-flow request with nonce and state, and remembers them', () => {
    const storage = createMemoryStorage();
    const url = new URL(beginSocialSignIn('google', CONFIG, { locale: 'sr', next: '/sr/events/x-1', origin: 'https://kuda.example', storage, now: NOW }));
    expect(`${url.origin}${url.pathname}`).toBe('https://issuer.example/o/oauth2/v2/auth');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      response_type: 'id_token',
      client_id: 'client-1',
      redirect_uri: 'https://kuda.example/sr/auth/google/callback',
      scope: 'openid email profile',
    });
    const pending = JSON.parse(storage.getItem(PENDING_KEY) ?? '{}');
    expect(pending).toMatchObject({ provider: 'google', state: params.state, nonce: params.nonce, locale: 'sr', next: '/sr/events/x-1' });
    expect(params.state).not.toBe(params.nonce);
    expect(params.state?.length).toBeGreaterThanOrEqual(40);
  });

  it('sends Facebook a token request, and never keeps a foreign next', () => {
    const storage = createMemoryStorage();
    const url = new URL(beginSocialSignIn('facebook', CONFIG, { locale: 'en', next: '//evil.example', origin: 'https://kuda.example', storage, now: NOW }));
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ client_id: 'app-1', response_type: 'token', redirect_uri: 'https://kuda.example/en/auth/facebook/callback' });
    expect(JSON.parse(storage.getItem(PENDING_KEY) ?? '{}').next).toBeNull();
  });

  it('accepts the answer once, for its provider and state, while fresh', () => {
    const storage = createMemoryStorage();
    const url = new URL(beginSocialSignIn('google', CONFIG, { locale: 'en', next: null, origin: 'https://k', storage, now: NOW }));
    const state = url.searchParams.get('state');
    expect(takePendingSignIn('google', state, storage, NOW + 1000)?.state).toBe(state);
    // Single use.
    expect(takePendingSignIn('google', state, storage, NOW + 1000)).toBeNull();
  });

  it('refuses a forged state, another provider, or a stale round trip', () => {
    for (const [provider, forge, at] of [
      ['google', true, NOW],
      ['facebook', false, NOW],
      ['google', false, NOW + PENDING_TTL_MS + 1],
    ] as const) {
      const storage = createMemoryStorage();
      const state = new URL(beginSocialSignIn('google', CONFIG, { locale: 'en', next: null, origin: 'https://k', storage, now: NOW })).searchParams.get('state');
      expect(takePendingSignIn(provider, forge ? 'forged' : state, storage, at)).toBeNull();
      expect(storage.getItem(PENDING_KEY)).toBeNull();
    }
  });

  it('reads the fragment and a token’s claims', () => {
    expect(readFragment('#id_token=a.b.c&state=s').get('state')).toBe('s');
    const payload = btoa(JSON.stringify({ email: 'ana@example.test', nonce: 'n' })).replace(/=+$/, '');
    expect(decodeJwtPayload(`x.${payload}.y`)).toEqual({ email: 'ana@example.test', nonce: 'n' });
    expect(decodeJwtPayload('garbage')).toBeNull();
  });

  it('asks the Graph API whose Facebook token it is', async () => {
    const seen: string[] = [];
    const fetchFn = (async (input: RequestInfo | URL) => {
      seen.push(String(input));
      return new Response(JSON.stringify({ id: '42' }), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    expect(await fetchFacebookUserId('https://graph.example/v19.0', 'EAAtoken', fetchFn)).toBe('42');
    expect(seen[0]).toBe('https://graph.example/v19.0/me?fields=id&access_token=EAAtoken');
    const refusing = (async () => new Response('{}', { status: 400 })) as typeof fetch;
    expect(await fetchFacebookUserId('https://graph.example', 'bad', refusing)).toBeNull();
  });
});
