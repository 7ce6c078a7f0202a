import createCache from '@emotion/cache';

/**
 * One cache per server request and one in the browser, with the same key so hydration reuses the styles.
 * No nonce: style-src allows inline styles (emotion adds style tags in the browser as components mount),
 * and a guest page must be the same bytes for everyone (server/web/page-cache.ts).
 */
export function createEmotionCache() {
  return createCache({ key: 'css', prepend: true });
}
