/**
 * The venues' words in memory, for the venues a search shows (catalog-repository-places.ts searchVenues):
 * the venues whose words match the plan's widened words, those matching its words themselves first, each
 * tier by name. Read with the search index (search-index.ts), as fresh as it; a first search of a word
 * asked PostgreSQL a statement of its own for them.
 *
 * The rows arrive in searchVenues' order within a tier (name, then id, in the database's collation), and
 * a venue's position is its place in that order, so a tier read in position order is in that order too.
 * `venue-index.test.ts` compares the two on both engines.
 */
import type { venueIndexRows } from './catalog-repository-places';
import { type Postings, PostingsBuilder, wordsMatch } from './search-index-snapshot';
import type { QueryPlan } from './search-plan';

type VenueIndexRow = Awaited<ReturnType<typeof venueIndexRows>>[number];
/** A venue as searchVenues answers it. */
export type VenueMatch = Omit<VenueIndexRow, 'words'> & { tier: number };

export class VenueIndex {
  private constructor(
    private readonly venues: readonly VenueMatch[],
    private readonly postings: Postings,
  ) {}

  /** `rows` in searchVenues' order within a tier (venueIndexRows reads them so). */
  static of(rows: readonly VenueIndexRow[]): VenueIndex {
    const builder = new PostingsBuilder();
    rows.forEach((row, position) => builder.add(position, row.words));
    const venues = rows.map(({ words: _words, ...venue }) => ({ ...venue, tier: 0 }));
    return new VenueIndex(venues, builder.finish(Int32Array.from(rows.keys())));
  }

  /** Up to `limit` venues matching the plan, as searchVenues orders them (tier, name, id). */
  search(plan: QueryPlan, limit: number): VenueMatch[] {
    const words = (this.venues.length + 31) >>> 5;
    const [strict, widened, exact, near] = Array.from({ length: 4 }, () => new Uint32Array(words)) as [Uint32Array, Uint32Array, Uint32Array, Uint32Array];
    wordsMatch(plan, this.postings, { strict, widened, exact, near });
    const found: VenueMatch[] = [];
    for (const tier of [0, 1]) {
      for (let position = 0; position < this.venues.length && found.length < limit; position += 1) {
        const word = position >>> 5;
        const mask = 1 << (position & 31);
        if ((widened[word]! & mask) === 0 || ((strict[word]! & mask) !== 0) !== (tier === 0)) continue;
        found.push({ ...this.venues[position]!, tier });
      }
    }
    return found;
  }
}
