/**
 * A search's pages of events (catalog-search.ts): read from the database, or cut from the first matches
 * kept for the same words and filters.
 */
import { LRUCache } from 'lru-cache';
import { MAX_SEARCH_PAGE_SIZE, type SearchSort } from '../../shared/schemas/catalog';
import type { Db } from '../db/client';
import { keysetPage } from '../lib/cursor';
import * as repo from './catalog-repository';
import { type CardCache, ownRank, type RankedRow } from './card-cache';
import type { SearchIndex } from './search-index';
import { filterKey, remembered, TOTAL_TTL_MS, type QueryPlan } from './search-plan';

/**
 * A search keeps the first matches of its words and filters in order, as many as the largest page (and
 * one more, to tell whether more follow): every first page (any page size) and the next pages that fall
 * inside are cut from them, and the next reader of the same words costs no statement. On the embedded
 * database a search was 3–5 statements of 1–4 ms each, one at a time for every reader (issue #13). Kept
 * as long as the count, dropped with it. Suggestions keep nothing: each keystroke is new words, and a
 * handful of rows is all they read.
 */
const FIRST_MATCHES = MAX_SEARCH_PAGE_SIZE;
/** Bound of the kept matches, in rows (a card's columns: about a kilobyte each). */
const CACHED_MATCH_ROWS = 20_000;

type PageAfter = { at: Date; id: number; rank?: number; distance?: number };

/** Whether `row` comes after the cursor in the order its sort pages by: (tier,) start, id. */
function isAfter(row: RankedRow, after: PageAfter): boolean {
  const rank = (row.rank ?? 0) - (after.rank ?? 0);
  if (rank !== 0) return rank > 0;
  const at = row.startsAt.getTime() - after.at.getTime();
  return at !== 0 ? at > 0 : Number(row.id) > after.id;
}

/** One page's question: the words, the filters, the order, the size, and the cursor's position. */
export interface PageInput {
  plan: QueryPlan;
  filter: repo.EventFilter;
  sort: SearchSort;
  limit: number;
  after: PageAfter | undefined;
  near?: repo.GeoPoint;
  /** Whether this search keeps its first matches (not suggestions). */
  keep?: boolean;
  /**
   * How many events match (a series once), where the caller has counted them: a first page of a search
   * matching no more than a first page holds is read in one statement (repo.searchEventsAtOnce).
   */
  total?: number;
}

type Page = { page: repo.EventSummaryRow[]; next_cursor: string | null };

export class SearchPages {
  /** The first matches per sort, words and filters (FIRST_MATCHES). */
  private readonly firstMatches = new LRUCache<string, Promise<RankedRow[]>>({ maxSize: CACHED_MATCH_ROWS, ttl: TOTAL_TTL_MS, sizeCalculation: () => FIRST_MATCHES + 1 });
  constructor(private readonly deps: { db: Db; now: () => Date; index: SearchIndex; cards: CardCache }) {}

  /** Forgets the kept matches (after a catalogue write). */
  clear(): void {
    this.firstMatches.clear();
  }

  /**
   * One page of matching events and the cursor of the next, in the order `sort` names. A page that lies
   * within the first matches of its words and filters is cut from them (FIRST_MATCHES); neither order
   * depends on the cursor (a series shows at its best date whatever the page), so a cut page is the page
   * the database would give.
   */
  async page(input: PageInput): Promise<Page> {
    const { plan, filter, sort, limit, after } = input;
    // Distances belong to the reader's point: those pages are neither indexed nor kept.
    if (sort === 'distance' || input.near) return this.readPage(input);
    // The index chooses any page at the cost of a kept one (search-index.ts): only its cards are read.
    const indexed = await this.deps.index.answer({ plan, filter, sort, after, limit: limit + 1 });
    if (indexed) {
      const { cards, rankOf } = await this.deps.cards.rankedCards(indexed.rows, filter);
      return this.pageOf(cards, sort, limit, rankOf);
    }
    if (!input.keep) return this.readPage(input);
    const key = `${sort}|${plan.strict}|${plan.expanded}|${filterKey(filter, this.deps.now())}`;
    const kept = after === undefined ? remembered(this.firstMatches, key, () => this.readPage({ ...input, limit: FIRST_MATCHES }).then(({ rows }) => rows)) : this.firstMatches.get(key);
    const rows = await kept;
    if (rows) {
      const start = after === undefined ? 0 : rows.findIndex((row) => isAfter(row, after));
      // Enough kept rows to fill the page and tell whether another follows, or every match is kept (the
      // read asks for one row more than it keeps, to tell).
      const complete = rows.length <= FIRST_MATCHES;
      if (start >= 0 && (start + limit < rows.length || complete)) return this.pageOf(rows.slice(start, start + limit + 1), sort, limit);
      if (start < 0 && complete) return { page: [], next_cursor: null };
    }
    return this.readPage(input);
  }

  /** The page and the next page's cursor from `rows` (up to limit + 1 of them). */
  private pageOf(rows: RankedRow[], sort: SearchSort, limit: number, rankOf: (row: RankedRow) => number = ownRank): Page {
    if (sort === 'relevance') return keysetPage(rows, limit, (row) => ({ rank: rankOf(row), at: row.startsAt, id: Number(row.id) }));
    return keysetPage(rows, limit, (row) => ({ at: row.startsAt, id: Number(row.id) }));
  }

  /** One page read from the database (limit + 1 rows), and the rows themselves. */
  private async readPage(input: PageInput): Promise<Page & { rows: RankedRow[] }> {
    const { plan, filter, limit, after, near } = input;
    const db = this.deps.db;
    if (input.sort === 'distance' && near) {
      // The listing's distance order with the widened words: GET /events?q=&near=&sort=distance.
      const rows = await repo.listEvents(db, {
        ...filter,
        tsquery: plan.expanded,
        limit: limit + 1,
        near,
        byDistance: true,
        after: after && { startsAt: after.at, id: after.id, distance: after.distance },
      });
      return { ...keysetPage(rows, limit, (row) => ({ distance: row.distanceMetres ?? 0, at: row.startsAt, id: Number(row.id) })), rows };
    }
    if (input.sort === 'soonest') {
      // The listing's own query with the widened words: the order and the cursor of GET /events?q=.
      const rows = await repo.listEvents(db, { ...filter, tsquery: plan.expanded, limit: limit + 1, near, after: after && { startsAt: after.at, id: after.id } });
      return { ...this.pageOf(rows, 'soonest', limit), rows };
    }
    const rows =
      after === undefined && input.total !== undefined && input.total <= FIRST_MATCHES
        ? await repo.searchEventsAtOnce(db, { ...plan, filter, limit: limit + 1 })
        : await repo.searchEvents(db, {
            ...plan,
            filter,
            limit: limit + 1,
            after: after && { rank: after.rank ?? 0, startsAt: after.at, id: after.id },
          });
    return { ...this.pageOf(rows, 'relevance', limit), rows };
  }
}
