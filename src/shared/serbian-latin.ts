/**
 * Serbian Cyrillic → Serbian Latin (gajica), letter for letter: the Serbian site is written in Latin, so
 * Serbian text typed in Cyrillic (an organizer's event text) is shown in Latin on Serbian pages (DESIGN §14).
 * Search needs none of this: it folds both scripts to one form (search-normalize.ts).
 */
const LETTERS: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', ђ: 'đ', е: 'e', ж: 'ž', з: 'z', и: 'i', ј: 'j', к: 'k', л: 'l',
  љ: 'lj', м: 'm', н: 'n', њ: 'nj', о: 'o', п: 'p', р: 'r', с: 's', т: 't', ћ: 'ć', у: 'u', ф: 'f', х: 'h',
  ц: 'c', ч: 'č', џ: 'dž', ш: 'š',
};

const SERBIAN_CYRILLIC = /[ЀЂЃЅІЈЉЊЋЌЍЏА-Шђѓѕіјљњћќѝџа-ш]/;
const LETTER = /[ЂЈЉЊЋЏА-Шђјљњћџа-ш]/g;

export function hasSerbianCyrillic(text: string): boolean {
  return SERBIAN_CYRILLIC.test(text);
}

export function serbianToLatin(text: string): string {
  if (!hasSerbianCyrillic(text)) return text;
  return text.replace(LETTER, (letter, offset: number, whole: string) => {
    const lower = letter.toLowerCase();
    const latin = LETTERS[lower] ?? letter;
    if (letter === lower) return latin;
    // A capital digraph (Љ, Њ, Џ) is "LJ" inside a word written in capitals, "Lj" otherwise.
    const next = whole[offset + 1] ?? '';
    const allCaps = next !== '' && next === next.toUpperCase() && next !== next.toLowerCase();
    return allCaps ? latin.toUpperCase() : latin.charAt(0).toUpperCase() + latin.slice(1);
  });
}
