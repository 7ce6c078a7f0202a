/**
 * The remembered city (issue 11): the reader's choice of city, kept in a cookie so the server renders the
 * right city on the next visit. Read by the server (page loaders, and the guest page cache keys pages by
 * it) and written by the server's /city answer, which works before hydration and without JavaScript.
 * Pure: no React, no DOM.
 */
export const CITY_COOKIE = 'kuda_city';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
/** A city slug (as GET /cities names them); anything else in the cookie is ignored. */
const CITY_VALUE = new RegExp(`(?:^|;\\s*)${CITY_COOKIE}=([a-z0-9]+(?:-[a-z0-9]+)*)(?:;|$)`);

/** The city slug a Cookie header remembers, or null (none, or not a slug). Whether the city exists is the caller's check. */
export function parseCityCookie(cookieHeader: string | null | undefined): string | null {
  const match = cookieHeader ? CITY_VALUE.exec(cookieHeader) : null;
  return match?.[1] && match[1].length <= 80 ? match[1] : null;
}

/** A Set-Cookie value that remembers the city for a year, or forgets it (null: all cities). */
export function serializeCityCookie(city: string | null, { secure }: { secure: boolean }): string {
  return `${CITY_COOKIE}=${city ?? ''}; Max-Age=${city ? ONE_YEAR_SECONDS : 0}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}
