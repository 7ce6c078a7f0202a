/**
 * Card rows by event id, for pages the search index chooses (search results and listings): an event met
 * on one page is met on many, and a page whose cards are all kept costs no statement. Kept as long as the
 * search's other answers (TOTAL_TTL_MS) and dropped with them on a catalogue write. A card counts its later
 * dates from the filter's start (moreDates), so that start is part of the key. A kept card's summary (what
 * an answer carries) is built once per language and names, not on every page that shows it: mapping the
 * rows was a tenth of a search's CPU when every card was kept (docs/performance.md).
 */
import DataLoader from 'dataloader';
import { LRUCache } from 'lru-cache';
import type { EventSummary } from '../../shared/schemas/catalog';
import type { Locale } from '../../shared/locales';
import type { Db } from '../db/client';
import type { CardNames } from './card-names';
import * as repo from './catalog-repository';
import { toEventSummary } from './event-mapping';
import { filterKey, TOTAL_TTL_MS } from './search-plan';

/** Bound of the kept cards (a card's columns: about 2 KB each). */
const KEPT_CARDS = 10_000;
/** Ids per statement at most (one page holds up to 50). */
const MAX_BATCH = 500;

/** A kept card's key: the start its later dates count from (filterKey's form of it), and its event. */
const cardKey = (fromKey: string, id: number) => `${fromKey}|${id}`;

/** The summaries built from one kept card: per language, for the category and city names they were built with. */
interface KeptSummaries {
  names: CardNames | null;
  byLocale: Partial<Record<Locale, EventSummary>>;
}

/** A card row, with its rank where a database read gave one. */
export type RankedRow = repo.EventSummaryRow & { rank?: number };

/** The index's rows as cards, in their order (kept rows themselves, not copies), and each card's rank. */
export interface RankedCards {
  cards: RankedRow[];
  rankOf: (card: RankedRow) => number;
}

/** The rank a row read from the database carries (0 without one). */
export const ownRank = (row: RankedRow) => row.rank ?? 0;

/** A card asked for: its event, and the start its later dates count from (and that start's cache key). */
interface CardKey {
  id: number;
  from: Date;
  fromKey: string;
}

export class CardCache {
  private readonly cards = new LRUCache<string, repo.EventSummaryRow>({ max: KEPT_CARDS, ttl: TOTAL_TTL_MS });
  /** Kept rows' summaries; an entry goes with its row once no kept card holds it. */
  private readonly summaries = new WeakMap<repo.EventSummaryRow, KeptSummaries>();
  /**
   * The cards missing from every page asked for in one turn of the event loop, read together: under load
   * many pages wait for cards at once, and each statement has a cost of its own (a round trip, waking
   * PostgreSQL's backend on a shared core, the embedded engine's per-statement work) beside its rows'.
   */
  private readonly reads = new DataLoader<CardKey, repo.EventSummaryRow | null>((keys) => this.readCards(keys), {
    cache: false,
    maxBatchSize: MAX_BATCH,
    batchScheduleFn: (callback) => setImmediate(callback),
  });

  constructor(
    private readonly deps: {
      db: Db;
      now: () => Date;
      /** The statement that reads cards by id (a test counts its calls). */
      read?: typeof repo.eventSummariesByIds;
    },
  ) {}

  /** One statement per start among `keys` (nearly always one: "now"), each card in its key's place. */
  private async readCards(keys: readonly CardKey[]): Promise<(repo.EventSummaryRow | null)[]> {
    const byStart = new Map<string, CardKey[]>();
    for (const key of keys) {
      const group = byStart.get(key.fromKey);
      if (group) group.push(key);
      else byStart.set(key.fromKey, [key]);
    }
    const found = new Map<string, repo.EventSummaryRow>();
    await Promise.all(
      [...byStart.values()].map(async (group) => {
        // Starts within NOW_SLACK_MS of one another share a key (filterKey), as the kept cards do.
        const rows = await (this.deps.read ?? repo.eventSummariesByIds)(this.deps.db, [...new Set(group.map((key) => key.id))], group[0]!.from);
        for (const row of rows) found.set(cardKey(group[0]!.fromKey, Number(row.id)), row);
      }),
    );
    return keys.map((key) => found.get(cardKey(key.fromKey, key.id)) ?? null);
  }

  clear(): void {
    this.cards.clear();
  }

  /**
   * The cards of `ids` in that order, from the kept ones where they are, the rest read in one statement
   * with the cards the other pages of this turn of the event loop miss.
   */
  async cardsOf(ids: readonly number[], filter: Pick<repo.EventFilter, 'from'>): Promise<repo.EventSummaryRow[]> {
    const from = filterKey({ from: filter.from }, this.deps.now());
    const key = (id: number) => cardKey(from, id);
    const found = new Map<number, repo.EventSummaryRow>();
    const missing: number[] = [];
    for (const id of ids) {
      const row = this.cards.get(key(id));
      if (row) found.set(id, row);
      else missing.push(id);
    }
    if (missing.length === 0) return ids.map((id) => found.get(id)!);
    const read = await this.reads.loadMany(missing.map((id) => ({ id, from: filter.from, fromKey: from })));
    for (const row of read) {
      if (row instanceof Error) throw row;
      if (!row) continue;
      this.cards.set(key(Number(row.id)), row);
      this.summaries.set(row, { names: null, byLocale: {} });
      found.set(Number(row.id), row);
    }
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  /** The cards of the index's ranked rows, in their order, and their ranks (a keyset column of their page). */
  async rankedCards(rows: readonly { id: number; rank: number }[], filter: Pick<repo.EventFilter, 'from'>): Promise<RankedCards> {
    const ranks = new Map(rows.map((row) => [row.id, row.rank]));
    const cards = await this.cardsOf(rows.map((row) => row.id), filter);
    return { cards, rankOf: (card) => ranks.get(Number(card.id)) ?? 0 };
  }

  /**
   * The summary of a card row in `locale`: a kept card's is built once per language (and names) and shared
   * by every answer that shows it, so it must never be changed (frozen outside production); any other
   * row's is built for this answer.
   */
  summary(row: repo.EventSummaryRow, locale: Locale, names: CardNames): EventSummary {
    const kept = this.summaries.get(row);
    if (!kept) return toEventSummary(row, locale, names);
    if (kept.names !== names) {
      kept.names = names;
      kept.byLocale = {};
    }
    return (kept.byLocale[locale] ??= shared(toEventSummary(row, locale, names)));
  }
}

/** A summary several answers share: frozen, deeply, outside production, so a change to one fails loudly. */
function shared<T extends object>(value: T): T {
  if (process.env.NODE_ENV === 'production') return value;
  const freeze = (item: unknown) => {
    if (item === null || typeof item !== 'object' || Object.isFrozen(item)) return;
    Object.freeze(item);
    for (const child of Object.values(item)) freeze(child);
  };
  freeze(value);
  return value;
}
