import { CONSENT_COOKIE } from './constants';

/**
 * The analytics consent cookie (spec §2), read by the server (the page cache keys guest pages by it, the
 * root loader hands it to the banner) and written by the browser. Pure: no React, no DOM.
 */
export type ConsentChoice = 'accepted' | 'declined';
export type Consent = ConsentChoice | null;

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const CONSENT_VALUE = new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=(accepted|declined)(?:;|$)`);

/** The choice a Cookie header carries, or null when none (or an unknown value) was made. */
export function parseConsent(cookieHeader: string | null | undefined): Consent {
  const match = cookieHeader ? CONSENT_VALUE.exec(cookieHeader) : null;
  return (match?.[1] as ConsentChoice | undefined) ?? null;
}

/** A `document.cookie` assignment that remembers the choice for a year, or forgets it (null). */
export function serializeConsent(choice: ConsentChoice | null, { secure }: { secure: boolean }): string {
  const value = choice ?? '';
  const maxAge = choice ? ONE_YEAR_SECONDS : 0;
  return `${CONSENT_COOKIE}=${value}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}
