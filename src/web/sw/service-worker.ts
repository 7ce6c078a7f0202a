/// <reference lib="webworker" />
/**
 * Kuda's service worker (issue #12 "Install and offline", DESIGN §15; docs/decisions/0015-service-worker.md). Built by
 * vite-plugin-pwa's injectManifest from this file to /sw.js; the page registers it after its load event
 * (src/web/pwa), so no page's first load grows.
 *
 * - App shell: every built script, style, font and icon is precached under its content revision.
 * - Pictures of the listings: cache first, a bounded number.
 * - Public pages, their route data and the public listing API: network first, the cached copy after
 *   NETWORK_TIMEOUT_SECONDS or when there is no network.
 * - The signed-in person's reservation pages: the same, in a cache of their own that the page deletes on
 *   sign-out. Their data (with the QR code) comes from the API, which is never cached (no-store); the page
 *   keeps the person's accepted reservations itself (features/reservations/offline-reservations.ts).
 * - Nothing marked `no-store` is ever stored, nor anything `private` in a shared cache (storable-response.ts).
 * - Updates: a new release's worker takes over at once (skipWaiting + clientsClaim) and deletes the old
 *   precache; see the decision record for why no "reload" prompt.
 */
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  IMAGES_CACHE,
  LISTINGS_CACHE,
  NETWORK_TIMEOUT_SECONDS,
  PAGES_CACHE,
  PRIVATE_PAGES_CACHE,
  SERVED_FROM_CACHE,
  SERVED_FROM_CACHE_QUESTION,
  type ServedFromCacheMessage,
} from '../lib/offline-caches';
import { offlineKind } from './offline-rules';
import { storableResponsePlugin } from './storable-response';
import { installPushHandlers } from './push-handlers';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// Web Push (issue #12): reminders and status changes shown as notifications; a tap opens their page.
installPushHandlers(self, { icon: '/icons/icon-192.png' });

/** Pages that were opened from the cache, by the client (tab) they became: the page asks after it loads. */
const servedFromCache = new Map<string, number>();

function savedAt(response: Response): number {
  const date = Date.parse(response.headers.get('date') ?? '');
  return Number.isFinite(date) ? date : Date.now();
}

/** Notes when a cached copy is shown (NetworkFirst reads its cache only when the network failed). */
const rememberServedFromCache: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse, event, request }) => {
    if (!cachedResponse) return cachedResponse;
    const fetchEvent = event as FetchEvent;
    const at = savedAt(cachedResponse);
    if (request.mode === 'navigate' && fetchEvent.resultingClientId) {
      servedFromCache.set(fetchEvent.resultingClientId, at);
      if (servedFromCache.size > 50) servedFromCache.delete(servedFromCache.keys().next().value!);
    } else if (fetchEvent.clientId) {
      // Route data or a listing read for a page already open: tell it now.
      const client = await self.clients.get(fetchEvent.clientId);
      client?.postMessage({ type: SERVED_FROM_CACHE, savedAt: at } satisfies ServedFromCacheMessage);
    }
    return cachedResponse;
  },
};

const networkFirst = (cacheName: string, plugins: WorkboxPlugin[]) =>
  new NetworkFirst({ cacheName, networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS, plugins: [...plugins, rememberServedFromCache] });

const publicPages = networkFirst(PAGES_CACHE, [storableResponsePlugin(), new ExpirationPlugin({ maxEntries: 60, purgeOnQuotaError: true })]);
const listings = networkFirst(LISTINGS_CACHE, [storableResponsePlugin(), new ExpirationPlugin({ maxEntries: 80, purgeOnQuotaError: true })]);
const privatePages = networkFirst(PRIVATE_PAGES_CACHE, [
  storableResponsePlugin({ personal: true }),
  new ExpirationPlugin({ maxEntries: 30, purgeOnQuotaError: true }),
]);

// Pictures rarely change under one address (uploads are content-addressed; the demo's files change only with
// a new demo set): the first copy serves until it expires or is evicted; a bounded number, so that offline
// listings keep their pictures.
const images = new CacheFirst({
  cacheName: IMAGES_CACHE,
  plugins: [storableResponsePlugin(), new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })],
});

const sameOriginGet = (request: Request, url: URL) => request.method === 'GET' && url.origin === self.location.origin;
registerRoute(({ request, url }) => sameOriginGet(request, url) && offlineKind(url) === 'public-page', publicPages);
registerRoute(({ request, url }) => sameOriginGet(request, url) && offlineKind(url) === 'private-page', privatePages);
registerRoute(({ request, url }) => sameOriginGet(request, url) && offlineKind(url) === 'listing-api', listings);
registerRoute(({ request, url }) => sameOriginGet(request, url) && offlineKind(url) === 'image', images);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: unknown } | null;
  if (data?.type !== SERVED_FROM_CACHE_QUESTION || !(event.source instanceof Client)) return;
  const at = servedFromCache.get(event.source.id) ?? null;
  servedFromCache.delete(event.source.id);
  event.source.postMessage({ type: SERVED_FROM_CACHE, savedAt: at } satisfies ServedFromCacheMessage);
});
