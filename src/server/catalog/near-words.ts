/**
 * The typo dictionary (`search_words`) in memory, for a search's near words: pg_trgm's similarity, as
 * catalog-repository-places.ts similarWords asks PostgreSQL for it, computed here. Every first search of a
 * word asked PostgreSQL a trigram nearest-neighbour query, 2–3 ms of its CPU each (planning and the GiST
 * walk), on the core the server shares with it (docs/performance.md). Read with the search index
 * (search-index.ts), so it is as fresh as the index; the dictionary only grows, and a word it lacks for
 * those seconds costs what a stale kept near word does.
 *
 * pg_trgm (trgm_op.c): a text is lower-cased and split into words at every character that is not a letter
 * or a digit; each word, padded with two spaces before and one after, gives its runs of three characters;
 * a text's trigrams are those of its words, each once. similarity = shared / (a + b − shared), a float4.
 * Only ASCII is computed here (normalised search words are ASCII, and pg_trgm's idea of a letter beyond it
 * follows the database's locale): a token or a dictionary beyond it is left to PostgreSQL.
 * `near-words.test.ts` compares the two on both engines.
 */

const isAscii = (text: string) => /^\p{ASCII}*$/u.test(text);
const SEPARATORS = /[^a-z0-9]+/;

/** pg_trgm's trigrams of an ASCII text, each once, sorted. */
export function trigrams(text: string): string[] {
  const found = new Set<string>();
  for (const word of text.toLowerCase().split(SEPARATORS)) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i += 1) found.add(padded.slice(i, i + 3));
  }
  return [...found].sort();
}

export class NearWords {
  /** Word ids per trigram. */
  private readonly postings = new Map<string, number[]>();
  /** Each word's count of distinct trigrams. */
  private readonly sizes: Int32Array;

  private constructor(private readonly words: readonly string[]) {
    this.sizes = new Int32Array(words.length);
    words.forEach((word, id) => {
      const own = trigrams(word);
      this.sizes[id] = own.length;
      for (const trigram of own) {
        const list = this.postings.get(trigram);
        if (list) list.push(id);
        else this.postings.set(trigram, [id]);
      }
    });
  }

  /** The dictionary in memory, or null where a word is beyond ASCII (PostgreSQL answers then). */
  static of(words: readonly string[]): NearWords | null {
    return words.every(isAscii) ? new NearWords(words) : null;
  }

  /**
   * The `limit` words nearest to `token` whose similarity reaches `minSimilarity`, the most similar first
   * and then by word, as similarWords reads them; undefined for a token beyond ASCII. (PostgreSQL's
   * nearest-neighbour walk breaks a tie at the limit either way; here the word decides.)
   */
  similar(token: string, input: { limit: number; minSimilarity: number }): string[] | undefined {
    if (!isAscii(token)) return undefined;
    const own = trigrams(token);
    const shared = new Map<number, number>();
    for (const trigram of own) {
      for (const id of this.postings.get(trigram) ?? []) shared.set(id, (shared.get(id) ?? 0) + 1);
    }
    // Compared as PostgreSQL compares them: similarity() is a float4, and so is the bound it meets.
    const bound = Math.fround(input.minSimilarity);
    const near: { word: string; similarity: number }[] = [];
    for (const [id, count] of shared) {
      const similarity = Math.fround(count / (own.length + this.sizes[id]! - count));
      if (similarity >= bound) near.push({ word: this.words[id]!, similarity });
    }
    near.sort((a, b) => b.similarity - a.similarity || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
    return near.slice(0, input.limit).map((entry) => entry.word);
  }
}
