import { describe, expect, it } from 'vitest';
import { authorizationEndpoint, socialConfig } from './social-config.server';

const discovery = (url: string) =>
  (async () => new Response(JSON.stringify({ authorization_endpoint: url }), { status: 200, headers: { 'content-type': 'application/json' } })) as typeof fetch;

describe('social sign-in settings', () => {
  it('reads the issuer’s authorization endpoint once, then from the cache', async () => {
    let calls = 0;
    const fetchFn = (async (input: RequestInfo | URL) => {
      calls += 1;
      expect(String(input)).toBe('https://issuer-a.example/.well-known/openid-configuration');
      return discovery('https://issuer-a.example/authorize')(input);
    }) as typeof fetch;
    expect(await authorizationEndpoint('https://issuer-a.example/', fetchFn)).toBe('https://issuer-a.example/authorize');
    expect(await authorizationEndpoint('https://issuer-a.example', fetchFn)).toBe('https://issuer-a.example/authorize');
    expect(calls).toBe(1);
  });

  it('falls back to Google’s path when discovery fails', async () => {
    const failing = (async () => new Response('down', { status: 503 })) as typeof fetch;
    expect(await authorizationEndpoint('https://issuer-b.example', failing)).toBe('https://issuer-b.example/o/oauth2/v2/auth');
  });

  it('offers a provider only when the server can verify it, and never the app secret', async () => {
    const config = await socialConfig({
      GOOGLE_ISSUER: 'https://issuer-c.example',
      FACEBOOK_APP_ID: 'app',
      FACEBOOK_GRAPH_URL: 'https://graph.example',
      FACEBOOK_DIALOG_URL: 'https://fb.example/dialog',
    });
    expect(config).toEqual({ google: null, facebook: null });
    const both = await socialConfig({
      GOOGLE_CLIENT_ID: 'client',
      GOOGLE_ISSUER: 'https://issuer-b.example',
      FACEBOOK_APP_ID: 'app',
      FACEBOOK_APP_SECRET: 'secret',
      FACEBOOK_GRAPH_URL: 'https://graph.example',
      FACEBOOK_DIALOG_URL: 'https://fb.example/dialog',
    });
    expect(both.google?.clientId).toBe('client');
    expect(both.facebook).toEqual({ appId: 'app', dialogUrl: 'https://fb.example/dialog', graphUrl: 'https://graph.example' });
    expect(JSON.stringify(both)).not.toContain('secret');
  });
});
