/**
 * Limits of the catalogue's queries (GET /events, search). The schemas enforce them; pages read them from
 * here, a module without zod, so that listing pages do not load zod into the browser (DESIGN §13).
 */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 24;
/** A venue page lists its events a dozen at a time, under the venue's own details. */
export const VENUE_PAGE_SIZE = 12;
export const DEFAULT_RADIUS_KM = 5;
export const MAX_RADIUS_KM = 100;
export const MAX_QUERY_LENGTH = 100;
