// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createEmotionCache } from './emotion';
import { inPlaceStyleTags } from './emotion-server';

afterEach(() => {
  document.head.innerHTML = '';
});

/** What Emotion's server writes for a page: its global styles, then the rules of the page's elements. */
const SERVER_TAGS =
  '<style data-emotion="css-global 1o1i29v">html{color:red}</style><style data-emotion="css ab12 cd34">.css-ab12{color:blue}.css-cd34{margin:0}</style>';

describe('the page’s style elements', () => {
  it('are marked by the server to stay where they are', () => {
    expect(inPlaceStyleTags(SERVER_TAGS)).toBe(
      '<style data-s="" data-emotion="css-global 1o1i29v">html{color:red}</style><style data-s="" data-emotion="css-ssr ab12 cd34">.css-ab12{color:blue}.css-cd34{margin:0}</style>',
    );
  });

  it('are not moved by the browser’s cache, which counts their rules as inserted and adds new ones after them', () => {
    document.head.innerHTML = `<meta charset="utf-8">${inPlaceStyleTags(SERVER_TAGS)}`;
    const moved: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) for (const node of record.removedNodes) moved.push(node.nodeName);
    });
    observer.observe(document.head, { childList: true });
    const cache = createEmotionCache();
    expect(cache.inserted).toMatchObject({ ab12: true, cd34: true });
    cache.insert('.css-ef56', { name: 'ef56', styles: 'color:green;', next: undefined }, cache.sheet, true);
    expect(observer.takeRecords().flatMap((record) => [...record.removedNodes].map((node) => node.nodeName))).toEqual([]);
    observer.disconnect();
    expect(moved).toEqual([]);
    const styles = [...document.head.querySelectorAll('style')].map((node) => node.getAttribute('data-emotion')!.split(' ')[0]);
    // The new rule's element comes last: later in the cascade than the server's rules, as with Emotion's own hydration.
    expect(styles).toEqual(['css-global', 'css-ssr', 'css']);
  });
});
