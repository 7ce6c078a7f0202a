import { normalizeForSearch } from './search-normalize';
import { serbianToLatin } from './serbian-latin';

/**
 * The one slug rule of Kuda's addresses (events, venues, the demo data): ASCII kebab-case from text in any
 * of the four languages, whatever script it was typed in (Serbian Cyrillic becomes Latin, č→c, đ→dj;
 * Russian and Ukrainian letters Serbian lacks are spelled as the search form spells them), `&` read as "i",
 * at most `max` characters, cut at a word boundary where one is near. Empty when nothing is left: the
 * caller names its own fallback.
 */
export function slugify(text: string, max = 80): string {
  const latin = serbianToLatin(text)
    .replace(/[đĐ]/g, 'dj')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  const ascii = latin
    .replace(/[^ -~]+/g, (rest) => ` ${normalizeForSearch(rest)} `)
    .replace(/&/g, ' i ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (ascii.length <= max) return ascii;
  const cut = ascii.slice(0, max + 1);
  const lastDash = cut.lastIndexOf('-');
  return (lastDash > 20 ? cut.slice(0, lastDash) : ascii.slice(0, max)).replace(/-+$/g, '');
}
