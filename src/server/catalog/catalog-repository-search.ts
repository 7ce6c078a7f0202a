import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { events, images, venues } from '../db/schema';
import {
  type Bind,
  Binder,
  earlier,
  eventSummaryColumns,
  type EventFilter,
  type EventsTable,
  filterConditions,
  filterShape,
  preparedQuery,
  readyImage,
  titleMatches,
  vectorMatches,
} from './catalog-repository-columns';
import type { EventSummaryRow } from './catalog-repository';

/**
 * Search's events queries: relevance tiers over the listing filter, one statement per tier or all tiers in
 * one for few matches (catalog-search.ts plans the words).
 */

/** The four tsqueries of a search (search-plan.ts QueryPlan): strict or typo-widened, titles or anywhere. */
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
function searchTier(plan: SearchTsqueries, table: EventsTable, bind: Bind): SQL<number> {
  const matches = (name: keyof SearchTsqueries) => vectorMatches(bind(name, plan[name]), table);
  return sql<number>`(CASE WHEN ${matches('strictTitle')} THEN 0 WHEN ${matches('strict')} THEN 1 WHEN ${matches('expandedTitle')} THEN 2 ELSE 3 END)`;
}

/**
 * A series shows once in search results, at its best-ranked date (the best tier, then the earliest): a row
 * of tier `tier` is kept unless another matching date of its series ranks before it. Like firstOfSeries,
 * it depends on the filter and the query only, never on the cursor, so every page agrees.
 */
function bestOfSeries(filter: EventFilter, plan: SearchTsqueries, tier: number | SQL<number>, bind: Bind): SQL {
  return sql`(${events.seriesId} IS NULL OR NOT EXISTS (
    SELECT 1 FROM events earlier
    WHERE ${sql.join(
      [
        eq(earlier.seriesId, events.seriesId),
        sql`(${searchTier(plan, earlier, bind)}, ${earlier.startsAt}, ${earlier.id}) < (${typeof tier === 'number' ? sql.raw(String(tier)) : tier}::int, ${events.startsAt}, ${events.id})`,
        ...filterConditions({ ...filter, tsquery: plan.expanded }, earlier, bind),
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
  // Title conditions go through titleMatches, the rest through the whole vector: each then has the
  // statistics of what it reads, so a word found in no title is not looked for by walking every date.
  // Every tier's query is prepared per shape (preparedQuery); the words are its placeholders.
  const tiers = (bind: Bind) => [
    { match: titleMatches(bind('strictTitle', input.strictTitle)), exclude: [] as SQL[] },
    { match: vectorMatches(bind('strict', input.strict)), exclude: [titleMatches(bind('strictTitle', input.strictTitle))] },
    { match: titleMatches(bind('expandedTitle', input.expandedTitle)), exclude: [vectorMatches(bind('strict', input.strict))] },
    {
      match: vectorMatches(bind('expanded', input.expanded)),
      exclude: [vectorMatches(bind('strict', input.strict)), titleMatches(bind('expandedTitle', input.expandedTitle))],
    },
  ];
  const found: (EventSummaryRow & { rank: number })[] = [];
  for (let index = 0; index < 4; index += 1) {
    if (found.length >= input.limit) break;
    if (input.after && index < input.after.rank) continue;
    // Without near words the widened tiers are the strict ones again.
    if (index >= 2 && input.expanded === input.strict) break;
    const binder = new Binder();
    const { bind } = binder;
    const tier = tiers(bind)[index]!;
    const conditions = [...filterConditions({ ...input.filter, tsquery: undefined }, events, bind), tier.match];
    for (const exclude of tier.exclude) conditions.push(sql`NOT (${exclude})`);
    conditions.push(bestOfSeries(input.filter, input, index, bind));
    const resumes = input.after !== undefined && index === input.after.rank;
    if (input.after && resumes) {
      conditions.push(sql`(${events.startsAt}, ${events.id}) > (${bind('afterAt', input.after.startsAt.toISOString())}::timestamptz, ${bind('afterId', input.after.id)})`);
    }
    const query = db
      .select(eventSummaryColumns(bind('from', input.filter.from)))
      .from(events)
      .leftJoin(venues, eq(venues.id, events.venueId))
      .leftJoin(images, readyImage)
      .where(and(...conditions))
      .orderBy(asc(events.startsAt), asc(events.id))
      .limit(bind('limit', input.limit - found.length));
    const rows = await preparedQuery(db, `searchEvents|${index}|${filterShape({ ...input.filter, tsquery: undefined })}|${resumes}`, binder, query);
    found.push(...rows.map((row) => ({ ...row, rank: index })));
  }
  return found;
}

/**
 * The first `limit` search results (no cursor) in one statement: every row matching `expanded`, its tier
 * computed (searchTier), in (tier, starts_at, id) order: the rows and the order searchEvents gives. One
 * statement instead of one per tier, which on the embedded database is most of a search's time (each tier
 * is planned anew: about 0.7 ms of its 1.1 ms, docs/performance.md); but it computes the tier of every
 * match and sorts them all, so it is for words that match few events. The caller knows that from the
 * count (catalog-search.ts); the answer is the same either way.
 */
export async function searchEventsAtOnce(db: DbOrTx, input: SearchTsqueries & { filter: EventFilter; limit: number }) {
  const binder = new Binder();
  const { bind } = binder;
  const tier = searchTier(input, events, bind);
  const query = db
    .select({ ...eventSummaryColumns(bind('from', input.filter.from)), rank: tier })
    .from(events)
    .leftJoin(venues, eq(venues.id, events.venueId))
    .leftJoin(images, readyImage)
    .where(
      and(
        ...filterConditions({ ...input.filter, tsquery: undefined }, events, bind),
        vectorMatches(bind('expanded', input.expanded)),
        bestOfSeries(input.filter, input, tier, bind),
      ),
    )
    .orderBy(tier, asc(events.startsAt), asc(events.id))
    .limit(bind('limit', input.limit));
  return preparedQuery(db, `searchEventsAtOnce|${filterShape({ ...input.filter, tsquery: undefined })}`, binder, query);
}

/** One published event as the in-memory search index holds it (search-index.ts). */
export interface SearchIndexRow {
  id: number;
  seriesId: number | null;
  /** starts_at in epoch milliseconds. */
  at: number;
  categoryId: number;
  subcategoryId: number | null;
  venueId: number | null;
  organizerId: number | null;
  reservable: boolean;
  free: boolean;
  cancelled: boolean;
  /** The search vector's lexemes, space-separated: all of them, and those with a title weight (A). */
  words: string;
  titleWords: string;
  /** Its tag ids, space-separated. */
  tagIds: string;
}

/**
 * A chunk of the published events from `from` on, in id order after `afterId`: what the search index
 * loads (search-index.ts). The lexemes are those `@@` matches against, read from the stored vector
 * itself, so the index matches what the SQL tiers match.
 */
export async function searchIndexRows(db: DbOrTx, input: { from: Date; afterId: number; limit: number }): Promise<SearchIndexRow[]> {
  const binder = new Binder();
  const { bind } = binder;
  const query = db
    .select({
      id: events.id,
      seriesId: events.seriesId,
      at: sql<number>`(extract(epoch from ${events.startsAt}) * 1000)::float8`.mapWith(Number),
      categoryId: events.categoryId,
      subcategoryId: events.subcategoryId,
      venueId: events.venueId,
      organizerId: events.organizerId,
      reservable: events.reservable,
      free: sql<boolean>`coalesce(${events.priceMax} = 0, false)`,
      cancelled: sql<boolean>`(${events.status} = 'cancelled')`,
      words: sql<string>`array_to_string(tsvector_to_array(${events.searchVector}), ' ')`,
      titleWords: sql<string>`array_to_string(tsvector_to_array(ts_filter(${events.searchVector}, '{a}')), ' ')`,
      tagIds: sql<string>`coalesce((SELECT string_agg(et.tag_id::text, ' ') FROM event_tags et WHERE et.event_id = ${events.id}), '')`,
    })
    .from(events)
    .where(and(eq(events.published, true), sql`${events.startsAt} >= ${bind('from', input.from)}::timestamptz`, sql`${events.id} > ${bind('afterId', input.afterId)}`))
    .orderBy(asc(events.id))
    .limit(bind('limit', input.limit));
  // Prepared: its rows are mapped without Drizzle's per-cell checks (a quarter of a read's time).
  const rows = await preparedQuery(db, 'searchIndexRows', binder, query);
  return rows.map((row) => ({ ...row, id: Number(row.id), seriesId: row.seriesId === null ? null : Number(row.seriesId) }));
}

/**
 * The catalogue's change marker (migration 0018): a sequence every statement that writes what the search
 * index reads moves. "0" until the first such write.
 */
export async function catalogChanges(db: DbOrTx): Promise<string> {
  const result = (await db.execute(sql`SELECT coalesce(pg_sequence_last_value('catalog_changes'), 0)::text AS value`)) as unknown as {
    rows: { value: string }[];
  };
  return result.rows[0]?.value ?? '0';
}

/**
 * Card rows of the events `ids`, in the order of `ids` (an id no longer published is left out): the
 * search index chooses a page, this reads its cards in one statement.
 */
export async function eventSummariesByIds(db: DbOrTx, ids: readonly number[], from: Date): Promise<EventSummaryRow[]> {
  if (ids.length === 0) return [];
  const binder = new Binder();
  const { bind } = binder;
  const query = db
    .select(eventSummaryColumns(bind('from', from)))
    .from(events)
    .leftJoin(venues, eq(venues.id, events.venueId))
    .leftJoin(images, readyImage)
    .where(and(eq(events.published, true), sql`${events.id} = ANY(${bind('ids', `{${ids.map((id) => Math.trunc(id)).join(',')}}`)}::bigint[])`));
  const rows = (await preparedQuery(db, 'eventSummariesByIds', binder, query)) as EventSummaryRow[];
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
