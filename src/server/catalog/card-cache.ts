/**
 * Card rows by event id, for pages the search index chooses (search results and listings): an event met
 * on one page is met on many, and a page whose cards are all kept costs no statement. Kept as long as the
 * search's other answers (TOTAL_TTL_MS) and dropped with them on a catalogue write. A card counts its later
 * dates from the filter's start (moreDates), so that start is part of the key.
 */
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client';
import * as repo from './catalog-repository';
import { filterKey, TOTAL_TTL_MS } from './search-plan';

/** Bound of the kept cards (a card's columns: about a kilobyte each). */
const KEPT_CARDS = 10_000;

export class CardCache {
  private readonly cards = new LRUCache<string, repo.EventSummaryRow>({ max: KEPT_CARDS, ttl: TOTAL_TTL_MS });

  constructor(private readonly deps: { db: Db; now: () => Date }) {}

  clear(): void {
    this.cards.clear();
  }

  /** The cards of `ids` in that order, from the kept ones where they are, the rest read in one statement. */
  async cardsOf(ids: readonly number[], filter: Pick<repo.EventFilter, 'from'>): Promise<repo.EventSummaryRow[]> {
    const from = filterKey({ from: filter.from }, this.deps.now());
    const key = (id: number) => `${from}|${id}`;
    const found = new Map<number, repo.EventSummaryRow>();
    const missing: number[] = [];
    for (const id of ids) {
      const row = this.cards.get(key(id));
      if (row) found.set(id, row);
      else missing.push(id);
    }
    for (const row of await repo.eventSummariesByIds(this.deps.db, missing, filter.from)) {
      this.cards.set(key(Number(row.id)), row);
      found.set(Number(row.id), row);
    }
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  /** The cards of the index's ranked rows, in their order, each with its rank (a keyset column of its page). */
  async rankedCards(rows: readonly { id: number; rank: number }[], filter: Pick<repo.EventFilter, 'from'>): Promise<(repo.EventSummaryRow & { rank: number })[]> {
    const ranks = new Map(rows.map((row) => [row.id, row.rank]));
    const cards = await this.cardsOf(rows.map((row) => row.id), filter);
    return cards.map((card) => ({ ...card, rank: ranks.get(Number(card.id)) ?? 0 }));
  }
}
