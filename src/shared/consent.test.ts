import { describe, expect, it } from 'vitest';
import { parseConsent, serializeConsent } from './consent';
import { CONSENT_COOKIE } from './constants';

describe('consent cookie', () => {
  it.each([
    [`${CONSENT_COOKIE}=accepted`, 'accepted'],
    [`other=1; ${CONSENT_COOKIE}=declined; more=2`, 'declined'],
    [`${CONSENT_COOKIE}=maybe`, null],
    [`${CONSENT_COOKIE}=acceptedx`, null],
    [`x${CONSENT_COOKIE}=accepted`, null],
    ['', null],
    [undefined, null],
  ])('reads %s as %s', (header, consent) => {
    expect(parseConsent(header)).toBe(consent);
  });

  it('remembers a choice for a year and reads it back', () => {
    const cookie = serializeConsent('accepted', { secure: true });
    expect(cookie).toBe(`${CONSENT_COOKIE}=accepted; Max-Age=31536000; Path=/; SameSite=Lax; Secure`);
    expect(parseConsent(cookie.split(';')[0])).toBe('accepted');
  });

  it('forgets a choice with an expired, empty cookie', () => {
    expect(serializeConsent(null, { secure: false })).toBe(`${CONSENT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`);
  });
});
