/**
 * An in-memory index of the published events from yesterday on, for search and listings (issue #13,
 * decision 0018). At city scale a search's cost was reading every matching event's row: its exact `total`
 * (a common word matches tens of thousands of events: 0.1–0.2 s of PostgreSQL per distinct query) and,
 * for the relevance tiers, the walk of the date index until a page is full. Here the same answer is a few
 * bitset operations over the events' lexemes and one pass over the matches: the count, and the ids of the
 * page in the order the SQL reads give (catalog-repository-search.ts searchEvents, catalog-repository.ts
 * listEvents and listEventsLiveFirst); the cards are then read by id (card-cache.ts). A listing is the
 * same pass with no words.
 *
 * What it holds is what `@@` matches against: each event's lexemes read from its stored search vector
 * (all of them, and those with a title weight), so a prefix query matches here exactly the rows it
 * matches there; `search-paging.test.ts` compares counts and pages with the SQL reads on both engines.
 *
 * Freshness: a catalogue write on this instance drops the index at once (clear(), as it drops the other
 * search caches); another instance's writes show once the index is older than TOTAL_TTL_MS, the age the
 * kept counts and pages may reach, and it is then read again in the background while the old one answers.
 * Where there is none (the first search after a start, after a write), a search waits for the read
 * rather than counting in the database beside it: at 100,000 events the read takes about as long as one
 * such count, and the counts would slow it down. A listing does not wait (its own statement is quick). A
 * read that fails leaves searches and listings on the database.
 *
 * It is read on the first search or listing, not at the start, so a server nobody asks keeps its memory
 * (25–30 MB at 100,000 events) and its database idle.
 */
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client';
import type * as repo from './catalog-repository';
import { searchIndexRows, type SearchIndexRow } from './catalog-repository-search';
import { filterKey, TOTAL_TTL_MS, type QueryPlan } from './search-plan';

/** The index covers starts from this long before its load: "today" filters begin at midnight. */
const COVER_BEFORE_MS = 36 * 60 * 60 * 1000;
/** An index this old is not used at all (a rebuild that keeps failing): searches read the database. */
const MAX_AGE_MS = 4 * TOTAL_TTL_MS;
/** Rows per load statement, so an embedded engine answers other statements between chunks. */
const LOAD_CHUNK = 5_000;
const NONE = -1;
/** Bound of the matches kept per snapshot, in bytes. */
const KEPT_MATCHES_BYTES = 24 * 1024 * 1024;

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

/** Collects each word's rows as chunks arrive, before the rows' final order is known. */
class PostingsBuilder {
  private readonly ids = new Map<string, number>();
  private readonly rows: number[][] = [];

  /** Row `row` holds the space-separated `list` of words. */
  add(row: number, list: string): void {
    if (list === '') return;
    for (const word of list.split(' ')) {
      if (word === '') continue;
      let id = this.ids.get(word);
      if (id === undefined) {
        id = this.ids.size;
        this.ids.set(word, id);
        this.rows.push([]);
      }
      this.rows[id]!.push(row);
    }
  }

  /** The postings, each row moved to its position (`positionOf`) and each word's positions ascending. */
  finish(positionOf: Int32Array): Postings {
    // Sorted as strings compare (code units), so every prefix's words are one run found by binary search.
    const words = [...this.ids.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const offsets = new Int32Array(words.length + 1);
    let total = 0;
    words.forEach((word, i) => {
      offsets[i] = total;
      total += this.rows[this.ids.get(word)!]!.length;
    });
    offsets[words.length] = total;
    const positions = new Int32Array(total);
    words.forEach((word, i) => {
      const rows = this.rows[this.ids.get(word)!]!;
      const start = offsets[i]!;
      for (let r = 0; r < rows.length; r += 1) positions[start + r] = positionOf[rows[r]!]!;
      positions.subarray(start, start + rows.length).sort();
    });
    return { words, offsets, positions };
  }
}

/** The rows of a read as they come, in id order, each row's words added to the postings at once. */
class SnapshotBuilder {
  private readonly column = { ids: [] as number[], at: [] as number[], series: [] as number[], category: [] as number[], subcategory: [] as number[], venue: [] as number[], organizer: [] as number[], flags: [] as number[], tags: [] as number[][] };
  private readonly all = new PostingsBuilder();
  private readonly title = new PostingsBuilder();
  private readonly seriesIndex = new Map<number, number>();

  add(row: SearchIndexRow): void {
    const { column } = this;
    const index = column.ids.length;
    column.ids.push(row.id);
    column.at.push(row.at);
    let series = NONE;
    if (row.seriesId !== null) {
      series = this.seriesIndex.get(row.seriesId) ?? this.seriesIndex.size;
      this.seriesIndex.set(row.seriesId, series);
    }
    column.series.push(series);
    column.category.push(row.categoryId);
    column.subcategory.push(row.subcategoryId ?? NONE);
    column.venue.push(row.venueId ?? NONE);
    column.organizer.push(row.organizerId ?? NONE);
    column.flags.push((row.reservable ? RESERVABLE : 0) | (row.free ? FREE : 0) | (row.cancelled ? CANCELLED : 0));
    this.all.add(index, row.words);
    this.title.add(index, row.titleWords);
    column.tags.push(row.tagIds === '' ? [] : row.tagIds.split(' ').map(Number));
  }

  /** The rows in the order the SQL reads page in, (starts_at, id), as typed columns. */
  build(coveredFrom: number, loadedAt: number): Snapshot {
    const { column } = this;
    const size = column.ids.length;
    const order = Array.from({ length: size }, (_, i) => i).sort((a, b) => column.at[a]! - column.at[b]! || column.ids[a]! - column.ids[b]!);
    const positionOf = new Int32Array(size);
    order.forEach((row, position) => (positionOf[row] = position));
    const place = <A extends Float64Array | Int32Array | Uint8Array>(array: A, values: number[]): A => {
      order.forEach((row, position) => (array[position] = values[row]!));
      return array;
    };
    return new Snapshot({
      coveredFrom,
      loadedAt,
      size,
      ids: place(new Float64Array(size), column.ids),
      at: place(new Float64Array(size), column.at),
      series: place(new Int32Array(size), column.series),
      seriesCount: this.seriesIndex.size,
      category: place(new Int32Array(size), column.category),
      subcategory: place(new Int32Array(size), column.subcategory),
      venue: place(new Int32Array(size), column.venue),
      organizer: place(new Int32Array(size), column.organizer),
      flags: place(new Uint8Array(size), column.flags),
      ...tagLists(order.map((row) => column.tags[row]!)),
      all: this.all.finish(positionOf),
      title: this.title.finish(positionOf),
    });
  }
}

/** Per position, its tag ids: `tagIds` from `tagOffsets[position]` to `tagOffsets[position + 1]`. */
function tagLists(lists: number[][]): { tagOffsets: Int32Array; tagIds: Int32Array } {
  const tagOffsets = new Int32Array(lists.length + 1);
  lists.forEach((list, position) => (tagOffsets[position + 1] = tagOffsets[position]! + list.length));
  const tagIds = new Int32Array(tagOffsets[lists.length]!);
  lists.forEach((list, position) => tagIds.set(list, tagOffsets[position]!));
  return { tagOffsets, tagIds };
}

/** What a snapshot holds: one position per event, in (starts_at, id) order. */
interface SnapshotColumns {
  /** Starts before this are not held: a filter from earlier cannot be answered here. */
  coveredFrom: number;
  loadedAt: number;
  size: number;
  ids: Float64Array;
  at: Float64Array;
  /** A dense series number per event (NONE outside a series), below seriesCount. */
  series: Int32Array;
  seriesCount: number;
  category: Int32Array;
  subcategory: Int32Array;
  venue: Int32Array;
  organizer: Int32Array;
  flags: Uint8Array;
  tagOffsets: Int32Array;
  tagIds: Int32Array;
  all: Postings;
  title: Postings;
}

/** The loaded index. */
class Snapshot {
  /**
   * Matches per words and filters, as matched() computes them for this snapshot, by their size: a
   * listing's matches are every event under its filter (about 0.9 MB at 100,000 events).
   */
  readonly matches = new LRUCache<string, Matches>({ maxSize: KEPT_MATCHES_BYTES, sizeCalculation: (found) => 64 + found.relevance.byteLength + found.tiers.byteLength + found.soonest.byteLength });

  constructor(readonly columns: SnapshotColumns) {}

  /** The first position whose start is at or after `ms`. */
  firstFrom(ms: number): number {
    let low = 0;
    let high = this.columns.size;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.columns.at[mid]! < ms) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** Events holding a word that starts with `prefix` (`prefix:*`), or'ed into the bitset `into`. */
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

  /**
   * Events matching every query word in `postings` (all words, or the title's), as bitsets over positions:
   * `strict` with each word itself (`token:*`), `widened` with each word or one of its near words. Each
   * word's own postings are read once for both (`exact` and `near` are overwritten); without near words
   * the two are the same bitset.
   */
  wordsMatch(plan: QueryPlan, postings: Postings, sets: { strict: Uint32Array; widened: Uint32Array; exact: Uint32Array; near: Uint32Array }): void {
    const { strict, widened, exact, near } = sets;
    plan.tokens.forEach((token, i) => {
      exact.fill(0);
      this.prefixInto(postings, token, exact);
      near.set(exact);
      for (const word of plan.alternatives.get(token) ?? []) if (!word.startsWith(token)) this.prefixInto(postings, word, near);
      for (let w = 0; w < strict.length; w += 1) {
        strict[w] = i === 0 ? exact[w]! : strict[w]! & exact[w]!;
        widened[w] = i === 0 ? near[w]! : widened[w]! & near[w]!;
      }
    });
  }

  /**
   * Working memory of matched(), allocated once per snapshot: a search runs synchronously from its first
   * bit to its last, so one set serves every search, and a search allocates only what it keeps.
   */
  get scratch(): Scratch {
    const words = (this.columns.size + 31) >>> 5;
    this.scratchSpace ??= {
      bitsets: Array.from({ length: 6 }, () => new Uint32Array(words)),
      positions: new Int32Array(this.columns.size),
      tiers: new Uint8Array(this.columns.size),
      first: new Int32Array(this.columns.seriesCount),
      best: new Int32Array(this.columns.seriesCount),
      bestTier: new Uint8Array(this.columns.seriesCount),
      seen: new Int32Array(this.columns.seriesCount),
      stamp: 0,
    };
    return this.scratchSpace;
  }

  private scratchSpace: Scratch | undefined;
}

interface Scratch {
  bitsets: Uint32Array[];
  positions: Int32Array;
  tiers: Uint8Array;
  first: Int32Array;
  best: Int32Array;
  bestTier: Uint8Array;
  /** Per series, the stamp of the last search that met it: a series is new to a search until stamped. */
  seen: Int32Array;
  stamp: number;
}

/** What matches one search's words and filters, in both orders. */
interface Matches {
  /** Events matching, a series once (the count `total` gives). */
  total: number;
  /** Standing positions in relevance order: (tier, starts_at, id); `tiers` holds each one's tier. */
  relevance: Int32Array;
  tiers: Uint8Array;
  /** Standing positions in date order: (starts_at, id). */
  soonest: Int32Array;
}

/** Whether the filter lets the event at `position` through (the SQL filterConditions, on what the index holds). */
function passes(snapshot: Snapshot, position: number, filter: repo.EventFilter, venues: Set<number> | null, tags: Set<number> | null): boolean {
  if (filter.categoryId !== undefined && snapshot.columns.category[position] !== filter.categoryId) return false;
  if (filter.subcategoryId !== undefined && snapshot.columns.subcategory[position] !== filter.subcategoryId) return false;
  if (venues && !venues.has(snapshot.columns.venue[position]!)) return false;
  if (filter.organizerId !== undefined && snapshot.columns.organizer[position] !== filter.organizerId) return false;
  const flags = snapshot.columns.flags[position]!;
  if (filter.reservable !== undefined && ((flags & RESERVABLE) !== 0) !== filter.reservable) return false;
  if (filter.free !== undefined && ((flags & FREE) !== 0) !== filter.free) return false;
  if (filter.cancelled !== undefined && ((flags & CANCELLED) !== 0) !== filter.cancelled) return false;
  if (tags) {
    const { tagOffsets, tagIds } = snapshot.columns;
    let tagged = false;
    for (let t = tagOffsets[position]!; t < tagOffsets[position + 1]! && !tagged; t += 1) tagged = tags.has(tagIds[t]!);
    if (!tagged) return false;
  }
  return true;
}

/**
 * The matches of the plan's words under the filter. A series stands once: in relevance order at its best
 * tier's earliest date (bestOfSeries in SQL), in date order at its earliest (firstOfSeries).
 */
function matched(snapshot: Snapshot, plan: QueryPlan | null, filter: repo.EventFilter): Matches {
  const scratch = snapshot.scratch;
  const [expanded, strict, expandedTitle, strictTitle, exact, near] = scratch.bitsets as [Uint32Array, Uint32Array, Uint32Array, Uint32Array, Uint32Array, Uint32Array];
  if (plan) {
    snapshot.wordsMatch(plan, snapshot.columns.all, { strict, widened: expanded, exact, near });
    snapshot.wordsMatch(plan, snapshot.columns.title, { strict: strictTitle, widened: expandedTitle, exact, near });
  } else {
    // Without words (a listing) every event matches, at tier 0.
    expanded.fill(0xffffffff);
    strictTitle.fill(0xffffffff);
  }

  const start = snapshot.firstFrom(filter.from.getTime());
  const end = filter.to ? snapshot.firstFrom(filter.to.getTime()) : snapshot.columns.size;
  const venues = filter.venueIds ? new Set(filter.venueIds.map(Number)) : null;
  const tags = filter.tagIds ? new Set(filter.tagIds.map(Number)) : null;
  const narrowed = Object.entries(filter).some(([name, value]) => value !== undefined && name !== 'from' && name !== 'to' && name !== 'tsquery');
  const { positions, tiers, first, best, bestTier, seen } = scratch;
  if (scratch.stamp === 0x7fffffff) {
    seen.fill(0);
    scratch.stamp = 0;
  }
  const stamp = (scratch.stamp += 1);
  const tierCounts = [0, 0, 0, 0];
  let count = 0;
  let total = 0;
  // The set bits of `expanded` from `start` to `end`, in position order, 32 at a time.
  for (let w = start >>> 5; w < expanded.length && w << 5 < end; w += 1) {
    let bits = expanded[w]!;
    while (bits !== 0) {
      const low = bits & -bits;
      bits ^= low;
      const position = (w << 5) | (31 - Math.clz32(low));
      if (position < start || position >= end || (narrowed && !passes(snapshot, position, filter, venues, tags))) continue;
      const word = position >>> 5;
      const mask = 1 << (position & 31);
      const tier = (strictTitle[word]! & mask) !== 0 ? 0 : (strict[word]! & mask) !== 0 ? 1 : (expandedTitle[word]! & mask) !== 0 ? 2 : 3;
      const series = snapshot.columns.series[position]!;
      if (series === NONE) total += 1;
      else if (seen[series] !== stamp) {
        seen[series] = stamp;
        total += 1;
        first[series] = best[series] = position;
        bestTier[series] = tier;
      } else if (tier < bestTier[series]!) {
        best[series] = position;
        bestTier[series] = tier;
      }
      positions[count] = position;
      tiers[count] = tier;
      count += 1;
    }
  }
  // The standing positions: each tier's in date order for relevance (one pass, each tier placed after
  // the ones before it), and all in date order for soonest.
  for (let m = 0; m < count; m += 1) {
    const series = snapshot.columns.series[positions[m]!]!;
    if (series === NONE || best[series] === positions[m]) tierCounts[tiers[m]!]! += 1;
  }
  const next = [0, tierCounts[0]!, tierCounts[0]! + tierCounts[1]!, tierCounts[0]! + tierCounts[1]! + tierCounts[2]!];
  const soonest = new Int32Array(total);
  const relevance = new Int32Array(total);
  const relevanceTiers = new Uint8Array(total);
  let s = 0;
  for (let m = 0; m < count; m += 1) {
    const position = positions[m]!;
    const series = snapshot.columns.series[position]!;
    if (series === NONE || first[series] === position) soonest[s++] = position;
    if (series === NONE || best[series] === position) {
      const tier = tiers[m]!;
      const r = next[tier]!++;
      relevance[r] = position;
      relevanceTiers[r] = tier;
    }
  }
  return { total, relevance, tiers: relevanceTiers, soonest };
}

/** The first index of `order` whose (tier,) start and id come after `after`: its lists are in that order. */
function firstAfter(snapshot: Snapshot, order: Int32Array, tiers: Uint8Array | null, after: IndexAfter): number {
  const rank = after.rank ?? 0;
  const at = after.at.getTime();
  const isAfter = (index: number) => {
    const position = order[index]!;
    const tier = tiers ? tiers[index]! : 0;
    if (tier !== rank) return tier > rank;
    const start = snapshot.columns.at[position]!;
    return start !== at ? start > at : snapshot.columns.ids[position]! > after.id;
  };
  let low = 0;
  let high = order.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (isAfter(mid)) high = mid;
    else low = mid + 1;
  }
  return low;
}

export class SearchIndex {
  private snapshot: Snapshot | null = null;
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
    await this.startLoad();
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
    if (snapshot && now - snapshot.columns.loadedAt < TOTAL_TTL_MS) return snapshot;
    const loading = this.startLoad();
    if (snapshot && now - snapshot.columns.loadedAt < MAX_AGE_MS) return snapshot;
    if (!wait) return null;
    await loading;
    return this.snapshot;
  }

  private startLoad(): Promise<void> {
    if (this.loading) return this.loading;
    const generation = this.generation;
    const loading = this.read()
      .then((snapshot) => {
        if (generation === this.generation) this.snapshot = snapshot;
      })
      // A failed read leaves the searches on the database; the next search tries again.
      .catch(() => undefined)
      .finally(() => {
        if (this.loading === loading) this.loading = null;
      });
    this.loading = loading;
    return loading;
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
    return builder.build(from.getTime(), loadedAt);
  }
}
