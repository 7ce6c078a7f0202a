import { and, asc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Locale, LocalizedText } from '../../shared/locales';
import type { DbOrTx } from '../db/client';
import { categories, cities, events, images, organizers, subcategories, venues, type ImageVariant } from '../db/schema';

/**
 * How many later upcoming published dates the row's series has (0 outside a series). A listing shows the
 * series at its next date only, so this is what the "+ n more dates" chip counts; the event page lists
 * the same dates. Answered from events_series_idx (series_id, starts_at).
 */
function moreDates(from: Date) {
  return sql<number>`CASE WHEN ${events.seriesId} IS NULL THEN 0 ELSE (
    SELECT count(*)::int FROM events later
    WHERE later.series_id = ${events.seriesId} AND later.published
      AND later.starts_at >= ${from.toISOString()}::timestamptz
      AND (later.starts_at, later.id) > (${events.startsAt}, ${events.id})
  ) END`;
}

/** The columns of a card. Uploaded images count once ready (a picture still processing has nothing to draw). */
function eventSummaryColumns(from: Date) {
  return {
    id: events.id,
    slug: events.slug,
    title: events.title,
    sourceLocale: events.sourceLocale,
    startsAt: events.startsAt,
    endsAt: events.endsAt,
    timeZone: events.timeZone,
    status: events.status,
    dateTba: events.dateTba,
    previousStartsAt: events.previousStartsAt,
    seriesId: events.seriesId,
    moreDates: moreDates(from),
    attendanceMode: events.attendanceMode,
    images: events.images,
    ...uploadedImageColumns,
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
    venueNameI18n: venues.nameI18n,
    venueLocality: venues.locality,
    venueLat: venues.lat,
    venueLng: venues.lng,
    venueCitySlug: cities.slug,
    venueCityName: cities.name,
  };
}

/** A point the reader stands at (`near`). */
export interface GeoPoint {
  lat: number;
  lng: number;
}

/**
 * Whole metres from `point` to the row's venue (haversine; null without a venue). Whole metres, not a
 * float, because the distance is a keyset column: a cursor must name exactly the value the next query
 * compares against, on PGlite and PostgreSQL alike.
 */
function distanceMetres(point: GeoPoint): SQL<number | null> {
  return sql<number | null>`round(6371000 * 2 * asin(sqrt(
    power(sin(radians(${venues.lat} - ${point.lat}) / 2), 2)
    + cos(radians(${point.lat}::float8)) * cos(radians(${venues.lat})) * power(sin(radians(${venues.lng} - ${point.lng}) / 2), 2)
  )))::int`;
}

const uploadedImageColumns = {
  imageWidth: images.width,
  imageHeight: images.height,
  imageAlt: images.alt,
  imageVariants: sql<ImageVariant[] | null>`${images.variants}`,
  imageDominantColor: images.dominantColor,
  imagePlaceholder: images.placeholder,
};

/** The event's uploaded image, when it is ready. */
const readyImage = and(eq(images.id, events.imageId), eq(images.status, 'ready'));

/** A card's row; listings with `near` add its distance (home rows and search do not). */
export type EventSummaryRow = Omit<Awaited<ReturnType<typeof listEvents>>[number], 'distanceMetres'> & { distanceMetres?: number | null };
/** The uploaded-image columns of a row (null without a ready image). */
export interface UploadedImageColumns {
  imageWidth: number | null;
  imageHeight: number | null;
  imageAlt: LocalizedText | null;
  imageVariants: ImageVariant[] | null;
  imageDominantColor: string | null;
  imagePlaceholder: string | null;
}

/** Ids are validated integers, so an inline ARRAY literal is safe and works the same on PGlite and pg. */
function intArray(ids: readonly number[]): SQL {
  return sql.raw(`ARRAY[${ids.map((id) => String(Math.trunc(Number(id)))).join(',')}]::bigint[]`);
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
  /** Only cancelled events (true) or only the others (false): the two tiers of listEventsLiveFirst. */
  cancelled?: boolean;
}


const earlier = alias(events, 'earlier');
type EventsTable = typeof events | typeof earlier;

/** The filter as conditions on `table` (the events table, or an alias of it for a correlated subquery). */
function filterConditions(filter: EventFilter, table: EventsTable = events): SQL[] {
  const conditions: SQL[] = [eq(table.published, true), gte(table.startsAt, filter.from)];
  if (filter.to) conditions.push(lt(table.startsAt, filter.to));
  if (filter.categoryId !== undefined) conditions.push(eq(table.categoryId, filter.categoryId));
  if (filter.subcategoryId !== undefined) conditions.push(eq(table.subcategoryId, filter.subcategoryId));
  if (filter.venueIds) conditions.push(sql`${table.venueId} = ANY(${intArray(filter.venueIds)})`);
  if (filter.tagIds) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM event_tags et WHERE et.event_id = ${table.id} AND et.tag_id = ANY(${intArray(filter.tagIds)}))`,
    );
  }
  if (filter.reservable !== undefined) conditions.push(eq(table.reservable, filter.reservable));
  // Free = a top price of 0; no top price is "not announced", which is not free (migration 0010). The
  // literal 0 (not a bound parameter) lets the planner match the partial index events_free_starts_idx.
  // free=false is the complement: paid or not announced.
  if (filter.free === true) conditions.push(sql`${table.priceMax} = 0`);
  if (filter.free === false) conditions.push(sql`${table.priceMax} IS DISTINCT FROM 0`);
  if (filter.tsquery) conditions.push(sql`${table.searchVector} @@ to_tsquery('simple', ${filter.tsquery})`);
  if (filter.cancelled === true) conditions.push(sql`${table.status} = 'cancelled'`);
  if (filter.cancelled === false) conditions.push(sql`${table.status} <> 'cancelled'`);
  return conditions;
}


/**
 * A series shows once in a listing (DESIGN §14): at its first date that matches the filter. A row is kept
 * unless an earlier date of its series also matches. The test depends on the filter only, never on the
 * cursor, so every page agrees on which row stands for the series and keyset pagination stays exact; the
 * main query keeps its conditions, so the partial (published) indexes still drive it, and the subquery is
 * one probe of events_series_idx for the rows of a series.
 */
function firstOfSeries(filter: EventFilter): SQL {
  return sql`(${events.seriesId} IS NULL OR NOT EXISTS (
    SELECT 1 FROM events earlier
    WHERE ${sql.join(
      [
        eq(earlier.seriesId, events.seriesId),
        sql`(${earlier.startsAt}, ${earlier.id}) < (${events.startsAt}, ${events.id})`,
        ...filterConditions(filter, earlier),
      ],
      sql` AND `,
    )}))`;
}

/**
 * Keyset pagination on (starts_at, id): a stable order, no OFFSET, so deep pages cost what the first does.
 * With `near`, each row carries its distance in metres; `byDistance` orders by (metres, starts_at, id)
 * instead (the filter has already kept the venues around the point, so the sort covers a city's worth).
 */
export function listEvents(
  db: DbOrTx,
  input: EventFilter & { limit: number; near?: GeoPoint; byDistance?: boolean; after?: { startsAt: Date; id: number; distance?: number } },
) {
  const conditions = [...filterConditions(input), firstOfSeries(input)];
  const distance = input.near ? distanceMetres(input.near) : sql<null>`NULL::int`;
  const byDistance = input.byDistance === true && input.near !== undefined;
  if (input.after && byDistance) {
    conditions.push(
      sql`(${distance}, ${events.startsAt}, ${events.id}) > (${input.after.distance ?? 0}::int, ${input.after.startsAt.toISOString()}::timestamptz, ${input.after.id})`,
    );
  } else if (input.after) {
    conditions.push(sql`(${events.startsAt}, ${events.id}) > (${input.after.startsAt.toISOString()}::timestamptz, ${input.after.id})`);
  }
  return db
    .select({ ...eventSummaryColumns(input.from), distanceMetres: distance })
    .from(events)
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .leftJoin(venues, eq(venues.id, events.venueId))
    .leftJoin(cities, eq(cities.id, venues.cityId))
    .leftJoin(images, readyImage)
    .where(and(...conditions))
    .orderBy(...(byDistance ? [sql`${distance} NULLS LAST`] : []), asc(events.startsAt), asc(events.id))
    .limit(input.limit);
}

/**
 * Every event of a listing as a map point (venue coordinates), soonest first, at most `limit`: the same
 * filter and one-date-per-series rule as listEvents, without the card's columns. Online-only events
 * (no venue) have no point and are left out.
 */
export function listEventPoints(db: DbOrTx, input: EventFilter & { limit: number }) {
  return db
    .select({
      id: events.id,
      slug: events.slug,
      title: events.title,
      sourceLocale: events.sourceLocale,
      startsAt: events.startsAt,
      lat: venues.lat,
      lng: venues.lng,
      categoryIcon: categories.icon,
    })
    .from(events)
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .innerJoin(venues, eq(venues.id, events.venueId))
    .where(and(...filterConditions(input), firstOfSeries(input)))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(input.limit);
}

/**
 * A listing with its cancelled events last (issue #11): a reader scanning the first cards looks for what
 * is on, so what is off never leads. Tier 0 is every other event, tier 1 the cancelled ones, each in date
 * order, keyset-paginated on (tier, starts_at, id). Like searchEvents, one plain date-ordered query per
 * tier from the cursor's tier on, so the (starts_at, id) indexes still drive each. A series shows once per
 * tier (firstOfSeries applies the tier's filter to its other dates).
 */
export async function listEventsLiveFirst(
  db: DbOrTx,
  input: EventFilter & { limit: number; near?: GeoPoint; after?: { rank: number; startsAt: Date; id: number } },
) {
  const found: (EventSummaryRow & { rank: number })[] = [];
  for (const rank of [0, 1]) {
    if (found.length >= input.limit) break;
    if (input.after && rank < input.after.rank) continue;
    const after = input.after && rank === input.after.rank ? input.after : undefined;
    const rows = await listEvents(db, { ...input, cancelled: rank === 1, limit: input.limit - found.length, after });
    found.push(...rows.map((row) => ({ ...row, rank })));
  }
  return found;
}

/** The four tsqueries of a search (catalog-search.ts QueryPlan): strict or typo-widened, titles or anywhere. */
export interface SearchTsqueries {
  strict: string;
  strictTitle: string;
  expanded: string;
  expandedTitle: string;
}

/**
 * The relevance tier of a row matching `expanded`: 0 = every query word in a title (or performer), 1 =
 * every query word anywhere, 2 = in a title through a typo-widened word, 3 = anywhere through one. The
 * tiers are disjoint and together are exactly the rows matching `expanded`.
 */
function searchTier(plan: SearchTsqueries, table: EventsTable = events): SQL<number> {
  const matches = (query: string) => sql`${table.searchVector} @@ to_tsquery('simple', ${query})`;
  return sql<number>`(CASE WHEN ${matches(plan.strictTitle)} THEN 0 WHEN ${matches(plan.strict)} THEN 1 WHEN ${matches(plan.expandedTitle)} THEN 2 ELSE 3 END)`;
}

/**
 * A series shows once in search results, at its best-ranked date (the best tier, then the earliest): a row
 * of tier `tier` is kept unless another matching date of its series ranks before it. Like firstOfSeries,
 * it depends on the filter and the query only, never on the cursor, so every page agrees.
 */
function bestOfSeries(filter: EventFilter, plan: SearchTsqueries, tier: number): SQL {
  return sql`(${events.seriesId} IS NULL OR NOT EXISTS (
    SELECT 1 FROM events earlier
    WHERE ${sql.join(
      [
        eq(earlier.seriesId, events.seriesId),
        sql`(${searchTier(plan, earlier)}, ${earlier.startsAt}, ${earlier.id}) < (${tier}::int, ${events.startsAt}, ${events.id})`,
        ...filterConditions({ ...filter, tsquery: plan.expanded }, earlier),
      ],
      sql` AND `,
    )}))`;
}

/**
 * Search results in relevance order, keyset-paginated on (tier, starts_at, id): best tier first, each tier
 * in date order (see searchTier). One query per tier from the cursor's tier on, until `limit` rows are
 * found: each is a plain "match, order by starts_at, limit" that the planner answers from the GIN index
 * for rare words or by walking the date index for common ones, so a word that matches a fifth of 100,000
 * events costs what a rare one does. `filter` holds the listing's filters (its own tsquery is ignored).
 */
export async function searchEvents(
  db: DbOrTx,
  input: SearchTsqueries & { filter: EventFilter; limit: number; after?: { rank: number; startsAt: Date; id: number } },
) {
  const tiers = [
    { match: input.strictTitle, exclude: [] as string[] },
    { match: input.strict, exclude: [input.strictTitle] },
    { match: input.expandedTitle, exclude: [input.strict] },
    { match: input.expanded, exclude: [input.strict, input.expandedTitle] },
  ];
  const found: (EventSummaryRow & { rank: number })[] = [];
  for (const [index, tier] of tiers.entries()) {
    if (found.length >= input.limit) break;
    if (input.after && index < input.after.rank) continue;
    // Without near words the widened tiers are the strict ones again.
    if (index >= 2 && input.expanded === input.strict) break;
    const conditions = filterConditions({ ...input.filter, tsquery: tier.match });
    for (const exclude of tier.exclude) conditions.push(sql`NOT (${events.searchVector} @@ to_tsquery('simple', ${exclude}))`);
    conditions.push(bestOfSeries(input.filter, input, index));
    if (input.after && index === input.after.rank) {
      conditions.push(sql`(${events.startsAt}, ${events.id}) > (${input.after.startsAt.toISOString()}::timestamptz, ${input.after.id})`);
    }
    const rows = await db
      .select(eventSummaryColumns(input.filter.from))
      .from(events)
      .innerJoin(categories, eq(categories.id, events.categoryId))
      .leftJoin(venues, eq(venues.id, events.venueId))
      .leftJoin(cities, eq(cities.id, venues.cityId))
      .leftJoin(images, readyImage)
      .where(and(...conditions))
      .orderBy(asc(events.startsAt), asc(events.id))
      .limit(input.limit - found.length);
    found.push(...rows.map((row) => ({ ...row, rank: index })));
  }
  return found;
}

/** How many events match `filter` (with its tsquery), a series counted once, as the lists show it. */
export async function countEvents(db: DbOrTx, filter: EventFilter): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`(count(*) FILTER (WHERE ${events.seriesId} IS NULL) + count(DISTINCT ${events.seriesId}))::int` })
    .from(events)
    .where(and(...filterConditions(filter)));
  return Number(row?.total ?? 0);
}

/**
 * The first few upcoming events of every category, in one round trip (a lateral join, not N+1); a series
 * once, at its first date in the row (as in listEvents). `to` and `venueIds` narrow it as they narrow a
 * listing (a date preset, a city). Cancelled events never lead a row (issue #11): they only fill the
 * places the others leave, at its end, and drop out once their date has passed (as every event does:
 * `starts_at >= from`). Each tier is its own date-ordered, limited pick, so the (category_id, starts_at,
 * id) index still drives both.
 */
export async function listHomeRows(
  db: DbOrTx,
  input: Pick<EventFilter, 'from' | 'to' | 'venueIds'> & { perCategory: number; reservable?: boolean },
) {
  const from = sql`${input.from.toISOString()}::timestamptz`;
  // The same narrowing for the row's event (ev) and for the earlier dates of its series (s), per tier.
  const narrow = (table: 'ev' | 's', cancelled: boolean) => {
    const column = (name: string) => sql.raw(`${table}.${name}`);
    const parts: SQL[] = [cancelled ? sql`AND ${column('status')} = 'cancelled'` : sql`AND ${column('status')} <> 'cancelled'`];
    if (input.reservable) parts.push(sql`AND ${column('reservable')}`);
    if (input.to) parts.push(sql`AND ${column('starts_at')} < ${input.to.toISOString()}::timestamptz`);
    if (input.venueIds) parts.push(sql`AND ${column('venue_id')} = ANY(${intArray(input.venueIds)})`);
    return sql.join(parts, sql` `);
  };
  const tier = (cancelled: boolean) => sql`(
      SELECT ev.id, ev.starts_at, ${cancelled ? sql`1` : sql`0`} AS rank FROM ${events} ev
      WHERE ev.category_id = c.id AND ev.published AND ev.starts_at >= ${from} ${narrow('ev', cancelled)}
        AND (ev.series_id IS NULL OR NOT EXISTS (
          SELECT 1 FROM ${events} s
          WHERE s.series_id = ev.series_id AND (s.starts_at, s.id) < (ev.starts_at, ev.id)
            AND s.category_id = c.id AND s.published AND s.starts_at >= ${from} ${narrow('s', cancelled)}
        ))
      ORDER BY ev.starts_at, ev.id
      LIMIT ${input.perCategory}
    )`;
  return db
    .select({ rowCategoryId: sql<number>`c.id`.as('row_category_id'), ...eventSummaryColumns(input.from) })
    .from(sql`${categories} c CROSS JOIN LATERAL (
      SELECT tiers.id, tiers.rank FROM (${tier(false)} UNION ALL ${tier(true)}) tiers
      ORDER BY tiers.rank, tiers.starts_at, tiers.id
      LIMIT ${input.perCategory}
    ) pick`)
    .innerJoin(events, sql`${events.id} = pick.id`)
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .leftJoin(venues, eq(venues.id, events.venueId))
    .leftJoin(cities, eq(cities.id, venues.cityId))
    .leftJoin(images, readyImage)
    .orderBy(sql`c.position`, sql`c.id`, sql`pick.rank`, asc(events.startsAt), asc(events.id));
}

export interface EventDetailRow extends UploadedImageColumns {
  id: number;
  slug: string;
  title: LocalizedText;
  summary: LocalizedText;
  description: LocalizedText;
  sourceLocale: Locale;
  startsAt: Date;
  endsAt: Date | null;
  updatedAt: Date;
  timeZone: string;
  status: (typeof events.status.enumValues)[number];
  dateTba: boolean;
  previousStartsAt: Date | null;
  seriesId: number | null;
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
  venueNameI18n: LocalizedText | null;
  venueLocality: string | null;
  venueStreet: string | null;
  venuePostalCode: string | null;
  venueCountry: string | null;
  venueLat: number | null;
  venueLng: number | null;
  venueWebsite: string | null;
  citySlug: string | null;
  cityName: LocalizedText | null;
  organizerId: number | null;
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
      summary: events.summary,
      description: events.description,
      sourceLocale: events.sourceLocale,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      updatedAt: events.updatedAt,
      timeZone: events.timeZone,
      status: events.status,
      dateTba: events.dateTba,
      previousStartsAt: events.previousStartsAt,
      seriesId: events.seriesId,
      attendanceMode: events.attendanceMode,
      onlineUrl: events.onlineUrl,
      images: events.images,
      ...uploadedImageColumns,
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
      venueNameI18n: venues.nameI18n,
      venueLocality: venues.locality,
      venueStreet: venues.streetAddress,
      venuePostalCode: venues.postalCode,
      venueCountry: venues.country,
      venueLat: venues.lat,
      venueLng: venues.lng,
      venueWebsite: venues.website,
      citySlug: cities.slug,
      cityName: cities.name,
      organizerId: organizers.id,
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
    .leftJoin(images, readyImage)
    .where(and(eq(events.id, id), eq(events.published, true)))
    .limit(1);
  if (!row) return undefined;
  const tagList = typeof row.tags === 'string' ? (JSON.parse(row.tags) as EventDetailRow['tags']) : row.tags;
  return { ...row, id: Number(row.id), seriesId: row.seriesId === null ? null : Number(row.seriesId), tags: tagList };
}

/** An event the admin took off the site after a report (reports-service.ts): its page answers 410. */
export async function isEventRemoved(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, id), isNotNull(events.removedAt)));
  return Boolean(row);
}

/** The upcoming published dates of a series but one (the page being shown), in date order. */
export function listSeriesDates(db: DbOrTx, input: { seriesId: number; exceptId: number; from: Date; limit: number }) {
  return db
    .select({ id: events.id, slug: events.slug, startsAt: events.startsAt, timeZone: events.timeZone, status: events.status })
    .from(events)
    .where(
      and(
        eq(events.seriesId, input.seriesId),
        eq(events.published, true),
        gte(events.startsAt, input.from),
        sql`${events.id} <> ${input.exceptId}`,
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(input.limit);
}

// Taxonomy, venue and sitemap reads: one repository for the catalogue service, written in two files.
export * from './catalog-repository-places';
