import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { categories, events, images, venues } from '../db/schema';
import {
  type Bind,
  Binder,
  distanceMetres,
  eventSummaryColumns,
  type EventFilter,
  filterConditions,
  filterShape,
  firstOfSeries,
  type GeoPoint,
  intArray,
  preparedQuery,
  readyImage,
} from './catalog-repository-columns';

/**
 * The catalogue's reads. Listings live here; the shared columns and filter, search, the event page and
 * the places around events (taxonomy, venues, cities) each have their own file, re-exported below so the
 * service reads them all as one repository.
 */

/** A card's row; listings with `near` add its distance (home rows and search do not). */
export type EventSummaryRow = Omit<Awaited<ReturnType<typeof listEvents>>[number], 'distanceMetres'> & { distanceMetres?: number | null };

type ListEventsInput = EventFilter & { limit: number; near?: GeoPoint; byDistance?: boolean; after?: { startsAt: Date; id: number; distance?: number } };

/**
 * Keyset pagination on (starts_at, id): a stable order, no OFFSET, so deep pages cost what the first does.
 * With `near`, each row carries its distance in metres; `byDistance` orders by (metres, starts_at, id)
 * instead (the filter has already kept the venues around the point, so the sort covers a city's worth).
 * Prepared per shape (preparedQuery).
 */
export function listEvents(db: DbOrTx, input: ListEventsInput) {
  const binder = new Binder();
  const byDistance = input.byDistance === true && input.near !== undefined;
  const key = `listEvents|${filterShape(input)}|${input.near ? 'near' : ''}|${byDistance}|${input.after ? 'after' : ''}`;
  return preparedQuery(db, key, binder, listEventsQuery(db, input, byDistance, binder.bind));
}

function listEventsQuery(db: DbOrTx, input: ListEventsInput, byDistance: boolean, bind: Bind) {
  const conditions = [...filterConditions(input, events, bind), firstOfSeries(input, bind)];
  const distance = input.near ? distanceMetres({ lat: bind('lat', input.near.lat), lng: bind('lng', input.near.lng) }) : sql<null>`NULL::int`;
  if (input.after && byDistance) {
    conditions.push(
      sql`(${distance}, ${events.startsAt}, ${events.id}) > (${bind('afterDistance', input.after.distance ?? 0)}::int, ${bind('afterAt', input.after.startsAt.toISOString())}::timestamptz, ${bind('afterId', input.after.id)})`,
    );
  } else if (input.after) {
    conditions.push(sql`(${events.startsAt}, ${events.id}) > (${bind('afterAt', input.after.startsAt.toISOString())}::timestamptz, ${bind('afterId', input.after.id)})`);
  }
  return db
    .select({ ...eventSummaryColumns(bind('from', input.from)), distanceMetres: distance })
    .from(events)
    .leftJoin(venues, eq(venues.id, events.venueId))
    .leftJoin(images, readyImage)
    .where(and(...conditions))
    .orderBy(...(byDistance ? [sql`${distance} NULLS LAST`] : []), asc(events.startsAt), asc(events.id))
    .limit(bind('limit', input.limit));
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

/** How many events match `filter` (with its tsquery), a series counted once, as the lists show it. */
export async function countEvents(db: DbOrTx, filter: EventFilter): Promise<number> {
  const binder = new Binder();
  const query = db
    .select({ total: sql<number>`(count(*) FILTER (WHERE ${events.seriesId} IS NULL) + count(DISTINCT ${events.seriesId}))::int` })
    .from(events)
    .where(and(...filterConditions(filter, events, binder.bind)));
  const [row] = await preparedQuery(db, `countEvents|${filterShape(filter)}`, binder, query);
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
    .leftJoin(venues, eq(venues.id, events.venueId))
    .leftJoin(images, readyImage)
    .orderBy(sql`c.position`, sql`c.id`, sql`pick.rank`, asc(events.startsAt), asc(events.id));
}

export type { EventFilter, GeoPoint, UploadedImageColumns } from './catalog-repository-columns';
export * from './catalog-repository-search';
export * from './catalog-repository-detail';
export * from './catalog-repository-places';
