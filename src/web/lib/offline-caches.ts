/**
 * The caches of the service worker (src/web/sw/service-worker.ts), by name, shared with the page so that
 * sign-out can delete the private part. Names only: the rules of what goes where are the worker's own
 * (src/web/sw/offline-rules.ts).
 */

/** Public pages and their route data (React Router's `.data` requests): the same bytes for every reader. */
export const PAGES_CACHE = 'kuda-pages';
/** Public catalogue API answers (the listing, categories, cities…): cached only when they say `public`. */
export const LISTINGS_CACHE = 'kuda-listings';
/** Event and venue pictures the listings showed (demo images and uploads): a bounded, public cache. */
export const IMAGES_CACHE = 'kuda-images';
/**
 * The signed-in person's own pages (my reservations, one reservation). Only one person's at a time: the
 * page deletes it on sign-out and when someone else signs in (private-data.ts).
 */
export const PRIVATE_PAGES_CACHE = 'kuda-private-pages';
/** Every cache whose name starts so holds someone's private pages. */
export const PRIVATE_CACHE_PREFIX = 'kuda-private-';

/** How long a navigation waits for the network before the cached copy is shown (a door's weak signal). */
export const NETWORK_TIMEOUT_SECONDS = 3;

/** The message a page sends to ask whether it was served from the cache, and the answer's type. */
export const SERVED_FROM_CACHE_QUESTION = 'kuda:served-from-cache?';
export const SERVED_FROM_CACHE = 'kuda:served-from-cache';
export interface ServedFromCacheMessage {
  type: typeof SERVED_FROM_CACHE;
  /** When the shown copy was fetched (its Date header), epoch milliseconds; null when it was not from a cache. */
  savedAt: number | null;
}
