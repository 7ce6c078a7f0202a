import { IN_PLACE_KEY } from './emotion';

/**
 * The server's style tags, marked to stay where they are in the browser (lib/emotion.ts, IN_PLACE_KEY): kept
 * apart from the browser's cache so that the first load does not carry it.
 */
export function inPlaceStyleTags(tags: string): string {
  return tags.replace(/<style data-emotion="css(-global)? /g, (_tag, global: string | undefined) => `<style data-s="" data-emotion="${global ? 'css-global' : IN_PLACE_KEY} `);
}
