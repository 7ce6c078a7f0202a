/**
 * Search across scripts, diacritics and typos (DESIGN §5): the query plan (prefix words widened to their
 * nearest dictionary words), the search page and the as-you-type suggestions. The catalog service owns
 * the taxonomy and hands it in; listings use the same plan for `q`.
 */
import { dateTimeFormat } from '../../shared/intl-format';
import { INTL_LOCALE, pickLocalized, type Locale } from '../../shared/locales';
import {
  categoryPath,
  eventPath,
  MAX_SEARCH_PAGE_SIZE,
  venuePath,
  type EventSummary,
  type SearchResult,
  type SearchSort,
  type Suggestion,
} from '../../shared/schemas/catalog';
import { LRUCache } from 'lru-cache';
import { normalizeForSearch, searchTokens } from '../../shared/search-normalize';
import type { Db } from '../db/client';
import { readCursor } from '../lib/cursor';
import * as repo from './catalog-repository';
import { venueName } from './event-mapping';
import { cardNames } from './card-names';
import { CardCache } from './card-cache';
import { SearchIndex } from './search-index';
import { SearchPages } from './search-pages';
import { CACHED_QUERIES, filterKey, remembered, TOTAL_TTL_MS, type QueryPlan } from './search-plan';
import { matchCategories, type Taxonomy } from './search-taxonomy';
import type { VenueMatch } from './venue-index';

const SEARCH_LIMIT = 20;
/** A word as typed (letters and digits of any script) and what separates words. */
const WORD = /[\p{L}\p{N}]+/gu;
const WORD_SEPARATOR = /[^\p{L}\p{N}]+/u;
/** Near words are looked up once a minute at most per word (the dictionary only grows). */
const SIMILAR_TTL_MS = 60_000;
/** Typo tolerance: nearest dictionary words per query word, and how similar (pg_trgm) they must be. */
const SIMILAR_PER_WORD = 6;
const MIN_SIMILARITY = 0.35;
const MIN_TYPO_WORD_LENGTH = 4;

export interface CatalogSearchDeps {
  db: Db;
  taxonomy: () => Promise<Taxonomy>;
  now: () => Date;
}

export interface SearchInput {
  q: string;
  locale: Locale;
  limit?: number;
  /** The reader is still typing the last word (suggestions). */
  partialLast?: boolean;
  /** The listing's filters, resolved (its tsquery is ignored); null when nothing can match; default upcoming. */
  filter?: repo.EventFilter | null;
  sort?: SearchSort;
  /** `next_cursor` of the page before (checked here: a cursor of the other sort is a 400). */
  cursor?: string;
  /** Count every match for `total` (suggestions skip it: they show a handful and are typed fast). */
  countTotal?: boolean;
  /** The reader's point ("near me"): cards carry their distance, and `sort=distance` orders by it. */
  near?: repo.GeoPoint;
}

export class CatalogSearch {
  private similarCache = new Map<string, { at: number; words: string[] }>();
  /** `total` per words and filters; the promise, so concurrent searches for the same words count once. */
  private readonly totals = new LRUCache<string, Promise<number>>({ max: CACHED_QUERIES, ttl: TOTAL_TTL_MS });
  /** How event titles write a near word, per language (the spelling suggestion). */
  private readonly writtenWords = new LRUCache<string, Promise<string>>({ max: CACHED_QUERIES, ttl: SIMILAR_TTL_MS });
  /** The venues per words, kept like the counts. */
  private readonly venueMatches = new LRUCache<string, Promise<VenueMatch[]>>({ max: CACHED_QUERIES, ttl: TOTAL_TTL_MS });

  /** Pages of events, cut from the first matches kept per words and filters where they can be. */
  private readonly pages: SearchPages;
  /** The published events in memory: counts and pages without reading every match (search-index.ts). */
  readonly index: SearchIndex;
  /** The cards of the pages the index chooses, by id (listings read them here too). */
  readonly cards: CardCache;

  constructor(private readonly deps: CatalogSearchDeps) {
    this.index = new SearchIndex(deps);
    this.cards = new CardCache(deps);
    this.pages = new SearchPages({ ...deps, index: this.index, cards: this.cards });
  }

  /** Forgets what was looked up so far: near words, counts and spellings (after a catalogue write). */
  clear(): void {
    this.similarCache.clear();
    this.totals.clear();
    this.writtenWords.clear();
    this.pages.clear();
    this.venueMatches.clear();
    this.index.clear();
    this.cards.clear();
  }

  /**
   * How many events match the words and the filters (a series once): from the index when it can answer,
   * else counted by the database and reused for TOTAL_TTL_MS.
   */
  private async countMatches(plan: QueryPlan, filter: repo.EventFilter): Promise<number> {
    const indexed = await this.index.answer({ plan, filter, sort: 'soonest', limit: 0 });
    if (indexed) return indexed.total;
    return remembered(this.totals, `${plan.expanded}|${filterKey(filter, this.deps.now())}`, () => repo.countEvents(this.deps.db, { ...filter, tsquery: plan.expanded }));
  }

  /** Query words that are worth searching: one-letter words only when nothing longer was typed. */
  private queryTokens(q: string): string[] {
    const tokens = searchTokens(q).slice(0, 8);
    const long = tokens.filter((token) => token.length > 1);
    return long.length > 0 ? long : tokens;
  }

  /**
   * `partialLast`: the reader is still typing the last word (suggestions), so it only counts as a prefix
   * and is not widened to near words, which would be guesses about a word not finished yet.
   */
  async queryPlan(q: string, options: { partialLast?: boolean } = {}): Promise<QueryPlan | null> {
    const tokens = this.queryTokens(q);
    if (tokens.length === 0) return null;
    const typing = options.partialLast && !/\s$/.test(q) ? tokens[tokens.length - 1] : undefined;
    const alternatives = await this.similarWords(tokens.filter((token) => token.length >= MIN_TYPO_WORD_LENGTH && token !== typing));
    const strictParts = tokens.map((token) => `${token}:*`);
    // A near word widens as a prefix too: "konsert" → "koncert:*" also reaches "koncerti".
    const widen = (weight: '' | 'A') =>
      tokens
        .map((token) => {
          const similar = (alternatives.get(token) ?? []).filter((word) => !word.startsWith(token));
          const words = [token, ...similar].map((word) => `${word}:*${weight}`);
          return words.length > 1 ? `(${words.join(' | ')})` : words[0];
        })
        .join(' & ');
    return {
      tokens,
      alternatives,
      strict: strictParts.join(' & '),
      strictTitle: tokens.map((token) => `${token}:*A`).join(' & '),
      expanded: widen(''),
      expandedTitle: widen('A'),
    };
  }

  /** Nearest indexed words for each token, cached briefly (the dictionary only grows). */
  private async similarWords(tokens: string[]): Promise<Map<string, string[]>> {
    const result = new Map<string, string[]>();
    const now = Date.now();
    const missing: string[] = [];
    for (const token of tokens) {
      const hit = this.similarCache.get(token);
      if (hit && now - hit.at < SIMILAR_TTL_MS) result.set(token, hit.words);
      else missing.push(token);
    }
    if (missing.length) {
      // From the dictionary in memory where the index is in place; PostgreSQL's trigram search otherwise.
      const dictionary = await this.index.nearWords();
      const near = new Map(missing.map((token) => [token, dictionary?.similar(token, { limit: SIMILAR_PER_WORD, minSimilarity: MIN_SIMILARITY })]));
      const asked = missing.filter((token) => near.get(token) === undefined);
      const rows = asked.length ? await repo.similarWords(this.deps.db, asked, { perWord: SIMILAR_PER_WORD, minSimilarity: MIN_SIMILARITY }) : [];
      if (this.similarCache.size > 10_000) this.similarCache.clear();
      for (const token of missing) {
        const words = near.get(token) ?? rows.filter((row) => row.token === token).map((row) => row.similar);
        this.similarCache.set(token, { at: now, words });
        result.set(token, words);
      }
    }
    return result;
  }

  /**
   * Events, venues and categories matching `q` across scripts, diacritics and typos, with the listing's
   * filters. Events: upcoming only, in relevance order (repo.searchEvents, or searchEventsAtOnce for a first
   * page of few matches) or soonest first, a page at a time with the true total; venues and categories on
   * the first page only.
   */
  async search(input: SearchInput): Promise<SearchResult> {
    const { q, locale, sort = 'relevance', cursor } = input;
    const limit = Math.min(Math.max(input.limit ?? SEARCH_LIMIT, 1), MAX_SEARCH_PAGE_SIZE);
    // Read before anything else: a bad cursor is a 400 whatever the query finds.
    const after =
      sort === 'relevance'
        ? readCursor(cursor, { ranked: true })
        : sort === 'distance'
          ? readCursor(cursor, { distanced: true })
          : readCursor(cursor, { dated: true });
    const plan = await this.queryPlan(q, { partialLast: input.partialLast });
    if (!plan) return { query: q, events: [], venues: [], categories: [], next_cursor: null, total: 0, spelling: null };
    const filter = input.filter === undefined ? { from: this.deps.now() } : input.filter;
    const firstPage = cursor === undefined;
    // A first page in relevance order counts first: a word that matches no more events than a first page
    // holds is then read in one statement instead of one per relevance tier (search-pages.ts; on the
    // embedded database each tier is mostly planning), and a word that matches more needs the count for
    // `total` anyway. The count is kept for every page and page size (countMatches).
    const countsFirst = filter && input.countTotal !== false && firstPage && sort === 'relevance' && !input.partialLast;
    const counted = countsFirst ? await this.countMatches(plan, filter) : undefined;
    const paging = filter
      ? this.pages.page({ plan, filter, sort, limit, after, near: input.near, keep: !input.partialLast, total: counted })
      : Promise.resolve({ page: [], next_cursor: null });
    // Otherwise a first page with no next one holds every match, each series once, as the count counts
    // them: its length is the total, and the count (a read of every match) is left out.
    const counting =
      filter && input.countTotal !== false
        ? (counted ?? paging.then((found) => (firstPage && found.next_cursor === null ? found.page.length : this.countMatches(plan, filter))))
        : null;
    const [page, names, total, venueRows, taxonomy, spelling] = await Promise.all([
      paging,
      paging.then((found) => cardNames(this.deps.db, found.page)),
      counting,
      firstPage ? this.searchVenues(plan, Math.min(limit, 10)) : [],
      firstPage ? this.deps.taxonomy() : null,
      this.spelling(q, plan, locale),
    ]);
    return {
      query: q,
      events: page.page.map((row) => this.cards.summary(row, locale, names)),
      venues: venueRows.map((row) => ({
        id: row.id,
        slug: row.slug,
        name: venueName(row, locale),
        locality: row.locality,
        city: { slug: row.citySlug, name: pickLocalized(row.cityName, locale) },
      })),
      categories: taxonomy ? matchCategories(taxonomy, plan, locale).slice(0, 10) : [],
      next_cursor: page.next_cursor,
      total: total ?? page.page.length,
      spelling,
    };
  }

  /**
   * The spelling suggestion as the reader would write it: the query as typed, each unknown word replaced
   * by its near word as an event title writes it, in the reader's language first ("hamlte" → "Hamlet",
   * "Гамлет" in Ukrainian). Rare (only a word the index lacks), so the small read per word is affordable.
   */
  private async spelling(q: string, plan: QueryPlan, locale: Locale): Promise<string | null> {
    const replacements = spellingOf(plan);
    if (!replacements) return null;
    const written = new Map<string, string>();
    for (const word of new Set(replacements.values())) written.set(word, await this.writtenWord(word, locale));
    return q.trim().replace(WORD, (part) => {
      const near = replacements.get(normalizeForSearch(part));
      return near === undefined ? part : (written.get(near) ?? near);
    });
  }

  /**
   * `word` (normalised) as an upcoming event's title writes it, in the reader's language first; the word
   * itself when no title holds it. Kept as long as near words are (SIMILAR_TTL_MS), and dropped by clear().
   */
  private writtenWord(word: string, locale: Locale): Promise<string> {
    return remembered(this.writtenWords, `${locale}|${word}`, async () => {
      const rows = await repo.titlesWithWord(this.deps.db, word, { from: this.deps.now(), limit: 3 });
      const texts = rows.flatMap(({ title }) => [title[locale], ...Object.values(title)]).filter((text): text is string => Boolean(text));
      return texts.flatMap((text) => text.split(WORD_SEPARATOR)).find((part) => normalizeForSearch(part) === word) ?? word;
    });
  }

  /**
   * Venues whose names or addresses hold the words: from the venues read with the search index where it is
   * in place (venue-index.ts), else from the database and kept like the counts.
   */
  private async searchVenues(plan: QueryPlan, limit: number): Promise<VenueMatch[]> {
    const venues = await this.index.venues();
    if (venues) return venues.search(plan, limit);
    return remembered(this.venueMatches, `${limit}|${plan.strict}|${plan.expanded}`, () =>
      repo.searchVenues(this.deps.db, { expanded: plan.expanded, strict: plan.strict, limit }),
    );
  }

  /** As-you-type suggestions: a few categories, venues and events, each with the page to open. */
  async suggest({ q, locale }: Pick<SearchInput, 'q' | 'locale'>): Promise<Suggestion[]> {
    const result = await this.search({ q, locale, limit: 5, partialLast: true, countTotal: false });
    const when = (event: EventSummary) =>
      dateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'medium', timeStyle: 'short', timeZone: event.time_zone }).format(new Date(event.starts_at));
    return [
      ...result.categories.slice(0, 3).map((category): Suggestion => ({
        kind: 'category',
        id: category.subcategory?.id ?? category.id,
        label: category.subcategory?.name ?? category.name,
        secondary: category.subcategory ? category.name : null,
        path: categoryPath(locale, category, category.subcategory),
      })),
      ...result.venues.slice(0, 3).map((venue): Suggestion => ({
        kind: 'venue',
        id: venue.id,
        label: venue.name,
        secondary: venue.locality || null,
        path: venuePath(locale, venue),
      })),
      ...result.events.slice(0, 5).map((event): Suggestion => ({
        kind: 'event',
        id: event.id,
        label: event.title,
        secondary: [when(event), event.venue?.name].filter(Boolean).join(' · '),
        path: eventPath(locale, event),
      })),
    ];
  }
}

/**
 * "Did you mean": each query word the index does not hold (no dictionary word starts with it) → its
 * nearest dictionary word; null when every word is known or has no near word. Both are normalised
 * ("hamlte" → "gamlet": h folds to g); CatalogSearch.spelling writes them back as people do.
 */
export function spellingOf(plan: Pick<QueryPlan, 'tokens' | 'alternatives'>): Map<string, string> | null {
  const replacements = new Map<string, string>();
  for (const token of plan.tokens) {
    const near = plan.alternatives.get(token) ?? [];
    const nearest = near[0];
    if (nearest !== undefined && !near.some((word) => word.startsWith(token))) replacements.set(token, nearest);
  }
  return replacements.size ? replacements : null;
}
