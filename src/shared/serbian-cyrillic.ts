/**
 * Serbian Latin (gajica) → Serbian Cyrillic, the other way of serbian-latin.ts: the search page offers
 * "the same words in the other script". A module of its own because serbian-latin.ts is in every page's
 * first load (locales.ts uses it) and this is needed by the search page only.
 */
const DIGRAPHS: Record<string, string> = { lj: 'љ', nj: 'њ', dž: 'џ', dj: 'ђ' };
const LETTERS: Record<string, string> = {
  a: 'а', b: 'б', v: 'в', g: 'г', d: 'д', đ: 'ђ', e: 'е', ž: 'ж', z: 'з', i: 'и', j: 'ј', k: 'к', l: 'л',
  m: 'м', n: 'н', o: 'о', p: 'п', r: 'р', s: 'с', t: 'т', ć: 'ћ', u: 'у', f: 'ф', h: 'х', c: 'ц', č: 'ч', š: 'ш',
};
const LATIN = /(?:lj|nj|dž|dj|[a-zđžćčš])/giu;

export function hasLatinLetters(text: string): boolean {
  return /[a-zđžćčš]/i.test(text);
}

/** Letter for letter; letters Serbian does not use (q, w, x, y) stay as they are. */
export function serbianToCyrillic(text: string): string {
  return text.replace(LATIN, (match) => {
    const lower = match.toLowerCase();
    const cyrillic = DIGRAPHS[lower] ?? LETTERS[lower] ?? match;
    return match[0] === lower[0] ? cyrillic : cyrillic.toUpperCase();
  });
}
