/**
 * Search across scripts, diacritics and typos (DESIGN §5): the query plan (prefix words widened to their
 * nearest dictionary words), the search page and the as-you-type suggestions. The catalog service owns
 * the taxonomy and hands it in; listings use the same plan for `q`.
 */
import { dateTimeFormat } from '../../shared/intl-format';
import { INTL_LOCALE, pickLocalized, type Locale, type LocalizedText } from '../../shared/locales';
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
import { keysetPage, readCursor } from '../lib/cursor';
import * as repo from './catalog-repository';
import { toEventSummary, venueName } from './event-mapping';

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
/**
 * How long a search's `total` is reused for the same words and filters (other page sizes, the next pages,
 * other readers). Counting every match is the costliest part of a search at city scale (a common word
 * matches tens of thousands of events: 0.1–0.2 s on PostgreSQL, and it ran on every page); a catalogue
 * write drops the counts at once (clear()), so only the passing of time can age one, by at most as long
 * as clients may cache the whole answer anyway (PUBLIC_CACHE, max-age=30).
 */
const TOTAL_TTL_MS = 30_000;
/** Bounds of the count and spelling caches (a few hundred bytes an entry). */
const CACHED_QUERIES = 10_000;
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

type RankedRow = repo.EventSummaryRow & { rank?: number };
type PageAfter = { at: Date; id: number; rank?: number; distance?: number };

/** Whether `row` comes after the cursor in the order its sort pages by: (tier,) start, id. */
function isAfter(row: RankedRow, after: PageAfter): boolean {
  const rank = (row.rank ?? 0) - (after.rank ?? 0);
  if (rank !== 0) return rank > 0;
  const at = row.startsAt.getTime() - after.at.getTime();
  return at !== 0 ? at > 0 : Number(row.id) > after.id;
}

/** Categories, subcategories, tags and cities, with every name's words for matching them. */
export interface Taxonomy {
  categories: Awaited<ReturnType<typeof repo.listCategories>>;
  subcategories: Awaited<ReturnType<typeof repo.listSubcategories>>;
  tags: Awaited<ReturnType<typeof repo.listTags>>;
  cities: Awaited<ReturnType<typeof repo.listCities>>;
  /** Slugs given up by renames and tag merges, for the 301s of old listing URLs. */
  slugHistory: Awaited<ReturnType<typeof repo.listSlugHistory>>;
  /** Normalised words of every name in every language, and the slug, per category / subcategory. */
  categoryWords: Map<number, string[]>;
  subcategoryWords: Map<number, string[]>;
}

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

function localizedWords(...texts: (LocalizedText | string | null | undefined)[]): string[] {
  const all = texts.flatMap((text) => (typeof text === 'string' ? [text] : Object.values(text ?? {})));
  return [...new Set(normalizeForSearch(all.join(' ')).split(' ').filter(Boolean))];
}

/** Reads the taxonomy and indexes its names' words. */
export async function loadTaxonomy(db: Db): Promise<Taxonomy> {
  const [categories, subcategories, tags, cities, slugHistory] = await Promise.all([
    repo.listCategories(db),
    repo.listSubcategories(db),
    repo.listTags(db),
    repo.listCities(db),
    repo.listSlugHistory(db),
  ]);
  return {
    categories,
    subcategories,
    tags,
    cities,
    slugHistory,
    categoryWords: new Map(categories.map((c) => [c.id, localizedWords(c.name, c.slug.replace(/-/g, ' '))])),
    subcategoryWords: new Map(subcategories.map((s) => [s.id, localizedWords(s.name, s.slug.replace(/-/g, ' '))])),
  };
}

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

/**
 * The answer kept under `key`, or `load`'s, kept as a promise so that concurrent askers share one load;
 * a load that fails is dropped, so the next asker tries again.
 */
function remembered<T>(cache: LRUCache<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
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
function filterKey(filter: repo.EventFilter, now: Date): string {
  const from = Math.abs(filter.from.getTime() - now.getTime()) < NOW_SLACK_MS ? 'now' : filter.from.getTime();
  return JSON.stringify({ ...filter, from });
}

export class CatalogSearch {
  private similarCache = new Map<string, { at: number; words: string[] }>();
  /** `total` per words and filters; the promise, so concurrent searches for the same words count once. */
  private readonly totals = new LRUCache<string, Promise<number>>({ max: CACHED_QUERIES, ttl: TOTAL_TTL_MS });
  /** How event titles write a near word, per language (the spelling suggestion). */
  private readonly writtenWords = new LRUCache<string, Promise<string>>({ max: CACHED_QUERIES, ttl: SIMILAR_TTL_MS });
  /** The first matches per sort, words and filters (FIRST_MATCHES), and the venues per words. */
  private readonly firstMatches = new LRUCache<string, Promise<RankedRow[]>>({ maxSize: CACHED_MATCH_ROWS, ttl: TOTAL_TTL_MS, sizeCalculation: () => FIRST_MATCHES + 1 });
  private readonly venueMatches = new LRUCache<string, ReturnType<typeof repo.searchVenues>>({ max: CACHED_QUERIES, ttl: TOTAL_TTL_MS });

  constructor(private readonly deps: CatalogSearchDeps) {}

  /** Forgets what was looked up so far: near words, counts and spellings (after a catalogue write). */
  clear(): void {
    this.similarCache.clear();
    this.totals.clear();
    this.writtenWords.clear();
    this.firstMatches.clear();
    this.venueMatches.clear();
  }

  /** How many events match the words and the filters (a series once), reused for TOTAL_TTL_MS. */
  private countMatches(plan: QueryPlan, filter: repo.EventFilter): Promise<number> {
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
      const rows = await repo.similarWords(this.deps.db, missing, { perWord: SIMILAR_PER_WORD, minSimilarity: MIN_SIMILARITY });
      if (this.similarCache.size > 10_000) this.similarCache.clear();
      for (const token of missing) {
        const words = rows.filter((row) => row.token === token).map((row) => row.similar);
        this.similarCache.set(token, { at: now, words });
        result.set(token, words);
      }
    }
    return result;
  }

  /**
   * Events, venues and categories matching `q` across scripts, diacritics and typos, with the listing's
   * filters. Events: upcoming only, in relevance order (repo.searchEvents) or soonest first, a page at a
   * time with the true total; venues and categories on the first page only.
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
    const paging = filter
      ? this.eventPage({ plan, filter, sort, limit, after, near: input.near, keep: !input.partialLast })
      : Promise.resolve({ page: [], next_cursor: null });
    // A first page with no next one holds every match, each series once, as the count counts them: its
    // length is the total, and the count (a read of every match) is left out. Most searches for a rare
    // word end there; the others count, once for all pages and page sizes (countMatches).
    const counting =
      filter && input.countTotal !== false
        ? paging.then((found) => (firstPage && found.next_cursor === null ? found.page.length : this.countMatches(plan, filter)))
        : null;
    const [page, total, venueRows, taxonomy, spelling] = await Promise.all([
      paging,
      counting,
      firstPage ? this.searchVenues(plan, Math.min(limit, 10)) : [],
      firstPage ? this.deps.taxonomy() : null,
      this.spelling(q, plan, locale),
    ]);
    return {
      query: q,
      events: page.page.map((row) => toEventSummary(row, locale)),
      venues: venueRows.map((row) => ({
        id: row.id,
        slug: row.slug,
        name: venueName(row, locale),
        locality: row.locality,
        city: { slug: row.citySlug, name: pickLocalized(row.cityName, locale) },
      })),
      categories: taxonomy ? this.matchCategories(taxonomy, plan, locale).slice(0, 10) : [],
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

  /** Venues whose names or addresses hold the words, kept like the counts. */
  private searchVenues(plan: QueryPlan, limit: number): ReturnType<typeof repo.searchVenues> {
    return remembered(this.venueMatches, `${limit}|${plan.strict}|${plan.expanded}`, () =>
      repo.searchVenues(this.deps.db, { expanded: plan.expanded, strict: plan.strict, limit }),
    );
  }

  /**
   * One page of matching events and the cursor of the next, in the order `sort` names. A page that lies
   * within the first matches of its words and filters is cut from them (FIRST_MATCHES); neither order
   * depends on the cursor (a series shows at its best date whatever the page), so a cut page is the page
   * the database would give.
   */
  private async eventPage(input: {
    plan: QueryPlan;
    filter: repo.EventFilter;
    sort: SearchSort;
    limit: number;
    after: PageAfter | undefined;
    near?: repo.GeoPoint;
    /** Whether this search keeps its first matches (not suggestions). */
    keep: boolean;
  }): Promise<{ page: repo.EventSummaryRow[]; next_cursor: string | null }> {
    const { plan, filter, sort, limit, after } = input;
    // Distances belong to the reader's point: those pages are not kept.
    if (!input.keep || sort === 'distance' || input.near) return this.readPage(input);
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
  private pageOf(rows: RankedRow[], sort: SearchSort, limit: number): { page: repo.EventSummaryRow[]; next_cursor: string | null } {
    if (sort === 'relevance') return keysetPage(rows, limit, (row) => ({ rank: row.rank ?? 0, at: row.startsAt, id: Number(row.id) }));
    return keysetPage(rows, limit, (row) => ({ at: row.startsAt, id: Number(row.id) }));
  }

  /** One page read from the database (limit + 1 rows), and the rows themselves. */
  private async readPage(input: {
    plan: QueryPlan;
    filter: repo.EventFilter;
    sort: SearchSort;
    limit: number;
    after: PageAfter | undefined;
    near?: repo.GeoPoint;
  }): Promise<{ page: repo.EventSummaryRow[]; next_cursor: string | null; rows: RankedRow[] }> {
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
    const rows = await repo.searchEvents(db, {
      ...plan,
      filter,
      limit: limit + 1,
      after: after && { rank: after.rank ?? 0, startsAt: after.at, id: after.id },
    });
    return { ...this.pageOf(rows, 'relevance', limit), rows };
  }

  /** Categories and subcategories whose names (any language) hold every query word, as a prefix or a near word. */
  private matchCategories(taxonomy: Taxonomy, plan: QueryPlan, locale: Locale): SearchResult['categories'] {
    const matches = (words: string[]) =>
      plan.tokens.every((token) => {
        const similar = plan.alternatives.get(token) ?? [];
        return words.some((word) => word.startsWith(token) || similar.some((near) => word.startsWith(near)));
      });
    const result: SearchResult['categories'] = [];
    for (const category of taxonomy.categories) {
      const base = {
        id: category.id,
        slug: category.slug,
        name: pickLocalized(category.name, locale),
        icon: category.icon,
      };
      if (matches(taxonomy.categoryWords.get(category.id) ?? [])) result.push({ ...base, subcategory: null });
    }
    for (const sub of taxonomy.subcategories) {
      const category = taxonomy.categories.find((c) => c.id === sub.categoryId);
      if (!category || !matches(taxonomy.subcategoryWords.get(sub.id) ?? [])) continue;
      result.push({
        id: category.id,
        slug: category.slug,
        name: pickLocalized(category.name, locale),
        icon: category.icon,
        subcategory: { id: sub.id, slug: sub.slug, name: pickLocalized(sub.name, locale) },
      });
    }
    return result;
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
