/**
 * An in-memory index of the published events from yesterday on, for search (issue #13). At city scale a
 * search's cost was reading every matching event's row: its exact `total` (a common word matches tens of
 * thousands of events: 0.1–0.2 s of PostgreSQL per distinct query) and, for the relevance tiers, the
 * walk of the date index until a page is full. Here the same answer is a few bitset operations over the
 * events' lexemes and one pass over the matches: the count, and the ids of the page in the order the SQL
 * reads give (catalog-repository-search.ts); the cards are then read by id in one statement.
 *
 * What it holds is what `@@` matches against: each event's lexemes read from its stored search vector
 * (all of them, and those with a title weight), so a prefix query matches here exactly the rows it
 * matches there; `search-index.test.ts` compares counts and pages with the SQL reads on both engines.
 *
 * Freshness: a catalogue write on this instance drops the index at once (clear(), as it drops the other
 * search caches); another instance's writes show once the index is older than TOTAL_TTL_MS, the age the
 * kept counts and pages may reach, and it is then rebuilt in the background. While there is no index
 * young enough (the first search after a start, a write, a rebuild that failed), searches read the
 * database as before, so nothing waits for a load.
 */
import type { Db } from '../db/client';
import type * as repo from './catalog-repository';
import { searchIndexRows, type SearchIndexRow } from './catalog-repository-search';
import { TOTAL_TTL_MS, type QueryPlan } from './search-plan';

/** The index covers starts from this long before its load: "today" filters begin at midnight. */
const COVER_BEFORE_MS = 36 * 60 * 60 * 1000;
/** An index this old is not used at all (a rebuild that keeps failing): searches read the database. */
const MAX_AGE_MS = 4 * TOTAL_TTL_MS;
/** Rows per load statement, so an embedded engine answers other statements between chunks. */
const LOAD_CHUNK = 5_000;
const NONE = -1;

/** Flag bits of an event. */
const RESERVABLE = 1;
const FREE = 2;
const CANCELLED = 4;

/** A page's position: after this (tier,) start and id. */
export interface IndexAfter {
  rank?: number;
  at: Date;
  id: number;
}

/** The index's answer: the count (a series once) and the next ids in order, each with its relevance tier. */
export interface IndexAnswer {
  total: number;
  rows: { id: number; rank: number }[];
}

/** Sorted words and, per word, the ascending event positions holding it (compressed sparse rows). */
interface Postings {
  words: string[];
  offsets: Int32Array;
  positions: Int32Array;
}

/** The loaded index: events in (starts_at, id) order, one position each. */
class Snapshot {
  readonly size: number;
  readonly ids: Float64Array;
  readonly at: Float64Array;
  readonly series: Int32Array;
  readonly seriesCount: number;
  readonly category: Int32Array;
  readonly subcategory: Int32Array;
  readonly venue: Int32Array;
  readonly organizer: Int32Array;
  readonly flags: Uint8Array;
  readonly all: Postings;
  readonly title: Postings;

  constructor(
    rows: SearchIndexRow[],
    /** Starts before this are not held: a filter from earlier cannot be answered here. */
    readonly coveredFrom: number,
    readonly loadedAt: number,
  ) {
    const size = rows.length;
    this.size = size;
    this.ids = new Float64Array(size);
    this.at = new Float64Array(size);
    this.series = new Int32Array(size);
    this.category = new Int32Array(size);
    this.subcategory = new Int32Array(size);
    this.venue = new Int32Array(size);
    this.organizer = new Int32Array(size);
    this.flags = new Uint8Array(size);
    const seriesIndex = new Map<number, number>();
    rows.forEach((row, i) => {
      this.ids[i] = row.id;
      this.at[i] = row.at;
      if (row.seriesId === null) this.series[i] = NONE;
      else {
        let index = seriesIndex.get(row.seriesId);
        if (index === undefined) seriesIndex.set(row.seriesId, (index = seriesIndex.size));
        this.series[i] = index;
      }
      this.category[i] = row.categoryId;
      this.subcategory[i] = row.subcategoryId ?? NONE;
      this.venue[i] = row.venueId ?? NONE;
      this.organizer[i] = row.organizerId ?? NONE;
      this.flags[i] = (row.reservable ? RESERVABLE : 0) | (row.free ? FREE : 0) | (row.cancelled ? CANCELLED : 0);
    });
    this.seriesCount = seriesIndex.size;
    this.all = postings(rows.map((row) => row.words));
    this.title = postings(rows.map((row) => row.titleWords));
  }

  /** The first position whose start is at or after `ms`. */
  firstFrom(ms: number): number {
    let low = 0;
    let high = this.size;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.at[mid]! < ms) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** Events holding a word that starts with `prefix` (`prefix:*`), as a bitset over positions, or'ed into `into`. */
  prefixInto(postings: Postings, prefix: string, into: Uint32Array): void {
    const { words, offsets, positions } = postings;
    let low = 0;
    let high = words.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (words[mid]! < prefix) low = mid + 1;
      else high = mid;
    }
    for (let word = low; word < words.length && words[word]!.startsWith(prefix); word += 1) {
      for (let p = offsets[word]!; p < offsets[word + 1]!; p += 1) {
        const position = positions[p]!;
        into[position >>> 5]! |= 1 << (position & 31);
      }
    }
  }
}

/** Builds the postings of space-separated word lists, one per position. */
function postings(lists: string[]): Postings {
  const ids = new Map<string, number>();
  const perWord: number[][] = [];
  lists.forEach((list, position) => {
    if (list === '') return;
    for (const word of list.split(' ')) {
      if (word === '') continue;
      let id = ids.get(word);
      if (id === undefined) {
        id = ids.size;
        ids.set(word, id);
        perWord.push([]);
      }
      const held = perWord[id]!;
      // A word twice in one list (it cannot be, lexemes are unique) would only repeat a position.
      if (held[held.length - 1] !== position) held.push(position);
    }
  });
  // Sorted as strings compare (code units), so every prefix's words are one run found by binary search.
  const words = [...ids.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const offsets = new Int32Array(words.length + 1);
  let total = 0;
  words.forEach((word, i) => {
    offsets[i] = total;
    total += perWord[ids.get(word)!]!.length;
  });
  offsets[words.length] = total;
  const positions = new Int32Array(total);
  words.forEach((word, i) => positions.set(perWord[ids.get(word)!]!, offsets[i]!));
  return { words, offsets, positions };
}

/** AND of `into` with `other`. */
function and(into: Uint32Array, other: Uint32Array): void {
  for (let i = 0; i < into.length; i += 1) into[i]! &= other[i]!;
}

export class SearchIndex {
  private snapshot: Snapshot | null = null;
  private loading: Promise<void> | null = null;
  /** Bumped by clear(): a load that began before a write must not be used after it. */
  private generation = 0;

  constructor(private readonly deps: { db: Db; now: () => Date }) {}

  /** Forgets the index (after a catalogue write on this instance); the next search starts a new load. */
  clear(): void {
    this.generation += 1;
    this.snapshot = null;
  }

  /** Loads the index now (tests, and a warm-up); resolves once it is in place. */
  async load(): Promise<void> {
    this.startLoad();
    await this.loading;
  }

  /**
   * The count and the page after `after` (up to `limit` ids) for the plan's words under `filter`, in the
   * order `sort` names, exactly as the SQL reads would give them; null when the index cannot answer (not
   * loaded or too old, a filter it does not hold: tags, or a start before what it covers), and the caller
   * reads the database.
   */
  answer(input: { plan: QueryPlan; filter: repo.EventFilter; sort: 'relevance' | 'soonest'; after?: IndexAfter; limit: number }): IndexAnswer | null {
    const snapshot = this.current();
    const { filter } = input;
    if (!snapshot || filter.tagIds || filter.from.getTime() < snapshot.coveredFrom) return null;
    const words = (plan: QueryPlan, postings: Postings, widened: boolean): Uint32Array => {
      const result = new Uint32Array((snapshot.size + 31) >>> 5);
      plan.tokens.forEach((token, i) => {
        const bits = i === 0 ? result : new Uint32Array(result.length);
        snapshot.prefixInto(postings, token, bits);
        if (widened) for (const near of plan.alternatives.get(token) ?? []) if (!near.startsWith(token)) snapshot.prefixInto(postings, near, bits);
        if (i > 0) and(result, bits);
      });
      return result;
    };
    const { plan } = input;
    const widened = plan.expanded !== plan.strict;
    const expanded = words(plan, snapshot.all, widened);
    const strictTitle = words(plan, snapshot.title, false);
    const strict = widened ? words(plan, snapshot.all, false) : expanded;
    const expandedTitle = widened ? words(plan, snapshot.title, true) : strictTitle;

    // Pass 1: the matches under the filter, in (starts_at, id) order, each with its tier; and per series
    // the position that stands for it: its best tier's earliest date (relevance) or its earliest (soonest).
    const start = snapshot.firstFrom(filter.from.getTime());
    const end = filter.to ? snapshot.firstFrom(filter.to.getTime()) : snapshot.size;
    const venues = filter.venueIds ? new Set(filter.venueIds.map(Number)) : null;
    const matches: number[] = [];
    const tiers: number[] = [];
    const best = new Int32Array(snapshot.seriesCount).fill(NONE);
    const bestTier = new Uint8Array(snapshot.seriesCount);
    let total = 0;
    for (let position = start; position < end; position += 1) {
      if (((expanded[position >>> 5]! >>> (position & 31)) & 1) === 0) continue;
      if (filter.categoryId !== undefined && snapshot.category[position] !== filter.categoryId) continue;
      if (filter.subcategoryId !== undefined && snapshot.subcategory[position] !== filter.subcategoryId) continue;
      if (venues && !venues.has(snapshot.venue[position]!)) continue;
      if (filter.organizerId !== undefined && snapshot.organizer[position] !== filter.organizerId) continue;
      const flags = snapshot.flags[position]!;
      if (filter.reservable !== undefined && ((flags & RESERVABLE) !== 0) !== filter.reservable) continue;
      if (filter.free !== undefined && ((flags & FREE) !== 0) !== filter.free) continue;
      if (filter.cancelled !== undefined && ((flags & CANCELLED) !== 0) !== filter.cancelled) continue;
      const bit = (set: Uint32Array) => (set[position >>> 5]! >>> (position & 31)) & 1;
      const tier = input.sort === 'soonest' ? 0 : bit(strictTitle) ? 0 : bit(strict) ? 1 : bit(expandedTitle) ? 2 : 3;
      const series = snapshot.series[position]!;
      if (series === NONE) total += 1;
      else if (best[series] === NONE) {
        total += 1;
        best[series] = position;
        bestTier[series] = tier;
      } else if (tier < bestTier[series]!) {
        best[series] = position;
        bestTier[series] = tier;
      }
      matches.push(position);
      tiers.push(tier);
    }

    // Pass 2: the standing positions after the cursor, tier by tier, each tier in date order.
    const rows: { id: number; rank: number }[] = [];
    const after = input.after;
    for (let tier = after?.rank ?? 0; tier < 4 && rows.length < input.limit; tier += 1) {
      for (let m = 0; m < matches.length && rows.length < input.limit; m += 1) {
        if (tiers[m] !== tier) continue;
        const position = matches[m]!;
        const series = snapshot.series[position]!;
        if (series !== NONE && best[series] !== position) continue;
        if (after && tier === (after.rank ?? 0)) {
          const at = snapshot.at[position]! - after.at.getTime();
          if (at < 0 || (at === 0 && snapshot.ids[position]! <= after.id)) continue;
        }
        rows.push({ id: snapshot.ids[position]!, rank: tier });
      }
      if (input.sort === 'soonest') break;
    }
    return { total, rows };
  }

  /** The index if it may answer; starts a load when there is none or it is due for a rebuild. */
  private current(): Snapshot | null {
    const now = Date.now();
    const snapshot = this.snapshot;
    if (!snapshot || now - snapshot.loadedAt >= TOTAL_TTL_MS) this.startLoad();
    return snapshot && now - snapshot.loadedAt < MAX_AGE_MS ? snapshot : null;
  }

  private startLoad(): void {
    if (this.loading) return;
    const generation = this.generation;
    this.loading = this.read()
      .then((snapshot) => {
        if (generation === this.generation) this.snapshot = snapshot;
      })
      // A failed load leaves the searches on the database; the next search past the age tries again.
      .catch(() => undefined)
      .finally(() => {
        this.loading = null;
      });
  }

  /** Reads the published events from COVER_BEFORE_MS ago on, in chunks of LOAD_CHUNK. */
  private async read(): Promise<Snapshot> {
    const loadedAt = Date.now();
    const from = new Date(this.deps.now().getTime() - COVER_BEFORE_MS);
    const rows: SearchIndexRow[] = [];
    for (;;) {
      const chunk = await searchIndexRows(this.deps.db, { from, afterId: rows[rows.length - 1]?.id ?? 0, limit: LOAD_CHUNK });
      rows.push(...chunk);
      if (chunk.length < LOAD_CHUNK) break;
    }
    // Read by id (a keyset on an integer), held in the order the SQL reads page in: (starts_at, id).
    rows.sort((a, b) => a.at - b.at || a.id - b.id);
    return new Snapshot(rows, from.getTime(), loadedAt);
  }
}
