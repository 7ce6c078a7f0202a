import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * How the server marks the page's style elements (emotion-server.ts, `inPlaceStyleTags`): `data-s` and a key
 * of its own instead of Emotion's `css`, so that no Emotion cache in the browser finds them to "hydrate".
 * Emotion hydrates a style element by moving it (`insertBefore`, even to where it already is; @emotion/react
 * also builds a default cache of its own that does the same), and a style element taken out of the document
 * and put back makes Chromium match every rule of the page again: on the home page three such recalculations
 * of every element drawn, 25–70 ms each at a phone's speed, while the page was becoming interactive
 * (docs/performance.md, "style elements left in place").
 */
export const IN_PLACE_KEY = 'css-ssr';

/**
 * One cache per server request and one in the browser, with the same key so hydration reuses the styles.
 * No nonce: style-src allows inline styles (emotion adds style tags in the browser as components mount),
 * and a guest page must be the same bytes for everyone (server/web/page-cache.ts). In the browser the
 * server's rules count as inserted without their elements being touched; rules the page adds later go into a
 * style element of their own after them, so they come later in the cascade, as with Emotion's own hydration.
 */
export function createEmotionCache(): EmotionCache {
  const cache = createCache({ key: 'css' });
  if (typeof document === 'undefined') return cache;
  for (const node of document.querySelectorAll(`style[data-emotion^="${IN_PLACE_KEY} "]`)) {
    for (const name of node.getAttribute('data-emotion')!.split(' ').slice(1)) cache.inserted[name] = true;
  }
  return cache;
}
