/**
 * Discovery: categories, tags, listings, event and venue pages, search (DESIGN §5).
 *
 * Called over HTTP by catalog-routes.ts and in-process by the web's route loaders
 * (`context.services.catalog`). Every method takes the reader's locale and answers in it (DESIGN §3
 * fallback). The public surface, with the shared types from src/shared/schemas/catalog.ts:
 *
 *   home(locale, { reservable, when, from, to, city }): Promise<Home>  (the listing's rules for the date and city)
 *   categories(locale): Promise<Category[]>
 *   tags(locale): Promise<Tag[]>
 *   listEvents({ locale, ...query }: { locale: Locale } & EventQuery): Promise<EventPage>
 *       query = EventQuerySchema output (slugs, comma-separated tags, 'true'/'false' flags, …). Throws
 *       AppError 400 `validation_failed` with field errors for an unknown category/subcategory/city/tag
 *       slug or a bad cursor: loaders should resolve slugs through categories() and answer 404 first.
 *       `sort=distance` (needs `near`) orders by distance, then date; with `near`, cards carry `distance_km`.
 *   eventPoints({ locale, ...query }: { locale: Locale } & EventMapQuery): Promise<EventPointList>
 *       every event of the same listing as a map point (at most MAX_MAP_POINTS), same 400s.
 *   eventById(id, locale, options?: { origin?: string }): Promise<EventDetail | null>
 *       null when missing or unpublished. Past events are still returned (their pages stay). A date of
 *       a series lists the series' other upcoming dates (`series_dates`).
 *   eventRemoved(id): Promise<boolean>  — taken off the site by moderation (a report): 410, not 404.
 *   venueById(id, locale, options?: { origin?: string }): Promise<VenueDetail | null>
 *   cities(): Promise<City[]>  — names in every language (GET /cities, the search page's city filter)
 *   search(q, locale, { sort, cursor, limit, ...listing filters }?): Promise<SearchResult>  (catalog-search.ts)
 *       the filters as listEvents takes them (same 400s); a cursor of the other sort is a 400.
 *   suggest(q, locale): Promise<Suggestion[]>                 (catalog-search.ts)
 *   currentListingSlugs({ category, subcategory?, tags? }): Promise<ListingSlugs | null>
 *       where a listing URL's slugs live now (renamed entries, merged tags: the 301s of old URLs); null
 *       when the category or subcategory names no visible entry, now or before.
 *   invalidate(): void  — after any catalogue write: drops the in-memory category/tag/city cache and
 *       the API's few-seconds answer cache (catalog-routes.ts).
 *
 * `origin` is the request's origin; the absolute URLs (canonical, alternates, JSON-LD) use the one public
 * origin of the settings (`publicOrigin` in config.ts), which is PUBLIC_URL when configured.
 * Rows become answers in event-mapping.ts.
 */
import { pickLocalized, type Locale } from '../../shared/locales';
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_RADIUS_KM,
  MAX_MAP_POINTS,
  MAX_PAGE_SIZE,
  VENUE_PAGE_SIZE,
  type Category,
  type City,
  type EventDetail,
  type EventMapQuery,
  type EventPage,
  type EventPointList,
  type EventQuery,
  type EventSummary,
  type Home,
  type SearchQuery,
  type SearchResult,
  type Suggestion,
  type Tag,
  type VenueDetail,
} from '../../shared/schemas/catalog';
import { DEFAULT_TIME_ZONE } from '../../shared/constants';
import { publicOrigin } from '../config';
import type { Db } from '../db/client';
import { decodeCursor } from '../../shared/schemas/common';
import { keysetPage, readCursor } from '../lib/cursor';
import { invalidField } from '../lib/errors';
import { photosOf } from '../organizer/organizer-venues-repository';
import * as repo from './catalog-repository';
import type { SearchIndex } from './search-index';
import { CatalogSearch } from './catalog-search';
import { loadTaxonomy, TAXONOMY_TTL_MS, type Taxonomy } from './search-taxonomy';
import { cardNames, forgetCardNames } from './card-names';
import { ownRank } from './card-cache';
import { toEventDetail, toEventPoint, toEventSummary, toVenueDetail } from './event-mapping';
import { presetRange, startOfDate } from '../../shared/zoned-time';

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE };

/** `near` as the schema let it through ("lat,lng"). */
function nearPoint(near: string): repo.GeoPoint {
  const [lat = 0, lng = 0] = near.split(',').map(Number);
  return { lat, lng };
}
const HOME_ROW_SIZE = 10;

/**
 * A listing pages by (tier, date, id) since cancelled events sink to its end; a date-only cursor, handed
 * out before that, still reads as the first tier, so a page open across a deploy keeps scrolling.
 */
function readListingCursor(value: string | undefined) {
  const dated = value === undefined ? undefined : decodeCursor(value, { dated: true });
  if (dated?.at) return { id: dated.id, at: dated.at, rank: 0 };
  return readCursor(value, { ranked: true });
}
const MAX_INT4 = 2_147_483_647;
/** How many other dates of a series an event page lists. */
const SERIES_DATES_SHOWN = 24;

/** The taxonomy slugs of a listing URL (path and `?tags=`). */
export interface ListingSlugs {
  category: string;
  subcategory: string | null;
  tags: string[];
}

export interface CatalogServiceDeps {
  db: Db;
  now?: () => Date;
  /** PUBLIC_URL: the origin of absolute URLs (canonical, alternates, JSON-LD, sitemap). */
  publicUrl?: string;
}

export class CatalogService {
  private taxonomyCache?: { loadedAt: number; value: Promise<Taxonomy> };
  private readonly searcher: CatalogSearch;

  /** The in-memory index of published events that search and listings page from (search-index.ts). */
  get searchIndex(): SearchIndex {
    return this.searcher.index;
  }

  constructor(private readonly deps: CatalogServiceDeps) {
    this.searcher = new CatalogSearch({ db: deps.db, taxonomy: () => this.taxonomy(), now: () => this.now() });
  }

  private now() {
    return this.deps.now?.() ?? new Date();
  }

  /** The origin for absolute URLs: PUBLIC_URL when set, else the caller's (the request's) origin. */
  origin(requestOrigin?: string): string {
    return publicOrigin({ PUBLIC_URL: this.deps.publicUrl }, requestOrigin);
  }

  private version = 0;

  /** Changes on every invalidate(): caches of answers built from the catalogue key on it. */
  get cacheVersion(): number {
    return this.version;
  }

  /**
   * Call after any catalogue write (events, venues, categories, tags): drops the cached category tree,
   * tags and cities, and makes the API's short-lived answer cache miss.
   */
  invalidate(): void {
    this.taxonomyCache = undefined;
    forgetCardNames(this.deps.db);
    this.searcher.clear();
    this.version += 1;
  }

  /**
   * Category tree, tags and cities change rarely and are read on every page: kept in memory, dropped by
   * invalidate() and, because another instance may have written, after a minute at most.
   */
  private taxonomy(): Promise<Taxonomy> {
    const cached = this.taxonomyCache;
    if (cached && Date.now() - cached.loadedAt < TAXONOMY_TTL_MS) return cached.value;
    const value = loadTaxonomy(this.deps.db);
    this.taxonomyCache = { loadedAt: Date.now(), value };
    value.catch(() => {
      if (this.taxonomyCache?.value === value) this.taxonomyCache = undefined;
    });
    return value;
  }

  async categories(locale: Locale): Promise<Category[]> {
    const { categories: cats, subcategories: subs } = await this.taxonomy();
    return cats.map((category) => ({
      id: category.id,
      slug: category.slug,
      name: pickLocalized(category.name, locale),
      icon: category.icon,
      subcategories: subs
        .filter((sub) => sub.categoryId === category.id)
        .map((sub) => ({ id: sub.id, slug: sub.slug, name: pickLocalized(sub.name, locale) })),
    }));
  }

  /** Every city with its name in each language (missing ones fall back as pages do, DESIGN §3). */
  async cities(): Promise<City[]> {
    const { cities: rows } = await this.taxonomy();
    return rows.map((city) => ({
      id: city.id,
      slug: city.slug,
      name: { sr: pickLocalized(city.name, 'sr'), en: pickLocalized(city.name, 'en'), uk: pickLocalized(city.name, 'uk'), ru: pickLocalized(city.name, 'ru') },
    }));
  }

  async tags(locale: Locale): Promise<Tag[]> {
    const { tags: rows } = await this.taxonomy();
    return rows.map((tag) => ({ id: tag.id, slug: tag.slug, name: pickLocalized(tag.name, locale) }));
  }

  /**
   * The slugs a listing URL should use now. A slug a visible entry holds is kept (the live entry wins over
   * any history); one given up by a rename or a tag merge becomes the current slug of the entry it leads
   * to, however many times that entry was renamed since (every old slug names the entry's id, not the next
   * slug). A subcategory's history is scoped by its category's id, which a category rename keeps. Tag slugs
   * that name nothing are left as they are (listing pages drop unknown tags). Null when the category or
   * subcategory names no visible entry, now or before: hidden entries are 404 like deleted ones.
   */
  async currentListingSlugs(input: { category: string; subcategory?: string | null; tags?: readonly string[] }): Promise<ListingSlugs | null> {
    const { categories, subcategories, tags, slugHistory } = await this.taxonomy();
    const formerly = (kind: 'category' | 'subcategory' | 'tag', scope: number, slug: string) =>
      slugHistory.find((entry) => entry.kind === kind && entry.scope === scope && entry.oldSlug === slug)?.targetId;
    const category =
      categories.find((candidate) => candidate.slug === input.category) ??
      categories.find((candidate) => candidate.id === formerly('category', 0, input.category));
    if (!category) return null;
    let subcategory: string | null = null;
    if (input.subcategory) {
      const wanted = input.subcategory;
      const siblings = subcategories.filter((candidate) => candidate.categoryId === category.id);
      const found =
        siblings.find((candidate) => candidate.slug === wanted) ?? siblings.find((candidate) => candidate.id === formerly('subcategory', category.id, wanted));
      if (!found) return null;
      subcategory = found.slug;
    }
    const current = (input.tags ?? []).map((slug) =>
      tags.some((tag) => tag.slug === slug) ? slug : (tags.find((tag) => tag.id === formerly('tag', 0, slug))?.slug ?? slug),
    );
    return { category: category.slug, subcategory, tags: [...new Set(current)] };
  }

  async listEvents(input: { locale: Locale } & EventQuery & { venueId?: number }): Promise<EventPage> {
    const limit = Math.min(input.limit ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
    const byDistance = input.sort === 'distance';
    if (byDistance && !input.near) throw invalidField('sort', 'field.requires_near');
    const near = input.near ? nearPoint(input.near) : undefined;
    // Read before anything else: a bad cursor (or one of the other order) is a 400 whatever matches.
    const distanced = byDistance ? readCursor(input.cursor, { distanced: true }) : undefined;
    const listed = byDistance ? undefined : readListingCursor(input.cursor);
    const filter = await this.resolveFilter(input);
    if (!filter) return { items: [], next_cursor: null };
    if (byDistance) {
      const rows = await repo.listEvents(this.deps.db, {
        ...filter,
        limit: limit + 1,
        near,
        byDistance,
        after: distanced && { startsAt: distanced.at, id: distanced.id, distance: distanced.distance },
      });
      const { page, next_cursor } = keysetPage(rows, limit, (row) => ({ distance: row.distanceMetres ?? 0, at: row.startsAt, id: Number(row.id) }));
      const names = await cardNames(this.deps.db, page);
      return { items: page.map((row) => toEventSummary(row, input.locale, names)), next_cursor };
    }
    const indexed = near ? null : await this.listFromIndex(filter, limit + 1, listed);
    const { cards: rows, rankOf } = indexed ?? {
      cards: await repo.listEventsLiveFirst(this.deps.db, {
        ...filter,
        limit: limit + 1,
        near,
        after: listed && { rank: listed.rank, startsAt: listed.at, id: listed.id },
      }),
      rankOf: ownRank,
    };
    const { page, next_cursor } = keysetPage(rows, limit, (row) => ({ rank: rankOf(row), at: row.startsAt, id: Number(row.id) }));
    const names = await cardNames(this.deps.db, page);
    return { items: page.map((row) => this.searcher.cards.summary(row, input.locale, names)), next_cursor };
  }

  /**
   * A listing's page chosen by the search index and its cards read by id (kept for 30 s), in the order
   * and with the ranks repo.listEventsLiveFirst gives; null where the index does not answer (search-index.ts
   * list). A cached-miss page was two statements planned anew each time, PostgreSQL's and the server's work
   * alike (docs/performance.md).
   */
  private async listFromIndex(filter: repo.EventFilter, limit: number, after: { rank: number; at: Date; id: number } | undefined) {
    const chosen = await this.searcher.index.list({ filter, limit, after });
    return chosen && this.searcher.cards.rankedCards(chosen, filter);
  }

  /**
   * Every event of a listing as a map point, soonest first, at most MAX_MAP_POINTS (then `truncated`).
   * One lean answer rather than the map paging through cards: a marker needs five fields, and the map
   * must show the whole listing, not the pages the reader happened to scroll through.
   */
  async eventPoints(input: { locale: Locale } & EventMapQuery): Promise<EventPointList> {
    const filter = await this.resolveFilter(input);
    if (!filter) return { items: [], truncated: false };
    const rows = await repo.listEventPoints(this.deps.db, { ...filter, limit: MAX_MAP_POINTS + 1 });
    return { items: rows.slice(0, MAX_MAP_POINTS).map((row) => toEventPoint(row, input.locale)), truncated: rows.length > MAX_MAP_POINTS };
  }

  /** Turns the public query into SQL-ready filters; null when nothing can match (no venue near the point). */
  private async resolveFilter(input: EventMapQuery & { venueId?: number }): Promise<repo.EventFilter | null> {
    const taxonomy = await this.taxonomy();
    const now = this.now();
    const filter: repo.EventFilter = { from: now };
    if (input.category) {
      const category = taxonomy.categories.find((c) => c.slug === input.category);
      if (!category) throw invalidField('category', 'field.unknown_value');
      filter.categoryId = category.id;
      if (input.subcategory) {
        const sub = taxonomy.subcategories.find((s) => s.categoryId === category.id && s.slug === input.subcategory);
        if (!sub) throw invalidField('subcategory', 'field.unknown_value');
        filter.subcategoryId = sub.id;
      }
    }
    if (input.tags) {
      const slugs = [...new Set(input.tags.split(','))];
      const ids = slugs.map((slug) => taxonomy.tags.find((tag) => tag.slug === slug)?.id);
      if (ids.some((id) => id === undefined)) throw invalidField('tags', 'field.unknown_value');
      filter.tagIds = ids as number[];
    }
    if (input.when) {
      const range = presetRange(input.when, now, DEFAULT_TIME_ZONE);
      filter.from = range.from;
      filter.to = range.to;
    }
    if (input.from) {
      const from = startOfDate(input.from, DEFAULT_TIME_ZONE);
      if (from > filter.from) filter.from = from;
    }
    if (input.to) {
      const to = startOfDate(input.to, DEFAULT_TIME_ZONE, 1);
      if (!filter.to || to < filter.to) filter.to = to;
    }
    if (filter.to && filter.to <= filter.from) return null;
    if (input.reservable) filter.reservable = input.reservable === 'true';
    if (input.organizer !== undefined) filter.organizerId = input.organizer;
    if (input.free) filter.free = input.free === 'true';

    let venueIds: number[] | undefined;
    const venueId = input.venueId ?? input.venue;
    if (venueId !== undefined) venueIds = [venueId];
    if (input.city) {
      const city = taxonomy.cities.find((c) => c.slug === input.city);
      if (!city) throw invalidField('city', 'field.unknown_value');
      const inCity = await repo.venueIdsInCity(this.deps.db, city.id);
      venueIds = venueIds ? venueIds.filter((id) => inCity.includes(id)) : inCity;
    }
    if (input.near) {
      const near = await repo.venueIdsNear(this.deps.db, { ...nearPoint(input.near), radiusKm: input.radius_km ?? DEFAULT_RADIUS_KM });
      venueIds = venueIds ? venueIds.filter((id) => near.includes(id)) : near;
    }
    if (venueIds) {
      if (venueIds.length === 0) return null;
      filter.venueIds = venueIds;
    }
    if (input.q && input.q.trim()) {
      const plan = await this.searcher.queryPlan(input.q);
      if (!plan) return null;
      filter.tsquery = plan.expanded;
    }
    return filter;
  }

  /**
   * Home rows: the next events of every category, in the categories' order. `when`, `from`/`to` and `city`
   * narrow them as they narrow a listing (same rules, same 400s for an unknown city).
   */
  async home(locale: Locale, options: { reservable?: boolean } & Pick<EventQuery, 'when' | 'from' | 'to' | 'city'> = {}): Promise<Home> {
    const { reservable, ...narrowing } = options;
    const [{ categories: cats }, filter] = await Promise.all([this.taxonomy(), this.resolveFilter(narrowing)]);
    if (!filter) return { rows: [] };
    const rows = await repo.listHomeRows(this.deps.db, {
      from: filter.from,
      to: filter.to,
      venueIds: filter.venueIds,
      perCategory: HOME_ROW_SIZE,
      reservable: reservable === true,
    });
    const names = await cardNames(this.deps.db, rows);
    const byCategory = new Map<number, EventSummary[]>();
    for (const row of rows) {
      const list = byCategory.get(Number(row.rowCategoryId)) ?? [];
      list.push(toEventSummary(row, locale, names));
      byCategory.set(Number(row.rowCategoryId), list);
    }
    return {
      rows: cats
        .map((category) => ({
          category: { id: category.id, slug: category.slug, name: pickLocalized(category.name, locale), icon: category.icon },
          events: byCategory.get(category.id) ?? [],
        }))
        .filter((row) => row.events.length > 0),
    };
  }

  async eventById(id: number, locale: Locale, options: { origin?: string } = {}): Promise<EventDetail | null> {
    if (!Number.isSafeInteger(id) || id < 1) return null;
    const row = await repo.findEventDetail(this.deps.db, id);
    if (!row) return null;
    const seriesDates =
      row.seriesId === null
        ? []
        : await repo.listSeriesDates(this.deps.db, { seriesId: row.seriesId, exceptId: row.id, from: this.now(), limit: SERIES_DATES_SHOWN });
    return toEventDetail({ row, locale, origin: this.origin(options.origin), seriesDates });
  }

  /** Whether the event was taken off the site by moderation (its page answers 410, not 404). */
  async eventRemoved(id: number): Promise<boolean> {
    if (!Number.isSafeInteger(id) || id < 1) return false;
    return repo.isEventRemoved(this.deps.db, id);
  }

  async venueById(id: number, locale: Locale, options: { origin?: string } = {}): Promise<VenueDetail | null> {
    // Venue ids are 32-bit (serial): a larger one names no venue, and PostgreSQL would refuse to compare it.
    if (!Number.isSafeInteger(id) || id < 1 || id > MAX_INT4) return null;
    const row = await repo.findVenue(this.deps.db, id);
    if (!row) return null;
    const [page, photos] = await Promise.all([
      this.listEvents({ locale, venueId: row.id, limit: VENUE_PAGE_SIZE }),
      photosOf(this.deps.db, [row.id], { ready: true }),
    ]);
    return toVenueDetail({ row, locale, origin: this.origin(options.origin), page, photos });
  }

  /**
   * Events, venues and categories matching `q` across scripts, diacritics and typos, with the listing's
   * filters. Events: upcoming only; `relevance` (default) puts the ones with every word in a title first,
   * then by date; `soonest` by date. Paged by `cursor`, with the true `total`.
   */
  async search(q: string, locale: Locale, options: Omit<SearchQuery, 'q'> = {}): Promise<SearchResult> {
    const { sort, cursor, limit, ...filters } = options;
    // The listing's filters mean here what they mean on GET /events (same rules, same 400s), `near` too:
    // it narrows to venues within the radius, and orders by distance when `sort=distance`.
    if (sort === 'distance' && !filters.near) throw invalidField('sort', 'field.requires_near');
    const filter = await this.resolveFilter(filters);
    const near = filters.near ? nearPoint(filters.near) : undefined;
    return this.searcher.search({ q, locale, limit, sort, cursor, filter, near });
  }

  /** As-you-type suggestions: a few categories, venues and events, each with the page to open. */
  suggest(q: string, locale: Locale): Promise<Suggestion[]> {
    return this.searcher.suggest({ q, locale });
  }
}
