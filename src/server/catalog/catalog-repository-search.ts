import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { categories, cities, events, images, venues } from '../db/schema';
import { earlier, eventSummaryColumns, type EventFilter, type EventsTable, filterConditions, readyImage, titleMatches } from './catalog-repository-columns';
import type { EventSummaryRow } from './catalog-repository';

/** Search's events query: relevance tiers over the listing filter (catalog-search.ts plans the words). */

/** The four tsqueries of a search (catalog-search.ts QueryPlan): strict or typo-widened, titles or anywhere. */
export interface SearchTsqueries {
  strict: string;
  strictTitle: string;
  expanded: string;
  expandedTitle: string;
}

function anywhereMatches(query: string): SQL {
  return sql`${events.searchVector} @@ to_tsquery('simple', ${query})`;
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
  // Title conditions go through titleMatches, the rest through the whole vector: each then has the
  // statistics of what it reads, so a word found in no title is not looked for by walking every date.
  const tiers = [
    { match: titleMatches(input.strictTitle), exclude: [] as SQL[] },
    { match: anywhereMatches(input.strict), exclude: [titleMatches(input.strictTitle)] },
    { match: titleMatches(input.expandedTitle), exclude: [anywhereMatches(input.strict)] },
    { match: anywhereMatches(input.expanded), exclude: [anywhereMatches(input.strict), titleMatches(input.expandedTitle)] },
  ];
  const found: (EventSummaryRow & { rank: number })[] = [];
  for (const [index, tier] of tiers.entries()) {
    if (found.length >= input.limit) break;
    if (input.after && index < input.after.rank) continue;
    // Without near words the widened tiers are the strict ones again.
    if (index >= 2 && input.expanded === input.strict) break;
    const conditions = [...filterConditions({ ...input.filter, tsquery: undefined }), tier.match];
    for (const exclude of tier.exclude) conditions.push(sql`NOT (${exclude})`);
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
