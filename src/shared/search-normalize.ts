/**
 * One search normalisation for indexing and for queries (DESIGN §5), so that "koncert", "Koncert" and
 * "концерт" meet, "Beograd" finds "Београд" and "dzez" finds "džez".
 *
 * The database indexes with `kuda_normalize(text)` (migration 0009, replacing 0004's), which performs
 * exactly these steps in the same order; `search-normalize-sql.test.ts` checks both agree. Change both
 * together, in a new migration that re-indexes.
 *
 * Both scripts fold to one canonical Latin form. Where the usual Latin transliterations of Russian and
 * Ukrainian disagree with a letter-by-letter reading, the form keeps what they share: и, ы, і, й, ј,
 * Latin i, y and j are all "i" (Mykola/Микола, Krym/Крым, Serhiy/Сергій), г and Latin h are both "g"
 * (Ukrainian г is written h: Serhiy/Сергій), ц and Latin ts are both "c" (kontsert/концерт).
 *
 * 1. Letters that become two Latin letters: Serbian ђ/đ → dj, љ → lj, њ → nj, џ → dz; Ukrainian є → je,
 *    ї → ji; ю → ju, я → ja; щ → sc (as Latin "shch" ends up in step 5); ß → ss, æ → ae, œ → oe.
 * 2. Cyrillic letters one to one, in one scheme for Serbian, Russian and Ukrainian: ж → z, ш → s,
 *    ч/ћ → c, ц → c, х → h, й/ј → j, и/і/ы → i, г/ґ → g, э/ё → e; ь, ъ and apostrophes disappear;
 *    ø → o, ł → l.
 * 3. Diacritics removed (č ć š ž é ü … → c c s z e u).
 * 4. Lower case (A–Z; anything else still not a–z is dropped in step 6).
 * 5. Spelling variants folded, in this order: "tch" opening a word → c (Tchaikovsky); zh → z, sh → s,
 *    ch → c, kh → h, so "dzhaz" meets "джаз" and "shou" meets "шоу"; h → g; ts before a letter → c
 *    (not at a word's end, where it is usually an English plural: "concerts"); y and j → i; a run of
 *    i → one i (Kyiv/Київ, Chaikovskii/Чайковский/Tchaikovsky).
 * 6. Anything but a–z and 0–9 becomes one space; no leading or trailing space.
 */

const MULTI: ReadonlyArray<readonly [string, string]> = [
  ['Ђ', 'dj'],
  ['ђ', 'dj'],
  ['Đ', 'dj'],
  ['đ', 'dj'],
  ['Љ', 'lj'],
  ['љ', 'lj'],
  ['Њ', 'nj'],
  ['њ', 'nj'],
  ['Џ', 'dz'],
  ['џ', 'dz'],
  ['Є', 'je'],
  ['є', 'je'],
  ['Ї', 'ji'],
  ['ї', 'ji'],
  ['Ю', 'ju'],
  ['ю', 'ju'],
  ['Я', 'ja'],
  ['я', 'ja'],
  ['Щ', 'sc'],
  ['щ', 'sc'],
  ['ß', 'ss'],
  ['Æ', 'ae'],
  ['æ', 'ae'],
  ['Œ', 'oe'],
  ['œ', 'oe'],
];

/** Step 2 as parallel strings, exactly the arguments of SQL translate(); letters past TO's end are deleted. */
export const TRANSLATE_FROM =
  'АБВГҐДЕЁЖЗИІЙЈКЛМНОПРСТЋУФХЦЧШЫЭабвгґдеёжзиійјклмнопрстћуфхцчшыэØøŁłЬЪьъ\'’ʼ`';
export const TRANSLATE_TO = 'abvggdeezziijjklmnoprstcufhccsieabvggdeezziijjklmnoprstcufhccsieooll';

const TRANSLATE = new Map<string, string>();
for (let i = 0; i < TRANSLATE_FROM.length; i += 1) TRANSLATE.set(TRANSLATE_FROM[i]!, TRANSLATE_TO[i] ?? '');

const FOLDS: ReadonlyArray<readonly [string, string]> = [
  ['zh', 'z'],
  ['sh', 's'],
  ['ch', 'c'],
  ['kh', 'h'],
  ['h', 'g'],
];

export function normalizeForSearch(input: string): string {
  let text = input;
  for (const [from, to] of MULTI) text = text.replaceAll(from, to);
  let translated = '';
  for (const char of text) translated += TRANSLATE.has(char) ? TRANSLATE.get(char)! : char;
  text = translated
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    // ASCII only, as SQL's translate() does: lower() would depend on the database's locale.
    .replace(/[A-Z]+/g, (letters) => letters.toLowerCase())
    .replace(/(^|[^a-z])tch/g, '$1c');
  for (const [from, to] of FOLDS) text = text.replaceAll(from, to);
  text = text
    .replace(/ts([a-z])/g, 'c$1')
    .replace(/[yj]/g, 'i')
    .replace(/i+/g, 'i');
  return text.replace(/[^a-z0-9]+/g, ' ').trim();
}

/** The words of a normalised query, in order, without repeats. */
export function searchTokens(input: string): string[] {
  return [...new Set(normalizeForSearch(input).split(' ').filter(Boolean))];
}
