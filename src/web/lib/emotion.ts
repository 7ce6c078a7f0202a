import createCache from '@emotion/cache';

/** One cache per server request and one in the browser, with the same key so hydration reuses the styles. */
export function createEmotionCache(nonce?: string) {
  return createCache({ key: 'css', nonce, prepend: true });
}
