import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { LocalizedText } from '../../shared/locales';
import type { DbOrTx } from '../db/client';
import { categories, cities, events, organizers, subcategories, tags, venues } from '../db/schema';

export const eventSummaryColumns = {
  id: events.id,
  slug: events.slug,
  title: events.title,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  timeZone: events.timeZone,
  status: events.status,
  attendanceMode: events.attendanceMode,
  images: events.images,
  currency: events.currency,
  priceMin: events.priceMin,
  priceMax: events.priceMax,
  reservable: events.reservable,
  categoryId: categories.id,
  categorySlug: categories.slug,
  categoryName: categories.name,
  venueId: venues.id,
  venueSlug: venues.slug,
  venueName: venues.name,
  venueLocality: venues.locality,
};

export type EventSummaryRow = Awaited<ReturnType<typeof listEvents>>[number];

/** Ids are validated integers, so an inline ARRAY literal is safe and works the same on PGlite and pg. */
function intArray(ids: readonly number[]): SQL {
  return sql.raw(`ARRAY[${ids.map((id) => String(Math.trunc(Number(id)))).join(',')}]::bigint[]`);
}

/** Normalised search words are [a-z0-9]+ only (search-normalize.ts); anything else is refused. */
function wordArray(words: readonly string[]): SQL {
  for (const word of words) if (!/^[a-z0-9]+$/.test(word)) throw new Error(`Not a normalised word: ${word}`);
  return sql.raw(`ARRAY[${words.map((word) => `'${word}'`).join(',')}]::text[]`);
}

export function listCategories(db: DbOrTx) {
  return db
    .select({ id: categories.id, slug: categories.slug, name: categories.name, icon: categories.icon })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.id));
}

export function listSubcategories(db: DbOrTx) {
  return db
    .select({ id: subcategories.id, categoryId: subcategories.categoryId, slug: subcategories.slug, name: subcategories.name })
    .from(subcategories)
    .orderBy(asc(subcategories.position), asc(subcategories.id));
}

export function listTags(db: DbOrTx) {
  return db.select({ id: tags.id, slug: tags.slug, name: tags.name }).from(tags).orderBy(asc(tags.position), asc(tags.id));
}

export function listCities(db: DbOrTx) {
  return db.select({ id: cities.id, slug: cities.slug, name: cities.name }).from(cities).orderBy(asc(cities.id));
}

export interface EventFilter {
  /** Inclusive lower bound on starts_at. */
  from: Date;
  /** Exclusive upper bound on starts_at. */
  to?: Date;
  categoryId?: number;
  subcategoryId?: number;
  /** At least one of these tags. */
  tagIds?: number[];
  /** One of these venues (near a point, in a city). */
  venueIds?: number[];
  reservable?: boolean;
  free?: boolean;
  /** A to_tsquery('simple', …) text over normalised words. */
  tsquery?: string;
}

function filterConditions(filter: EventFilter): SQL[] {
  const conditions: SQL[] = [eq(events.published, true), gte(events.startsAt, filter.from)];
  if (filter.to) conditions.push(lt(events.startsAt, filter.to));
  if (filter.categoryId !== undefined) conditions.push(eq(events.categoryId, filter.categoryId));
  if (filter.subcategoryId !== undefined) conditions.push(eq(events.subcategoryId, filter.subcategoryId));
  if (filter.venueIds) conditions.push(sql`${events.venueId} = ANY(${intArray(filter.venueIds)})`);
  if (filter.tagIds) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM event_tags et WHERE et.event_id = ${events.id} AND et.tag_id = ANY(${intArray(filter.tagIds)}))`,
    );
  }
  if (filter.reservable !== undefined) conditions.push(eq(events.reservable, filter.reservable));
  // Free = a top price of 0; no top price is "not announced", which is not free (migration 0010). The
  // literal 0 (not a bound parameter) lets the planner match the partial index events_free_starts_idx.
  // free=false is the complement: paid or not announced.
  if (filter.free === true) conditions.push(sql`${events.priceMax} = 0`);
  if (filter.free === false) conditions.push(sql`${events.priceMax} IS DISTINCT FROM 0`);
  if (filter.tsquery) conditions.push(sql`${events.searchVector} @@ to_tsquery('simple', ${filter.tsquery})`);
  return conditions;
}

/** Keyset pagination on (starts_at, id): a stable order, no OFFSET, so deep pages cost what the first does. */
export function listEvents(db: DbOrTx, input: EventFilter & { limit: number; after?: { startsAt: Date; id: number } }) {
  const conditions = filterConditions(input);
  if (input.after) {
    conditions.push(sql`(${events.startsAt}, ${events.id}) > (${input.after.startsAt.toISOString()}::timestamptz, ${input.after.id})`);
  }
  return db
    .select(eventSummaryColumns)
    .from(events)
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .leftJoin(venues, eq(venues.id, events.venueId))
    .where(and(...conditions))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(input.limit);
}

/**
 * Search results, best tier first, each tier in date order: 0 = every query word in a title (or
 * performer), 1 = every query word anywhere, 2 = in a title through a typo-widened word, 3 = anywhere
 * through a typo-widened word. One query per tier
 * until `limit` rows are found: each is a plain "match, order by starts_at, limit" that the planner
 * answers from the GIN index for rare words or by walking the date index for common ones, so a word
 * that matches a fifth of 100,000 events costs what a rare one does.
 */
export async function searchEvents(
  db: DbOrTx,
  input: { from: Date; strict: string; strictTitle: string; expanded: string; expandedTitle: string; limit: number },
) {
  const tiers = [
    { match: input.strictTitle, exclude: [] as string[] },
    { match: input.strict, exclude: [input.strictTitle] },
    { match: input.expandedTitle, exclude: [input.strict] },
    { match: input.expanded, exclude: [input.strict, input.expandedTitle] },
  ];
  const found: EventSummaryRow[] = [];
  for (const [index, tier] of tiers.entries()) {
    if (found.length >= input.limit) break;
    // Without near words the widened tiers are the strict ones again.
    if (index >= 2 && input.expanded === input.strict) break;
    const conditions = filterConditions({ from: input.from, tsquery: tier.match });
    for (const exclude of tier.exclude) conditions.push(sql`NOT (${events.searchVector} @@ to_tsquery('simple', ${exclude}))`);
    const rows = await db
      .select(eventSummaryColumns)
      .from(events)
      .innerJoin(categories, eq(categories.id, events.categoryId))
      .leftJoin(venues, eq(venues.id, events.venueId))
      .where(and(...conditions))
      .orderBy(asc(events.startsAt), asc(events.id))
      .limit(input.limit - found.length);
    found.push(...rows);
  }
  return found;
}

export async function searchVenues(db: DbOrTx, input: { expanded: string; strict: string; limit: number }) {
  const tier = sql<number>`CASE WHEN ${venues.searchVector} @@ to_tsquery('simple', ${input.strict}) THEN 0 ELSE 1 END`;
  return db
    .select({ id: venues.id, slug: venues.slug, name: venues.name, locality: venues.locality, tier: tier.as('tier') })
    .from(venues)
    .where(sql`${venues.searchVector} @@ to_tsquery('simple', ${input.expanded})`)
    .orderBy(sql`tier`, asc(venues.name), asc(venues.id))
    .limit(input.limit);
}

/**
 * For each query word, the nearest indexed words by trigram distance (GiST KNN, no threshold setting
 * needed), kept when their similarity reaches `minSimilarity`.
 */
export async function similarWords(db: DbOrTx, words: string[], input: { perWord: number; minSimilarity: number }) {
  if (words.length === 0) return [];
  const result = (await db.execute(sql`
    SELECT t.word AS token, w.word AS similar
    FROM unnest(${wordArray(words)}) AS t(word)
    CROSS JOIN LATERAL (
      SELECT sw.word FROM search_words sw ORDER BY sw.word <-> t.word LIMIT ${input.perWord}
    ) AS w
    WHERE similarity(w.word, t.word) >= ${input.minSimilarity}`)) as unknown as { rows: { token: string; similar: string }[] };
  return result.rows;
}

/** The venues within `radiusKm` of a point (bounding box on the index, then the haversine distance). */
export async function venueIdsNear(db: DbOrTx, input: { lat: number; lng: number; radiusKm: number }) {
  const dLat = input.radiusKm / 111.2;
  const dLng = input.radiusKm / (111.2 * Math.max(Math.cos((input.lat * Math.PI) / 180), 0.01));
  const rows = await db
    .select({ id: venues.id })
    .from(venues)
    .where(
      and(
        sql`${venues.lat} BETWEEN ${input.lat - dLat} AND ${input.lat + dLat}`,
        sql`${venues.lng} BETWEEN ${input.lng - dLng} AND ${input.lng + dLng}`,
        sql`6371 * 2 * asin(sqrt(
          power(sin(radians(${venues.lat} - ${input.lat}) / 2), 2)
          + cos(radians(${input.lat})) * cos(radians(${venues.lat})) * power(sin(radians(${venues.lng} - ${input.lng}) / 2), 2)
        )) <= ${input.radiusKm}`,
      ),
    );
  return rows.map((row) => row.id);
}

export async function venueIdsInCity(db: DbOrTx, cityId: number) {
  const rows = await db.select({ id: venues.id }).from(venues).where(eq(venues.cityId, cityId));
  return rows.map((row) => row.id);
}

/** The first few upcoming events of every category, in one round trip (a lateral join, not N+1). */
export async function listHomeRows(db: DbOrTx, input: { from: Date; perCategory: number; reservable?: boolean }) {
  return db
    .select({ rowCategoryId: sql<number>`c.id`.as('row_category_id'), ...eventSummaryColumns })
    .from(sql`${categories} c CROSS JOIN LATERAL (
      SELECT ev.id FROM ${events} ev
      WHERE ev.category_id = c.id AND ev.published AND ev.starts_at >= ${input.from.toISOString()}::timestamptz
        ${input.reservable ? sql`AND ev.reservable` : sql``}
      ORDER BY ev.starts_at, ev.id
      LIMIT ${input.perCategory}
    ) pick`)
    .innerJoin(events, sql`${events.id} = pick.id`)
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .leftJoin(venues, eq(venues.id, events.venueId))
    .orderBy(sql`c.position`, sql`c.id`, asc(events.startsAt), asc(events.id));
}

export interface EventDetailRow {
  id: number;
  slug: string;
  title: LocalizedText;
  description: LocalizedText;
  startsAt: Date;
  endsAt: Date | null;
  updatedAt: Date;
  timeZone: string;
  status: (typeof events.status.enumValues)[number];
  attendanceMode: (typeof events.attendanceMode.enumValues)[number];
  onlineUrl: string | null;
  images: (typeof events.$inferSelect)['images'];
  performers: (typeof events.$inferSelect)['performers'];
  currency: string;
  priceMin: number | null;
  priceMax: number | null;
  offerCount: number;
  reservable: boolean;
  categoryId: number;
  categorySlug: string;
  categoryName: LocalizedText;
  subcategoryId: number | null;
  subcategorySlug: string | null;
  subcategoryName: LocalizedText | null;
  venueId: number | null;
  venueSlug: string | null;
  venueName: string | null;
  venueLocality: string | null;
  venueStreet: string | null;
  venuePostalCode: string | null;
  venueCountry: string | null;
  venueLat: number | null;
  venueLng: number | null;
  venueWebsite: string | null;
  citySlug: string | null;
  cityName: LocalizedText | null;
  organizerName: string | null;
  organizerWebsite: string | null;
  tags: { id: number; slug: string; name: LocalizedText }[];
}

/** One published event with everything its page shows, in one query (tags aggregated in a subquery). */
export async function findEventDetail(db: DbOrTx, id: number): Promise<EventDetailRow | undefined> {
  const [row] = await db
    .select({
      id: events.id,
      slug: events.slug,
      title: events.title,
      description: events.description,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      updatedAt: events.updatedAt,
      timeZone: events.timeZone,
      status: events.status,
      attendanceMode: events.attendanceMode,
      onlineUrl: events.onlineUrl,
      images: events.images,
      performers: events.performers,
      currency: events.currency,
      priceMin: events.priceMin,
      priceMax: events.priceMax,
      offerCount: events.offerCount,
      reservable: events.reservable,
      categoryId: categories.id,
      categorySlug: categories.slug,
      categoryName: categories.name,
      subcategoryId: subcategories.id,
      subcategorySlug: subcategories.slug,
      subcategoryName: subcategories.name,
      venueId: venues.id,
      venueSlug: venues.slug,
      venueName: venues.name,
      venueLocality: venues.locality,
      venueStreet: venues.streetAddress,
      venuePostalCode: venues.postalCode,
      venueCountry: venues.country,
      venueLat: venues.lat,
      venueLng: venues.lng,
      venueWebsite: venues.website,
      citySlug: cities.slug,
      cityName: cities.name,
      organizerName: organizers.name,
      organizerWebsite: organizers.website,
      tags: sql<EventDetailRow['tags']>`(
        SELECT coalesce(json_agg(json_build_object('id', t.id, 'slug', t.slug, 'name', t.name) ORDER BY t.position, t.id), '[]'::json)
        FROM event_tags et JOIN tags t ON t.id = et.tag_id WHERE et.event_id = ${events.id})`,
    })
    .from(events)
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .leftJoin(subcategories, eq(subcategories.id, events.subcategoryId))
    .leftJoin(venues, eq(venues.id, events.venueId))
    .leftJoin(cities, eq(cities.id, venues.cityId))
    .leftJoin(organizers, eq(organizers.id, events.organizerId))
    .where(and(eq(events.id, id), eq(events.published, true)))
    .limit(1);
  if (!row) return undefined;
  const tagList = typeof row.tags === 'string' ? (JSON.parse(row.tags) as EventDetailRow['tags']) : row.tags;
  return { ...row, id: Number(row.id), tags: tagList };
}

export async function findVenue(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: venues.id,
      slug: venues.slug,
      name: venues.name,
      description: venues.description,
      streetAddress: venues.streetAddress,
      postalCode: venues.postalCode,
      locality: venues.locality,
      country: venues.country,
      lat: venues.lat,
      lng: venues.lng,
      website: venues.website,
      citySlug: cities.slug,
      cityName: cities.name,
    })
    .from(venues)
    .innerJoin(cities, eq(cities.id, venues.cityId))
    .where(eq(venues.id, id))
    .limit(1);
  return row;
}

/** Pages the sitemap lists: published events from `since` on, in id order, a chunk at a time. */
export function listSitemapEvents(db: DbOrTx, input: { since: Date; afterId: number; limit: number }) {
  return db
    .select({ id: events.id, slug: events.slug, updatedAt: events.updatedAt })
    .from(events)
    .where(and(eq(events.published, true), gte(events.startsAt, input.since), sql`${events.id} > ${input.afterId}`))
    .orderBy(asc(events.id))
    .limit(input.limit);
}

export async function countSitemapEvents(db: DbOrTx, since: Date) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(events)
    .where(and(eq(events.published, true), gte(events.startsAt, since)));
  return Number(row?.count ?? 0);
}

export function listVenuesForSitemap(db: DbOrTx) {
  return db.select({ id: venues.id, slug: venues.slug }).from(venues).orderBy(asc(venues.id));
}
