/**
 * An in-memory index of the published events from yesterday on, for search and listings (issue #13,
 * decision 0018). At city scale a search's cost was reading every matching event's row: its exact `total`
 * (a common word matches tens of thousands of events: 0.1–0.2 s of PostgreSQL per distinct query) and,
 * for the relevance tiers, the walk of the date index until a page is full. Here the same answer is a few
 * bitset operations over the events' lexemes and one pass over the matches: the count, and the ids of the
 * page in the order the SQL reads give (catalog-repository-search.ts searchEvents, catalog-repository.ts
 * listEvents and listEventsLiveFirst); the cards are then read by id (card-cache.ts). A listing is the
 * same pass with no words (search-index-match.ts) over what a read holds (search-index-snapshot.ts).
 *
 * What it holds is what `@@` matches against: each event's lexemes read from its stored search vector
 * (all of them, and those with a title weight), so a prefix query matches here exactly the rows it
 * matches there; `search-paging.test.ts` compares counts and pages with the SQL reads on both engines.
 * A read also takes the typo dictionary and the venues' words, for a search's near words and venues
 * (near-words.ts, venue-index.ts), which were a statement each per first search of a word.
 *
 * Freshness: a catalogue write on this instance drops the index at once (clear(), as it drops the other
 * search caches); another instance's writes show once the index is older than TOTAL_TTL_MS, the age the
 * kept counts and pages may reach. The index then asks the catalogue's change marker (migration 0018: a
 * sequence every write of what it holds moves) and is read again in the background, while the old one
 * answers, only when the marker moved: a read costs about a second of CPU on each side at 100,000 events,
 * and was paid every 30 s whatever happened (docs/performance.md). A bump is visible before its
 * transaction commits, so a read that began soon after the marker moved is not trusted: the next check
 * reads once more (SETTLE_MS). Whatever the marker says, the index is read again after FULL_READ_MS.
 * Where there is none (the first search after a start, after a write), a search waits for the read
 * rather than counting in the database beside it: at 100,000 events the read takes about as long as one
 * such count, and the counts would slow it down. A listing does not wait (its own statement is quick). A
 * read that fails leaves searches and listings on the database.
 *
 * It is read on the first search or listing, not at the start, so a server nobody asks keeps its memory
 * (25–30 MB at 100,000 events) and its database idle.
 */
import type { Db } from '../db/client';
import type * as repo from './catalog-repository';
import { allSearchWords, venueIndexRows } from './catalog-repository-places';
import { catalogChanges, searchIndexRows } from './catalog-repository-search';
import { NearWords } from './near-words';
import { VenueIndex } from './venue-index';
import { firstAfter, type IndexAfter, matched } from './search-index-match';
import { type Matches, type Snapshot, SnapshotBuilder } from './search-index-snapshot';
import { filterKey, TOTAL_TTL_MS, type QueryPlan } from './search-plan';
import { HOUR_MS } from '../../shared/constants';

/** The index covers starts from this long before its load: "today" filters begin at midnight. */
const COVER_BEFORE_MS = 36 * HOUR_MS;
/** An index not confirmed for this long is not used at all (the database unreachable): searches read the database. */
const MAX_AGE_MS = 4 * TOTAL_TTL_MS;
/**
 * A read that began less than this after the marker was first seen to move is read once more: the write
 * that moved it may have committed after the read began. A writing transaction stays open longer than this
 * only past the database's statement timeouts; FULL_READ_MS bounds even that.
 */
const SETTLE_MS = TOTAL_TTL_MS;
/** Read again after this long even when the marker stayed: a write with triggers off, a sequence reset. */
const FULL_READ_MS = 10 * 60 * 1000;
/** Rows per load statement, so an embedded engine answers other statements between chunks. */
const LOAD_CHUNK = 5_000;

/** The index's answer: the count (a series once) and the next ids in order, each with its relevance tier. */
export interface IndexAnswer {
  total: number;
  rows: { id: number; rank: number }[];
}

export class SearchIndex {
  private snapshot: Snapshot | null = null;
  /** When the index in place was last known to hold the catalogue: read, or its marker found unmoved. */
  private confirmedAt = 0;
  /** The change marker's last value seen, and when this instance first saw it. */
  private marker: { value: string; seenAt: number } | null = null;
  private loading: Promise<void> | null = null;
  /** Bumped by clear(): a read that began before a write must not be used after it. */
  private generation = 0;

  constructor(private readonly deps: { db: Db; now: () => Date }) {}

  /** Forgets the index (after a catalogue write on this instance); the next search waits for a new read. */
  clear(): void {
    this.generation += 1;
    this.snapshot = null;
    this.loading = null;
  }

  /** Reads the index now, whatever its age; resolves once it is in place (or the read failed). */
  async load(): Promise<void> {
    this.loading = null;
    await this.startLoad(true);
  }

  /** Resolves once no check or read of the index is in progress (tests wait for a background one). */
  async idle(): Promise<void> {
    await this.loading;
  }

  /**
   * The count and the page after `after` (up to `limit` ids) for the plan's words under `filter`, in the
   * order `sort` names, exactly as the SQL reads give them (catalog-repository-search.ts searchEvents,
   * catalog-repository.ts listEvents and countEvents); null when the index cannot answer (a read failed,
   * a filter it does not hold: tags, or a start before what it covers), and the caller reads the database.
   */
  async answer(input: { plan: QueryPlan; filter: repo.EventFilter; sort: 'relevance' | 'soonest'; after?: IndexAfter; limit: number }): Promise<IndexAnswer | null> {
    const { filter, plan, after } = input;
    const snapshot = await this.current(true);
    if (!snapshot || filter.from.getTime() < snapshot.columns.coveredFrom) return null;
    const found = this.matchesOf(snapshot, plan, filter);
    const order = input.sort === 'relevance' ? found.relevance : found.soonest;
    const tiers = input.sort === 'relevance' ? found.tiers : null;
    const from = after ? firstAfter(snapshot, order, tiers, after) : 0;
    const rows: { id: number; rank: number }[] = [];
    for (let index = from; index < order.length && rows.length < input.limit; index += 1) {
      rows.push({ id: snapshot.columns.ids[order[index]!]!, rank: tiers ? tiers[index]! : 0 });
    }
    return { total: found.total, rows };
  }

  /**
   * A listing's page after `after` (up to `limit` ids): the events under `filter` in date order, a series
   * once at its first date, the cancelled ones after all the others (rank 1), exactly as
   * catalog-repository.ts listEventsLiveFirst reads them. Null when the index cannot answer (words, which
   * listings match in SQL; a start before what it holds; no index yet: a listing does not wait for the
   * first read, its own statement is quick).
   */
  async list(input: { filter: repo.EventFilter; after?: IndexAfter & { rank: number }; limit: number }): Promise<{ id: number; rank: number }[] | null> {
    const { filter, after } = input;
    if (filter.tsquery || filter.cancelled !== undefined) return null;
    const snapshot = await this.current(false);
    if (!snapshot || filter.from.getTime() < snapshot.columns.coveredFrom) return null;
    const rows: { id: number; rank: number }[] = [];
    for (const rank of [0, 1]) {
      if (rows.length >= input.limit) break;
      if (after && rank < after.rank) continue;
      const order = this.matchesOf(snapshot, null, { ...filter, cancelled: rank === 1 }).soonest;
      const from = after && rank === after.rank ? firstAfter(snapshot, order, null, { at: after.at, id: after.id }) : 0;
      for (let index = from; index < order.length && rows.length < input.limit; index += 1) rows.push({ id: snapshot.columns.ids[order[index]!]!, rank });
    }
    return rows;
  }

  /**
   * The typo dictionary read with the index, for near words (near-words.ts); null where there is no index
   * in place (it is not waited for: PostgreSQL answers near words meanwhile).
   */
  async nearWords(): Promise<NearWords | null> {
    return (await this.current(false))?.nearWords ?? null;
  }

  /** The venues' words read with the index (venue-index.ts); null where there is none in place, as nearWords(). */
  async venues(): Promise<VenueIndex | null> {
    return (await this.current(false))?.venues ?? null;
  }

  /** The matches of the words (none: a listing) under the filter, kept per snapshot. */
  private matchesOf(snapshot: Snapshot, plan: QueryPlan | null, filter: repo.EventFilter): Matches {
    const key = `${plan ? `${plan.strict}|${plan.expanded}` : 'list'}|${filterKey(filter, this.deps.now())}`;
    let found = snapshot.matches.get(key);
    if (!found) {
      found = matched(snapshot, plan, filter);
      snapshot.matches.set(key, found);
    }
    return found;
  }

  /**
   * The index if it may answer, reading it first when there is none (unless told not to `wait`); a read
   * is started in the background when the one in place is due for a rebuild.
   */
  private async current(wait: boolean): Promise<Snapshot | null> {
    const now = Date.now();
    const snapshot = this.snapshot;
    if (snapshot && now - this.confirmedAt < TOTAL_TTL_MS) return snapshot;
    const loading = this.startLoad(false);
    if (snapshot && now - this.confirmedAt < MAX_AGE_MS) return snapshot;
    if (!wait) return null;
    await loading;
    return this.snapshot;
  }

  /** Confirms the index in place by the change marker, or reads it (at once when `force`d). */
  private startLoad(force: boolean): Promise<void> {
    if (this.loading) return this.loading;
    const loading = this.refresh(this.generation, force)
      // A failed read leaves the searches on the database; the next search tries again.
      .catch(() => undefined)
      .finally(() => {
        if (this.loading === loading) this.loading = null;
      });
    this.loading = loading;
    return loading;
  }

  private async refresh(generation: number, force: boolean): Promise<void> {
    const checkedAt = Date.now();
    const value = await catalogChanges(this.deps.db);
    // A write on this instance cleared the index meanwhile: the refresh after it answers.
    if (generation !== this.generation) return;
    if (this.marker?.value !== value) this.marker = { value, seenAt: checkedAt };
    const snapshot = this.snapshot;
    if (!force && snapshot && this.settled(snapshot, this.marker, checkedAt)) {
      this.confirmedAt = checkedAt;
      return;
    }
    const read = await this.read();
    if (generation !== this.generation) return;
    this.snapshot = read;
    this.confirmedAt = read.columns.loadedAt;
  }

  /** Whether `snapshot` began after the marker's last move had settled, and is not due for its periodic read. */
  private settled(snapshot: Snapshot, marker: { seenAt: number }, now: number): boolean {
    const { loadedAt } = snapshot.columns;
    return loadedAt >= marker.seenAt + SETTLE_MS && now - loadedAt < FULL_READ_MS;
  }

  /** Reads the published events from COVER_BEFORE_MS ago on, in chunks of LOAD_CHUNK. */
  private async read(): Promise<Snapshot> {
    const loadedAt = Date.now();
    const from = new Date(this.deps.now().getTime() - COVER_BEFORE_MS);
    const builder = new SnapshotBuilder();
    let afterId = 0;
    for (;;) {
      const chunk = await searchIndexRows(this.deps.db, { from, afterId, limit: LOAD_CHUNK });
      for (const row of chunk) builder.add(row);
      if (chunk.length < LOAD_CHUNK) break;
      afterId = chunk[chunk.length - 1]!.id;
    }
    const nearWords = NearWords.of(await allSearchWords(this.deps.db));
    const venues = VenueIndex.of(await venueIndexRows(this.deps.db));
    return builder.build(from.getTime(), loadedAt, { nearWords, venues });
  }
}
