import { LOCALES } from '../../shared/locales';

/**
 * What the service worker (src/web/sw/service-worker.ts) keeps for offline use, shared with the page so
 * that sign-out can delete the private part by name. No imports beyond the locale list: the service worker
 * bundles this file.
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

const LANG = `(?:/(?:${LOCALES.join('|')}))?`;
/** Pages everyone sees alike, worth showing offline: home, categories, events, venues, search, site pages. */
const PUBLIC_PAGE = new RegExp(`^${LANG}(?:/|/(?:categories|events|venues)/[^/]+(?:/[^/]+)?|/(?:search|about|privacy-policy|terms|contact|menu))?/?$`);
/** The signed-in person's reservations (their QR codes are opened at the door, maybe without a signal). */
const PRIVATE_PAGE = new RegExp(`^${LANG}/(?:reservations|reservation/\\d+)/?$`);
/** The public catalogue reads of DESIGN §10 the listing pages call from the browser. */
const LISTING_API = /^\/api\/v1\/(?:events(?:\/home|\/map|\/\d+)?|categories|tags|cities|venues\/\d+|search(?:\/suggest)?)$/;

/** The page a React Router data request (`/sr/events/x.data`, `/sr/_root.data`, `/_root.data`) belongs to. */
export function pagePath(pathname: string): string {
  if (!pathname.endsWith('.data')) return pathname;
  const page = pathname.slice(0, -'.data'.length);
  return page.endsWith('/_root') ? page.slice(0, -'_root'.length) || '/' : page;
}

/** Public pictures: the demo's event images and uploaded media (content-addressed). */
const IMAGE = /^\/(?:images|media)\//;

export type OfflineKind = 'public-page' | 'private-page' | 'listing-api' | 'image' | null;

/** Which offline rule a same-origin GET falls under; null: network only, never stored. */
export function offlineKind(url: URL): OfflineKind {
  if (url.pathname.startsWith('/api/')) return LISTING_API.test(url.pathname) ? 'listing-api' : null;
  if (IMAGE.test(url.pathname)) return 'image';
  const page = pagePath(url.pathname);
  if (PRIVATE_PAGE.test(page)) return 'private-page';
  if (PUBLIC_PAGE.test(page)) return 'public-page';
  return null;
}
