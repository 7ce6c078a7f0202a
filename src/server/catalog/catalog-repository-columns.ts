import { and, Column, eq, gte, is, lt, Placeholder, SQL, sql, Subquery } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import type { DbOrTx } from '../db/client';
import type { LocalizedText } from '../../shared/locales';
import { events, images, venues, type ImageVariant } from '../db/schema';

/**
 * The catalogue's shared SQL pieces: the columns a card's row selects, the listing filter (EventFilter) and
 * the one-date-per-series rule. Listings, search and the event page build on them (catalog-repository*.ts).
 */
/**
 * How many later upcoming published dates the row's series has (0 outside a series). A listing shows the
 * series at its next date only, so this is what the "+ n more dates" chip counts; the event page lists
 * the same dates. Answered from events_series_idx (series_id, starts_at).
 */
export function moreDates(from: Date | Placeholder) {
  return sql<number>`CASE WHEN ${events.seriesId} IS NULL THEN 0 ELSE (
    SELECT count(*)::int FROM events later
    WHERE later.series_id = ${events.seriesId} AND later.published
      AND later.starts_at >= ${from instanceof Placeholder ? from : from.toISOString()}::timestamptz
      AND (later.starts_at, later.id) > (${events.startsAt}, ${events.id})
  ) END`;
}

/** The columns of a card. Uploaded images count once ready (a picture still processing has nothing to draw). */
export function eventSummaryColumns(from: Date | Placeholder) {
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
    // The category's and city's names come from memory (card-names.ts), not from joins.
    categoryId: events.categoryId,
    venueId: venues.id,
    venueSlug: venues.slug,
    venueName: venues.name,
    venueNameI18n: venues.nameI18n,
    venueLocality: venues.locality,
    venueLat: venues.lat,
    venueLng: venues.lng,
    venueCityId: venues.cityId,
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
export function distanceMetres(point: { lat: number | Placeholder; lng: number | Placeholder }): SQL<number | null> {
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

/** `query` against an event's whole search vector (title, performers, venue, description). */
export function vectorMatches(query: string | Placeholder, table: EventsTable = events): SQL {
  return sql`${table.searchVector} @@ to_tsquery('simple', ${query})`;
}

/**
 * `query` (every word weighted A) against the title part of the search vector alone: the expression that
 * events_title_search_idx indexes (migration 0016), so the planner knows how many titles hold the words and
 * can reach rare ones through that index. It matches exactly the rows `search_vector @@ query` does.
 */
export function titleMatches(query: string | Placeholder, table: EventsTable = events): SQL {
  return sql`ts_filter(${table.searchVector}, '{a}') @@ to_tsquery('simple', ${query})`;
}

/**
 * How a query takes a value: as a bound parameter of this one query (`inline`, the default), or as a named
 * placeholder of a query prepared once per shape (`Binder`, see catalog-repository.ts preparedQuery).
 */
export type Bind = <T>(name: string, value: T) => T | Placeholder;
export const inline: Bind = (_name, value) => value;

/**
 * Collects the values of a query built with placeholders. Dates go as ISO text, which both drivers send
 * as it is and PostgreSQL reads as the timestamptz the column or cast asks for.
 */
export class Binder {
  readonly values: Record<string, unknown> = {};
  readonly bind: Bind = (name, value) => {
    this.values[name] = value instanceof Date ? value.toISOString() : value;
    return sql.placeholder(name);
  };
}

/**
 * Everything about `filter` that changes the text of filterConditions (which conditions, the inline id
 * arrays, the free and cancelled variants), and nothing it binds: two filters with the same shape build
 * the same SQL and differ only in placeholder values. Keep in step with filterConditions.
 */
export function filterShape(filter: EventFilter): string {
  return [
    filter.to ? 'to' : '',
    filter.categoryId !== undefined ? 'cat' : '',
    filter.subcategoryId !== undefined ? 'sub' : '',
    filter.venueIds ? `venues:${filter.venueIds.join(',')}` : '',
    filter.organizerId !== undefined ? 'org' : '',
    filter.tagIds ? `tags:${filter.tagIds.join(',')}` : '',
    filter.reservable !== undefined ? 'reservable' : '',
    filter.free === undefined ? '' : `free:${filter.free}`,
    filter.tsquery ? 'q' : '',
    filter.cancelled === undefined ? '' : `cancelled:${filter.cancelled}`,
  ].join('|');
}

/** What the hot reads prepare: a Drizzle query with placeholders, its SQL text assembled once. */
interface Preparable<T> {
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<T> };
}
type Prepared<T> = ReturnType<Preparable<T>['prepare']>;

/** Prepared queries per database handle, by shape; a shape holds inline id arrays, so the count is bounded. */
const preparedQueries = new WeakMap<DbOrTx, LRUCache<string, Prepared<unknown>>>();

/**
 * Runs `build`'s query with `binder`'s values, assembling its SQL text only the first time a shape (`key`:
 * everything that changes the text, nothing that is bound) is seen on this database. Assembling the text
 * was a sixth of the server's CPU under listing and search load (Drizzle walks the whole SQL tree on
 * every call); building the tree itself, which also collects the values, is cheap and still runs. The name
 * is empty on purpose: node-postgres then sends the unnamed statement, so PostgreSQL plans every execution
 * with its values as before (a named one would move to a generic plan, blind to how rare a word or how
 * narrow a filter is); PGlite has no named statements.
 */
export function preparedQuery<T>(db: DbOrTx, key: string, binder: Binder, query: Preparable<T>): Promise<T> {
  let byShape = preparedQueries.get(db);
  if (!byShape) {
    byShape = new LRUCache({ max: 1_000 });
    preparedQueries.set(db, byShape);
  }
  let prepared = byShape.get(key) as Prepared<T> | undefined;
  if (!prepared) {
    prepared = withFlatRows(query.prepare(''));
    byShape.set(key, prepared);
  }
  return prepared.execute(binder.values);
}

/** What a Drizzle prepared query keeps of its select: each column's path in the answer and its field. */
interface DrizzleSelected {
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: (rows: unknown[][]) => unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/**
 * Maps a flat select's rows with each column's decoder looked up once, not per cell. Drizzle's own
 * mapper (mapResultRow) asks for every cell what kind of field it came from, through `is()` and the
 * prototype chain, and walks a path array: a tenth of the server's CPU under varied listing load (25
 * rows × 36 columns a page). The answer is the same objects: the same names, the same decoders, null
 * kept as null. A select with nested objects (paths longer than one) keeps Drizzle's mapper.
 */
function withFlatRows<P>(prepared: P): P {
  const selected = prepared as DrizzleSelected;
  const fields = selected.fields;
  if (!fields || selected.customResultMapper || fields.some(({ path }) => path.length !== 1)) return prepared;
  const names = fields.map(({ path }) => path[0]!);
  const decoders = fields.map(({ field }) => decoderOf(field));
  selected.customResultMapper = (rows) =>
    rows.map((row) => {
      const result: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i += 1) {
        const value = row[i];
        result[names[i]!] = value === null ? null : decoders[i]!.mapFromDriverValue(value);
      }
      return result;
    });
  return prepared;
}

/** The decoder Drizzle's mapResultRow picks for a selected field: a column is its own, SQL carries one (an internal field). */
function decoderOf(field: unknown): Decoder {
  const decoderOfSql = (value: unknown) => (value as { decoder: Decoder }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql(field._.sql);
  return decoderOfSql((field as SQL.Aliased).sql);
}

/** The filter as conditions on `table` (the events table, or an alias of it for a correlated subquery). */
export function filterConditions(filter: EventFilter, table: EventsTable = events, bind: Bind = inline): SQL[] {
  const conditions: SQL[] = [eq(table.published, true), gte(table.startsAt, bind('from', filter.from))];
  if (filter.to) conditions.push(lt(table.startsAt, bind('to', filter.to)));
  if (filter.categoryId !== undefined) conditions.push(eq(table.categoryId, bind('categoryId', filter.categoryId)));
  if (filter.subcategoryId !== undefined) conditions.push(eq(table.subcategoryId, bind('subcategoryId', filter.subcategoryId)));
  if (filter.venueIds) conditions.push(sql`${table.venueId} = ANY(${intArray(filter.venueIds)})`);
  if (filter.organizerId !== undefined) conditions.push(eq(table.organizerId, bind('organizerId', filter.organizerId)));
  if (filter.tagIds) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM event_tags et WHERE et.event_id = ${table.id} AND et.tag_id = ANY(${intArray(filter.tagIds)}))`,
    );
  }
  if (filter.reservable !== undefined) conditions.push(eq(table.reservable, bind('reservable', filter.reservable)));
  // Free = a top price of 0; no top price is "not announced", which is not free (migration 0010). The
  // literal 0 (not a bound parameter) lets the planner match the partial index events_free_starts_idx.
  // free=false is the complement: paid or not announced.
  if (filter.free === true) conditions.push(sql`${table.priceMax} = 0`);
  if (filter.free === false) conditions.push(sql`${table.priceMax} IS DISTINCT FROM 0`);
  if (filter.tsquery) conditions.push(vectorMatches(bind('tsquery', filter.tsquery), table));
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
export function firstOfSeries(filter: EventFilter, bind: Bind = inline): SQL {
  return sql`(${events.seriesId} IS NULL OR NOT EXISTS (
    SELECT 1 FROM events earlier
    WHERE ${sql.join(
      [
        eq(earlier.seriesId, events.seriesId),
        sql`(${earlier.startsAt}, ${earlier.id}) < (${events.startsAt}, ${events.id})`,
        ...filterConditions(filter, earlier, bind),
      ],
      sql` AND `,
    )}))`;
}
