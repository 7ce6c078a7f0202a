import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/support/test-db';
import { searchWords } from '../db/schema';
import { mulberry32 } from '../db/seed/seed';
import { allSearchWords, similarWords } from './catalog-repository-places';
import { NearWords, trigrams } from './near-words';

/**
 * Near words computed in memory against pg_trgm's own answers (catalog-repository-places.ts similarWords),
 * on both engines: a dictionary of words that share many trigrams (a few letters, digits, one to fourteen
 * characters) and tokens that are typos of them, other words, and words of one or two letters.
 */

const random = mulberry32(20_261_207);
const letters = 'aeiknorst0123';
const word = (length: number) => Array.from({ length }, () => letters[Math.floor(random() * letters.length)]).join('');
const DICTIONARY = [...new Set([...Array.from({ length: 400 }, () => word(3 + Math.floor(random() * 12))), 'koncert', 'koncerti', 'konsert', 'pozoriste', 'beograd', 'novisad', 'dzez', 'rok'])];
const typo = (text: string) => {
  const at = Math.floor(random() * (text.length - 1));
  return text.slice(0, at) + text[at + 1] + text[at] + text.slice(at + 2);
};
const TOKENS = [...DICTIONARY.slice(0, 60).map(typo), ...DICTIONARY.slice(60, 80), ...Array.from({ length: 30 }, () => word(2 + Math.floor(random() * 10))), 'a', 'k1', 'konsret', 'pzoriste', 'zzz'];

describeEachDatabase('near words in memory', (database) => {
  beforeAll(async () => {
    await database().db.insert(searchWords).values(DICTIONARY.map((text) => ({ word: text }))).onConflictDoNothing();
  });

  it("has pg_trgm's trigrams of a text: padded words split at anything but letters and digits, each trigram once", async () => {
    for (const text of ['ab', 'a', 'koncert', 'a-b', 'Rock n roll 2026', 'aaaa']) {
      const result = (await database().db.execute(sql`SELECT show_trgm(${text}) AS t`)) as unknown as { rows: { t: string[] }[] };
      expect(trigrams(text), text).toEqual([...result.rows[0]!.t].sort());
    }
  });

  it("finds the near words PostgreSQL finds, in its order, for every token and bound", async () => {
    const near = NearWords.of(await allSearchWords(database().db))!;
    expect(near).not.toBeNull();
    for (const minSimilarity of [0.35, 0.5]) {
      // A limit no token reaches: PostgreSQL's nearest-neighbour walk breaks ties at a smaller one either way.
      const rows = await similarWords(database().db, TOKENS, { perWord: 1_000, minSimilarity });
      let found = 0;
      for (const token of TOKENS) {
        const expected = rows.filter((row) => row.token === token).map((row) => row.similar);
        found += expected.length;
        expect(near.similar(token, { limit: 1_000, minSimilarity }), `${token} at ${minSimilarity}`).toEqual(expected);
      }
      expect(found).toBeGreaterThan(TOKENS.length / 3);
    }
  });

  it('keeps the nearest within the limit, and leaves what is beyond ASCII to PostgreSQL', async () => {
    const near = NearWords.of(await allSearchWords(database().db))!;
    const all = near.similar('konsret', { limit: 1_000, minSimilarity: 0.1 })!;
    expect(all.length).toBeGreaterThan(3);
    expect(near.similar('konsret', { limit: 3, minSimilarity: 0.1 })).toEqual(all.slice(0, 3));
    expect(near.similar('кон', { limit: 6, minSimilarity: 0.35 })).toBeUndefined();
    expect(NearWords.of(['koncert', 'čas'])).toBeNull();
  });
});
