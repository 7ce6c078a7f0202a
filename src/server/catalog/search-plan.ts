/**
 * What the parts of a search share (catalog-search.ts, search-pages.ts): the query plan's shape, how long
 * a search's answers are kept, and the keys and promises they are kept under.
 */
import type { LRUCache } from 'lru-cache';
import type * as repo from './catalog-repository';

export interface QueryPlan {
  /** Every query word as a prefix: `koncert:* & beograd:*`. */
  strict: string;
  /** The same, restricted to titles and performers (weight A). */
  strictTitle: string;
  /** Each word OR its similar dictionary words: `(konsert:* | koncert:* | koncerti:*) & …`. */
  expanded: string;
  /** The same, restricted to titles and performers. */
  expandedTitle: string;
  tokens: string[];
  alternatives: Map<string, string[]>;
}

/**
 * How long a search's `total` is reused for the same words and filters (other page sizes, the next pages,
 * other readers). Counting every match is the costliest part of a search at city scale (a common word
 * matches tens of thousands of events: 0.1–0.2 s on PostgreSQL, and it ran on every page); a catalogue
 * write drops the counts at once (clear()), so only the passing of time can age one, by at most as long
 * as clients may cache the whole answer anyway (PUBLIC_CACHE, max-age=30).
 */
export const TOTAL_TTL_MS = 30_000;
/** Bounds of the count and spelling caches (a few hundred bytes an entry). */
export const CACHED_QUERIES = 10_000;

/**
 * The answer kept under `key`, or `load`'s, kept as a promise so that concurrent askers share one load;
 * a load that fails is dropped, so the next asker tries again.
 */
export function remembered<T>(cache: LRUCache<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  const cached = cache.get(key);
  if (cached) return cached;
  const loading = load();
  cache.set(key, loading);
  loading.catch(() => {
    if (cache.get(key) === loading) cache.delete(key);
  });
  return loading;
}

/** How close to the present a `from` is "now" (upcoming events), not a date the reader chose. */
const NOW_SLACK_MS = 5_000;

/**
 * The filter as a cache key. A `from` of about now (upcoming, the usual case) is "now": an entry then ages
 * by its own TTL alone. Keyed by a 30-s window instead, every entry rolled over at the same instant, and
 * under load every query being searched missed at once, a burst of statements every 30 s.
 */
export function filterKey(filter: repo.EventFilter, now: Date): string {
  const from = Math.abs(filter.from.getTime() - now.getTime()) < NOW_SLACK_MS ? 'now' : filter.from.getTime();
  return JSON.stringify({ ...filter, from });
}
