import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '../../shared/locales';
import { categories, cities, events, images, venues, type ImageVariant } from '../db/schema';

/**
 * The catalogue's shared SQL pieces: the columns a card's row selects, the listing filter (EventFilter) and
 * the one-date-per-series rule. Listings, search and the event page build on them (catalog-repository*.ts).
 */
/**
 * How many later upcoming published dates the row's series has (0 outside a series). A listing shows the
 * series at its next date only, so this is what the "+ n more dates" chip counts; the event page lists
 * the same dates. Answered from events_series_idx (series_id, starts_at).
 */
export function moreDates(from: Date) {
  return sql<number>`CASE WHEN ${events.seriesId} IS NULL THEN 0 ELSE (
    SELECT count(*)::int FROM events later
    WHERE later.series_id = ${events.seriesId} AND later.published
      AND later.starts_at >= ${from.toISOString()}::timestamptz
      AND (later.starts_at, later.id) > (${events.startsAt}, ${events.id})
  ) END`;
}

/** The columns of a card. Uploaded images count once ready (a picture still processing has nothing to draw). */
export function eventSummaryColumns(from: Date) {
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
export function distanceMetres(point: GeoPoint): SQL<number | null> {
  return sql<number | null>`round(6371000 * 2 * asin(sqrt(
    power(sin(radians(${venues.lat} - ${point.lat}) / 2), 2)
    + cos(radians(${point.lat}::float8)) * cos(radians(${venues.lat})) * power(sin(radians(${venues.lng} - ${point.lng}) / 2), 2)
  )))::int`;
}

export const uploadedImageColumns = {
  imageWidth: images.width,
  imageHeight: images.height,
  imageAlt: images.alt,
  imageVariants: sql<ImageVariant[] | null>`${images.variants}`,
  imageDominantColor: images.dominantColor,
  imagePlaceholder: images.placeholder,
};

/** The event's uploaded image, when it is ready. */
export const readyImage = and(eq(images.id, events.imageId), eq(images.status, 'ready'));

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
export function intArray(ids: readonly number[]): SQL {
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
  organizerId?: number;
  reservable?: boolean;
  free?: boolean;
  /** A to_tsquery('simple', …) text over normalised words. */
  tsquery?: string;
  /** Only cancelled events (true) or only the others (false): the two tiers of listEventsLiveFirst. */
  cancelled?: boolean;
}


export const earlier = alias(events, 'earlier');
export type EventsTable = typeof events | typeof earlier;

/**
 * `query` (every word weighted A) against the title part of the search vector alone: the expression that
 * events_title_search_idx indexes (migration 0016), so the planner knows how many titles hold the words and
 * can reach rare ones through that index. It matches exactly the rows `search_vector @@ query` does.
 */
export function titleMatches(query: string, table: EventsTable = events): SQL {
  return sql`ts_filter(${table.searchVector}, '{a}') @@ to_tsquery('simple', ${query})`;
}

/** The filter as conditions on `table` (the events table, or an alias of it for a correlated subquery). */
export function filterConditions(filter: EventFilter, table: EventsTable = events): SQL[] {
  const conditions: SQL[] = [eq(table.published, true), gte(table.startsAt, filter.from)];
  if (filter.to) conditions.push(lt(table.startsAt, filter.to));
  if (filter.categoryId !== undefined) conditions.push(eq(table.categoryId, filter.categoryId));
  if (filter.subcategoryId !== undefined) conditions.push(eq(table.subcategoryId, filter.subcategoryId));
  if (filter.venueIds) conditions.push(sql`${table.venueId} = ANY(${intArray(filter.venueIds)})`);
  if (filter.organizerId !== undefined) conditions.push(eq(table.organizerId, filter.organizerId));
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
export function firstOfSeries(filter: EventFilter): SQL {
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
