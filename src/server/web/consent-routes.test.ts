import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConsent, serializeConsent } from '../../shared/consent';
import { consentRoutes, sameOriginPath } from './consent-routes';

// The route touches no database, so it is built on its own (no migrated template to clone); the browser
// journey in tests/e2e/before-hydration.spec.ts goes through the whole app.
const app = Fastify({ trustProxy: true });

beforeAll(async () => {
  await app.register(consentRoutes);
  await app.ready();
});
afterAll(() => app.close());

function post(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/consent',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

describe('POST /consent', () => {
  it('remembers the choice in the same cookie the banner writes and sends the reader back with 303', async () => {
    const response = await post({ choice: 'accepted', back: '/uk/events/jazz-7?x=1' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/uk/events/jazz-7?x=1');
    expect(response.headers['set-cookie']).toBe(serializeConsent('accepted', { secure: false }));
    expect(response.headers['set-cookie']).toBe('kuda_consent=accepted; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('marks the cookie Secure when the page was served over https, and remembers a decline', async () => {
    const response = await post({ choice: 'declined', back: '/sr/' }, { 'x-forwarded-proto': 'https' });
    expect(response.headers['set-cookie']).toBe('kuda_consent=declined; Max-Age=31536000; Path=/; SameSite=Lax; Secure');
    expect(parseConsent(String(response.headers['set-cookie']))).toBe('declined');
  });

  it('refuses to send anyone off the site, falling back to the home page', async () => {
    for (const back of ['https://evil.example/', '//evil.example/x', '/\\evil.example', '\\\\evil.example', 'javascript:alert(1)', 'sr/events', '/%0d%0aLocation:x', '']) {
      const response = await post({ choice: 'accepted', back });
      expect(response.statusCode, back).toBe(303);
      expect(response.headers.location, back).toMatch(/^\/(?!\/)/);
      expect(response.headers.location, back).not.toContain('evil');
    }
  });

  it('sets no cookie for an unknown choice, yet still returns the reader to the page', async () => {
    const response = await post({ choice: 'maybe', back: '/en/search' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/en/search');
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

describe('sameOriginPath', () => {
  it.each([
    ['/en/about', '/en/about'],
    ['/sr/categories/koncerti?reservable=1', '/sr/categories/koncerti?reservable=1'],
    ['/en/../admin', '/admin'],
    ['//evil.example', '/'],
    ['/\t/evil.example', '/'],
    ['/a\r\nSet-Cookie: x=1', '/aSet-Cookie:%20x=1'],
    ['http://kuda.invalid/en', '/'],
    [null, '/'],
  ])('reads %j as %j', (back, expected) => {
    expect(sameOriginPath(back)).toBe(expected);
  });
});
