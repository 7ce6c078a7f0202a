import { LOCALES } from '../../shared/locales';

/** Which requests the service worker keeps for offline use, and in which of its caches (lib/offline-caches.ts). */

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
