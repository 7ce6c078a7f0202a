/**
 * What the search index holds (search-index.ts): the published events in (starts_at, id) order as typed
 * columns, their words as postings, and the working memory a match needs. Built from the rows of a read
 * as they arrive (SnapshotBuilder).
 */
import { LRUCache } from 'lru-cache';
import type { SearchIndexRow } from './catalog-repository-search';
import type { NearWords } from './near-words';
import type { QueryPlan } from './search-plan';
import type { VenueIndex } from './venue-index';

/** No series, subcategory, venue or organizer. */
export const NONE = -1;
/** Bound of the matches kept per snapshot, in bytes. */
const KEPT_MATCHES_BYTES = 24 * 1024 * 1024;

/** Flag bits of an event. */
export const RESERVABLE = 1;
export const FREE = 2;
export const CANCELLED = 4;

/** What matches one search's words and filters, in both orders. */
export interface Matches {
  /** Events matching, a series once (the count `total` gives). */
  total: number;
  /** Standing positions in relevance order: (tier, starts_at, id); `tiers` holds each one's tier. */
  relevance: Int32Array;
  tiers: Uint8Array;
  /** Standing positions in date order: (starts_at, id). */
  soonest: Int32Array;
}

/** Sorted words and, per word, the ascending event positions holding it (compressed sparse rows). */
export interface Postings {
  words: string[];
  offsets: Int32Array;
  positions: Int32Array;
}

/** Collects each word's rows as chunks arrive, before the rows' final order is known. */
export class PostingsBuilder {
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
export class SnapshotBuilder {
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
  build(coveredFrom: number, loadedAt: number, read: SnapshotReads): Snapshot {
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
    }, read);
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

/** Rows holding a word that starts with `prefix` (`prefix:*`), or'ed into the bitset `into`. */
function prefixInto(postings: Postings, prefix: string, into: Uint32Array): void {
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
 * Rows matching every query word in `postings` (an event's words, its title's, a venue's), as bitsets over
 * positions: `strict` with each word itself (`token:*`), `widened` with each word or one of its near words.
 * Each word's own postings are read once for both (`exact` and `near` are overwritten); without near words
 * the two are the same bitset.
 */
export function wordsMatch(plan: QueryPlan, postings: Postings, sets: { strict: Uint32Array; widened: Uint32Array; exact: Uint32Array; near: Uint32Array }): void {
  const { strict, widened, exact, near } = sets;
  plan.tokens.forEach((token, i) => {
    exact.fill(0);
    prefixInto(postings, token, exact);
    near.set(exact);
    for (const word of plan.alternatives.get(token) ?? []) if (!word.startsWith(token)) prefixInto(postings, word, near);
    for (let w = 0; w < strict.length; w += 1) {
      strict[w] = i === 0 ? exact[w]! : strict[w]! & exact[w]!;
      widened[w] = i === 0 ? near[w]! : widened[w]! & near[w]!;
    }
  });
}

/** What a read takes besides the events: the typo dictionary and the venues' words. */
export interface SnapshotReads {
  nearWords: NearWords | null;
  venues: VenueIndex;
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
export class Snapshot {
  /**
   * Matches per words and filters, as matched() computes them for this snapshot, by their size: a
   * listing's matches are every event under its filter (about 0.9 MB at 100,000 events).
   */
  readonly matches = new LRUCache<string, Matches>({ maxSize: KEPT_MATCHES_BYTES, sizeCalculation: (found) => 64 + found.relevance.byteLength + found.tiers.byteLength + found.soonest.byteLength });

  /** The typo dictionary read with it (near-words.ts); null where PostgreSQL must answer near words. */
  readonly nearWords: NearWords | null;
  /** The venues' words read with it (venue-index.ts), for the venues a search shows. */
  readonly venues: VenueIndex;

  constructor(
    readonly columns: SnapshotColumns,
    read: SnapshotReads,
  ) {
    this.nearWords = read.nearWords;
    this.venues = read.venues;
  }

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

export interface Scratch {
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
