/**
 * Discovery: categories, tags, listings, event and venue pages, search (DESIGN §5).
 *
 * Called over HTTP by catalog-routes.ts and in-process by the web's route loaders
 * (`context.services.catalog`). Every method takes the reader's locale and answers in it (DESIGN §3
 * fallback). The public surface, with the shared types from src/shared/schemas/catalog.ts:
 *
 *   home(locale, { reservable }): Promise<Home>
 *   categories(locale): Promise<Category[]>
 *   tags(locale): Promise<Tag[]>
 *   listEvents({ locale, ...query }: { locale: Locale } & EventQuery): Promise<EventPage>
 *       query = EventQuerySchema output (slugs, comma-separated tags, 'true'/'false' flags, …). Throws
 *       AppError 400 `validation_failed` with field errors for an unknown category/subcategory/city/tag
 *       slug or a bad cursor: loaders should resolve slugs through categories() and answer 404 first.
 *   eventById(id, locale, options?: { origin?: string }): Promise<EventDetail | null>
 *       null when missing or unpublished. Past events are still returned (their pages stay).
 *   venueById(id, locale, options?: { origin?: string }): Promise<VenueDetail | null>
 *   search(q, locale, { limit }?): Promise<SearchResult>
 *   suggest(q, locale): Promise<Suggestion[]>
 *   invalidate(): void  — after any catalogue write: drops the in-memory category/tag/city cache and
 *       the API's few-seconds answer cache (catalog-routes.ts).
 *
 * `origin` (e.g. "https://kuda.rs") makes canonical/alternate/JSON-LD URLs absolute; PUBLIC_URL, when
 * configured, wins over it.
 */
import { INTL_LOCALE, LOCALES, pickLocalized, type Locale, type LocalizedText } from '../../shared/locales';
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_RADIUS_KM,
  MAX_PAGE_SIZE,
  VENUE_PAGE_SIZE,
  categoryPath,
  eventPath,
  venuePath,
  type Alternate,
  type Category,
  type EventDetail,
  type EventPage,
  type EventQuery,
  type EventSummary,
  type Home,
  type SearchResult,
  type Suggestion,
  type Tag,
  type VenueDetail,
} from '../../shared/schemas/catalog';
import { normalizeForSearch, searchTokens } from '../../shared/search-normalize';
import { DEFAULT_TIME_ZONE } from '../../shared/constants';
import type { Db } from '../db/client';
import { AppError } from '../lib/errors';
import { absoluteUrl, buildEventJsonLd, buildVenueJsonLd } from '../seo/json-ld';
import * as repo from './catalog-repository';
import { presetRange, startOfDate } from './zoned-time';

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE };
const HOME_ROW_SIZE = 10;
const SEARCH_LIMIT = 20;
const TAXONOMY_TTL_MS = 60_000;
/** Typo tolerance: nearest dictionary words per query word, and how similar (pg_trgm) they must be. */
const SIMILAR_PER_WORD = 6;
const MIN_SIMILARITY = 0.35;
const MIN_TYPO_WORD_LENGTH = 4;
const MAX_INT4 = 2_147_483_647;

export function toEventSummary(row: repo.EventSummaryRow, locale: Locale): EventSummary {
  const image = row.images[0];
  const title = pickLocalized(row.title, locale);
  return {
    id: Number(row.id),
    slug: row.slug,
    title,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt ? row.endsAt.toISOString() : null,
    time_zone: row.timeZone,
    status: row.status,
    attendance_mode: row.attendanceMode,
    category: { id: row.categoryId, slug: row.categorySlug, name: pickLocalized(row.categoryName, locale) },
    venue:
      row.venueId !== null && row.venueSlug && row.venueName
        ? { id: row.venueId, slug: row.venueSlug, name: row.venueName, locality: row.venueLocality ?? '' }
        : null,
    image: image
      ? { url: image.url, width: image.width, height: image.height, alt: pickLocalized(image.alt, locale) || title }
      : null,
    price: { min: row.priceMin, max: row.priceMax, currency: row.currency },
    is_free: isFreePrice(row.priceMax),
    reservable: row.reservable,
  };
}

/**
 * A top price of 0 is free; no top price (null) is a price not announced yet, which is not free: a
 * reader who filters for free events must not be sent to one that turns out to cost money.
 */
export function isFreePrice(priceMax: number | null): boolean {
  return priceMax === 0;
}

/** Cursor = base64url of "startsAtISO|id": opaque to clients, stable across inserts. */
export function encodeCursor(row: { startsAt: Date; id: number }): string {
  return Buffer.from(`${row.startsAt.toISOString()}|${row.id}`).toString('base64url');
}

function invalidField(field: string, message = 'field.invalid'): AppError {
  return new AppError(400, 'validation_failed', {}, { [field]: [message] });
}

export function decodeCursor(cursor: string): { startsAt: Date; id: number } {
  const [iso, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const startsAt = new Date(iso ?? '');
  const numericId = Number(id);
  if (rest.length > 0 || Number.isNaN(startsAt.getTime()) || !Number.isSafeInteger(numericId) || numericId < 1) {
    throw invalidField('cursor');
  }
  return { startsAt, id: numericId };
}

interface Taxonomy {
  categories: Awaited<ReturnType<typeof repo.listCategories>>;
  subcategories: Awaited<ReturnType<typeof repo.listSubcategories>>;
  tags: Awaited<ReturnType<typeof repo.listTags>>;
  cities: Awaited<ReturnType<typeof repo.listCities>>;
  /** Normalised words of every name in every language, and the slug, per category / subcategory. */
  categoryWords: Map<number, string[]>;
  subcategoryWords: Map<number, string[]>;
}

interface QueryPlan {
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

export interface CatalogServiceDeps {
  db: Db;
  now?: () => Date;
  /** PUBLIC_URL: the origin of absolute URLs (canonical, alternates, JSON-LD, sitemap). */
  publicUrl?: string;
}

export class CatalogService {
  private taxonomyCache?: { loadedAt: number; value: Promise<Taxonomy> };
  private similarCache = new Map<string, { at: number; words: string[] }>();

  constructor(private readonly deps: CatalogServiceDeps) {}

  private now() {
    return this.deps.now?.() ?? new Date();
  }

  /** The origin for absolute URLs: PUBLIC_URL when set, else the caller's (the request's) origin. */
  origin(requestOrigin?: string): string {
    return (this.deps.publicUrl ?? requestOrigin ?? 'http://localhost:3000').replace(/\/+$/, '');
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
    this.similarCache.clear();
    this.version += 1;
  }

  /**
   * Category tree, tags and cities change rarely and are read on every page: kept in memory, dropped by
   * invalidate() and, because another instance may have written, after a minute at most.
   */
  private taxonomy(): Promise<Taxonomy> {
    const cached = this.taxonomyCache;
    if (cached && Date.now() - cached.loadedAt < TAXONOMY_TTL_MS) return cached.value;
    const db = this.deps.db;
    const value = Promise.all([repo.listCategories(db), repo.listSubcategories(db), repo.listTags(db), repo.listCities(db)]).then(
      ([cats, subs, tagRows, cityRows]) => ({
        categories: cats,
        subcategories: subs,
        tags: tagRows,
        cities: cityRows,
        categoryWords: new Map(cats.map((c) => [c.id, localizedWords(c.name, c.slug.replace(/-/g, ' '))])),
        subcategoryWords: new Map(subs.map((s) => [s.id, localizedWords(s.name, s.slug.replace(/-/g, ' '))])),
      }),
    );
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

  async tags(locale: Locale): Promise<Tag[]> {
    const { tags: rows } = await this.taxonomy();
    return rows.map((tag) => ({ id: tag.id, slug: tag.slug, name: pickLocalized(tag.name, locale) }));
  }

  async listEvents(input: { locale: Locale } & EventQuery & { venueId?: number }): Promise<EventPage> {
    const limit = Math.min(input.limit ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
    const filter = await this.resolveFilter(input);
    if (!filter) return { items: [], next_cursor: null };
    const rows = await repo.listEvents(this.deps.db, {
      ...filter,
      limit: limit + 1,
      after: input.cursor ? decodeCursor(input.cursor) : undefined,
    });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      items: page.map((row) => toEventSummary(row, input.locale)),
      next_cursor: rows.length > limit && last ? encodeCursor({ startsAt: last.startsAt, id: Number(last.id) }) : null,
    };
  }

  /** Turns the public query into SQL-ready filters; null when nothing can match (no venue near the point). */
  private async resolveFilter(input: EventQuery & { venueId?: number }): Promise<repo.EventFilter | null> {
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
      const [lat = 0, lng = 0] = input.near.split(',').map(Number);
      const near = await repo.venueIdsNear(this.deps.db, { lat, lng, radiusKm: input.radius_km ?? DEFAULT_RADIUS_KM });
      venueIds = venueIds ? venueIds.filter((id) => near.includes(id)) : near;
    }
    if (venueIds) {
      if (venueIds.length === 0) return null;
      filter.venueIds = venueIds;
    }
    if (input.q && input.q.trim()) {
      const plan = await this.queryPlan(input.q);
      if (!plan) return null;
      filter.tsquery = plan.expanded;
    }
    return filter;
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
  private async queryPlan(q: string, options: { partialLast?: boolean } = {}): Promise<QueryPlan | null> {
    const tokens = this.queryTokens(q);
    if (tokens.length === 0) return null;
    const typing = options.partialLast && !/\s$/.test(q) ? tokens[tokens.length - 1] : undefined;
    const alternatives = await this.similarWords(
      tokens.filter((token) => token.length >= MIN_TYPO_WORD_LENGTH && token !== typing),
    );
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
      if (hit && now - hit.at < TAXONOMY_TTL_MS) result.set(token, hit.words);
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

  async home(locale: Locale, options: { reservable?: boolean } = {}): Promise<Home> {
    const [{ categories: cats }, rows] = await Promise.all([
      this.taxonomy(),
      repo.listHomeRows(this.deps.db, { from: this.now(), perCategory: HOME_ROW_SIZE, reservable: options.reservable === true }),
    ]);
    const byCategory = new Map<number, EventSummary[]>();
    for (const row of rows) {
      const list = byCategory.get(Number(row.rowCategoryId)) ?? [];
      list.push(toEventSummary(row, locale));
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

  alternates(origin: string, pathFor: (locale: Locale) => string): Alternate[] {
    return [
      ...LOCALES.map((locale) => ({ hreflang: locale, href: absoluteUrl(origin, pathFor(locale)) })),
      { hreflang: 'x-default', href: absoluteUrl(origin, pathFor('sr')) },
    ];
  }

  async eventById(id: number, locale: Locale, options: { origin?: string } = {}): Promise<EventDetail | null> {
    if (!Number.isSafeInteger(id) || id < 1) return null;
    const row = await repo.findEventDetail(this.deps.db, id);
    if (!row) return null;
    const origin = this.origin(options.origin);
    const title = pickLocalized(row.title, locale);
    const images = row.images.map((image) => ({
      url: image.url,
      width: image.width,
      height: image.height,
      alt: pickLocalized(image.alt, locale) || title,
    }));
    const path = eventPath(locale, row);
    const venue =
      row.venueId !== null && row.venueSlug && row.venueName
        ? {
            id: row.venueId,
            slug: row.venueSlug,
            name: row.venueName,
            locality: row.venueLocality ?? '',
            street_address: row.venueStreet ?? '',
            postal_code: row.venuePostalCode ?? '',
            country: row.venueCountry ?? 'RS',
            lat: row.venueLat ?? 0,
            lng: row.venueLng ?? 0,
            website: row.venueWebsite,
            city: { slug: row.citySlug ?? '', name: pickLocalized(row.cityName, locale) },
            map_url: mapUrl(row.venueLat ?? 0, row.venueLng ?? 0),
          }
        : null;
    const isFree = isFreePrice(row.priceMax);
    // Without a top price the price is not announced: no low price either (it would read as "from X").
    const announced = row.priceMax !== null;
    const detail: Omit<EventDetail, 'json_ld'> = {
      id: row.id,
      slug: row.slug,
      title,
      starts_at: row.startsAt.toISOString(),
      ends_at: row.endsAt ? row.endsAt.toISOString() : null,
      time_zone: row.timeZone,
      status: row.status,
      attendance_mode: row.attendanceMode,
      category: { id: row.categoryId, slug: row.categorySlug, name: pickLocalized(row.categoryName, locale) },
      venue,
      image: images[0] ?? null,
      price: { min: row.priceMin, max: row.priceMax, currency: row.currency },
      is_free: isFree,
      reservable: row.reservable,
      description: pickLocalized(row.description, locale),
      images,
      subcategory:
        row.subcategoryId !== null && row.subcategorySlug
          ? { id: row.subcategoryId, slug: row.subcategorySlug, name: pickLocalized(row.subcategoryName, locale) }
          : null,
      tags: row.tags.map((tag) => ({ id: tag.id, slug: tag.slug, name: pickLocalized(tag.name, locale) })),
      organizer: row.organizerName ? { name: row.organizerName, website: row.organizerWebsite } : null,
      performers: row.performers.map((performer) => ({ name: performer.name, type: performer.type })),
      offers: {
        currency: row.currency,
        low_price: announced ? (row.priceMin ?? row.priceMax) : null,
        high_price: announced ? row.priceMax : null,
        offer_count: row.offerCount,
        is_free: isFree,
      },
      online_url: row.onlineUrl,
      updated_at: row.updatedAt.toISOString(),
      path,
      canonical_url: absoluteUrl(origin, path),
      alternates: this.alternates(origin, (lang) => eventPath(lang, row)),
    };
    return { ...detail, json_ld: buildEventJsonLd(detail, { origin, locale }) };
  }

  async venueById(id: number, locale: Locale, options: { origin?: string } = {}): Promise<VenueDetail | null> {
    // Venue ids are 32-bit (serial): a larger one names no venue, and PostgreSQL would refuse to compare it.
    if (!Number.isSafeInteger(id) || id < 1 || id > MAX_INT4) return null;
    const row = await repo.findVenue(this.deps.db, id);
    if (!row) return null;
    const origin = this.origin(options.origin);
    const page = await this.listEvents({ locale, venueId: row.id, limit: VENUE_PAGE_SIZE });
    const path = venuePath(locale, row);
    const venue = {
      id: row.id,
      slug: row.slug,
      name: row.name,
      locality: row.locality,
      street_address: row.streetAddress,
      postal_code: row.postalCode,
      country: row.country,
      lat: row.lat,
      lng: row.lng,
      website: row.website,
      city: { slug: row.citySlug, name: pickLocalized(row.cityName, locale) },
      map_url: mapUrl(row.lat, row.lng),
      description: pickLocalized(row.description, locale),
    };
    const canonicalUrl = absoluteUrl(origin, path);
    return {
      venue,
      events: page.items,
      next_cursor: page.next_cursor,
      path,
      canonical_url: canonicalUrl,
      alternates: this.alternates(origin, (lang) => venuePath(lang, row)),
      json_ld: buildVenueJsonLd(venue, { canonicalUrl }),
    };
  }

  /**
   * Events, venues and categories matching `q` across scripts, diacritics and typos. Events: upcoming
   * only, the ones with every word in the title first, then by date.
   */
  async search(q: string, locale: Locale, options: { limit?: number; partialLast?: boolean } = {}): Promise<SearchResult> {
    const limit = Math.min(Math.max(options.limit ?? SEARCH_LIMIT, 1), 50);
    const plan = await this.queryPlan(q, { partialLast: options.partialLast });
    if (!plan) return { query: q, events: [], venues: [], categories: [] };
    const db = this.deps.db;
    const [eventRows, venueRows, taxonomy] = await Promise.all([
      repo.searchEvents(db, { from: this.now(), ...plan, limit }),
      repo.searchVenues(db, { expanded: plan.expanded, strict: plan.strict, limit: Math.min(limit, 10) }),
      this.taxonomy(),
    ]);
    return {
      query: q,
      events: eventRows.map((row) => toEventSummary(row, locale)),
      venues: venueRows.map((row) => ({ id: row.id, slug: row.slug, name: row.name, locality: row.locality })),
      categories: this.matchCategories(taxonomy, plan, locale).slice(0, 10),
    };
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
  async suggest(q: string, locale: Locale): Promise<Suggestion[]> {
    const result = await this.search(q, locale, { limit: 5, partialLast: true });
    const formats = new Map<string, Intl.DateTimeFormat>();
    const when = (event: EventSummary) => {
      let format = formats.get(event.time_zone);
      if (!format) {
        format = new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'medium', timeStyle: 'short', timeZone: event.time_zone });
        formats.set(event.time_zone, format);
      }
      return format.format(new Date(event.starts_at));
    };
    return [
      ...result.categories.slice(0, 3).map(
        (category): Suggestion => ({
          kind: 'category',
          id: category.subcategory?.id ?? category.id,
          label: category.subcategory?.name ?? category.name,
          secondary: category.subcategory ? category.name : null,
          path: categoryPath(locale, category, category.subcategory),
        }),
      ),
      ...result.venues.slice(0, 3).map(
        (venue): Suggestion => ({
          kind: 'venue',
          id: venue.id,
          label: venue.name,
          secondary: venue.locality || null,
          path: venuePath(locale, venue),
        }),
      ),
      ...result.events.slice(0, 5).map(
        (event): Suggestion => ({
          kind: 'event',
          id: event.id,
          label: event.title,
          secondary: [when(event), event.venue?.name].filter(Boolean).join(' · '),
          path: eventPath(locale, event),
        }),
      ),
    ];
  }
}

/** An OpenStreetMap link centred on the venue. */
export function mapUrl(lat: number, lng: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
}
