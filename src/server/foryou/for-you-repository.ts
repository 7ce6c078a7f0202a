import { eq, sql, type SQL } from 'drizzle-orm';
import type { LocalizedText } from '../../shared/locales';
import type { ForYouReasonKind } from '../../shared/schemas/for-you';
import type { DbOrTx } from '../db/client';
import { events, images, venues } from '../db/schema';
import { eventSummaryColumns, readyImage } from '../catalog/catalog-repository-columns';

/**
 * The SQL of "for you" (DESIGN §15): one statement from the person's own signals to the cards. Nothing
 * leaves the database but the picked events: no profile is built, stored or shared.
 */

/** Whose signals: an account, or a guest token's subject (saves, follows and visits only; guests reserve nothing). */
export type ForYouOwner = { userId: string } | { guestId: string };

/**
 * How much one signal counts. A follow is a plain wish and weighs most; a saved or reserved event says
 * something about its venue, organizer and category (each repeated event counts, up to three); opening a
 * category is the weakest hint (a tenth of a point per visit, up to ten visits).
 */
const WEIGHT = {
  followsPlace: 8,
  followsTopic: 4,
  reservedPlace: 3,
  reservedCategory: 1.5,
  savedPlace: 2,
  savedCategory: 1,
  visit: 0.3,
  maxRepeats: 3,
  maxVisits: 10,
} as const;

/** How many of its soonest events in the window each signal offers (the row shows a dozen at most). */
const PER_SIGNAL = 40;

/** Events published within this many days by something the person follows (since following it) lead the row. */
export const NEW_WINDOW_DAYS = 14;

/** A constant of the query, written into it: bound parameters arrive as text, and `text * bigint` does not exist. */
function num(value: number): SQL {
  return sql.raw(String(Number(value)));
}

function owns(alias: string, owner: ForYouOwner): SQL {
  return 'userId' in owner
    ? sql`${sql.raw(alias)}.user_id = ${owner.userId}::uuid`
    : sql`${sql.raw(alias)}.guest_id = ${owner.guestId}::uuid`;
}

/** A reservation that still stands or was honoured (rejected and cancelled ones say nothing). */
const COUNTED_RESERVATION = sql.raw(`r.status IN ('pending', 'action_needed', 'accepted', 'waitlisted')`);

export interface ForYouWindow {
  from: Date;
  to: Date;
  /** "New" means published since this moment (and since the follow). */
  newSince: Date;
  limit: number;
}

/**
 * The picked events, best first: events from a follow published lately (newest first), then by score,
 * then soonest. Upcoming in the window, published, not cancelled, one date per series, at most two per
 * venue, never one the person reserved or saved (they have it already). No signal, no row.
 *
 * Plan (EXPLAIN ANALYZE, PostgreSQL, bench/for-you.ts: 20k events, 1,000 people × 10 follows): one
 * nested loop per dimension over the person's signals, each a Limit over an index scan of
 * events_venue_starts_idx / events_organizer_starts_idx (backward) / events_category_starts_idx, tags an
 * events_starts_idx scan probing event_tags_tag_idx; ~600 candidates, grouped and ranked in memory
 * (quicksort, < 100 kB); 26 ms for a person with 10 follows on a busy 2-core machine, p95 53 ms. Joining
 * every event of a followed category instead (the first version) cost p95 353 ms: hence PER_SIGNAL. The
 * existing indexes suffice (no migration).
 */
export function selectForYou(db: DbOrTx, owner: ForYouOwner, window: ForYouWindow) {
  const userId = 'userId' in owner ? owner.userId : null;
  const from = window.from.toISOString();
  const to = window.to.toISOString();
  const reservedSignals = userId
    ? sql`SELECT 'reserved' AS src, e.venue_id, e.organizer_id, e.category_id
        FROM reservations r JOIN events e ON e.id = r.event_id
        WHERE r.user_id = ${userId}::uuid AND ${COUNTED_RESERVATION}
        UNION ALL `
    : sql``;
  const alreadyReserved = userId
    ? sql`AND NOT EXISTS (SELECT 1 FROM reservations r WHERE r.event_id = e.id AND r.user_id = ${userId}::uuid AND ${COUNTED_RESERVATION})`
    : sql``;
  const inWindow = sql`e.published AND e.status <> 'cancelled'
    AND e.starts_at >= ${from}::timestamptz AND e.starts_at < ${to}::timestamptz`;
  // The soonest events a signal reaches, for one dimension: one probe of that dimension's (id, starts_at)
  // index per signal, stopped after PER_SIGNAL rows, so a followed category with thousands of events costs
  // what a venue does.
  const reach = (dim: 'venue' | 'organizer' | 'category') => sql`
    SELECT x.event_id, s.kind, s.target, s.weight, s.since
    FROM sig s CROSS JOIN LATERAL (
      SELECT e.id AS event_id FROM events e
      WHERE e.${sql.raw(`${dim}_id`)} = s.target AND ${inWindow}
      ORDER BY e.starts_at, e.id LIMIT ${num(PER_SIGNAL)}
    ) x
    WHERE s.dim = ${dim}`;

  const picked = sql`(
    WITH past AS (
      ${reservedSignals}
      SELECT 'saved' AS src, e.venue_id, e.organizer_id, e.category_id
      FROM saved_events s JOIN events e ON e.id = s.event_id WHERE ${owns('s', owner)}
    ),
    sig AS (
      SELECT f.kind AS dim, f.target_id AS target, 'follows_' || f.kind AS kind,
        (CASE WHEN f.kind IN ('venue', 'organizer') THEN ${num(WEIGHT.followsPlace)} ELSE ${num(WEIGHT.followsTopic)} END)::float8 AS weight,
        f.created_at AS since
      FROM follows f WHERE ${owns('f', owner)}
      UNION ALL
      SELECT d.dim, d.target, past.src || '_' || d.dim,
        ((CASE
          WHEN past.src = 'reserved' AND d.dim = 'category' THEN ${num(WEIGHT.reservedCategory)}
          WHEN past.src = 'reserved' THEN ${num(WEIGHT.reservedPlace)}
          WHEN d.dim = 'category' THEN ${num(WEIGHT.savedCategory)}
          ELSE ${num(WEIGHT.savedPlace)} END) * least(count(*), ${num(WEIGHT.maxRepeats)}))::float8,
        NULL::timestamptz
      FROM past CROSS JOIN LATERAL (VALUES ('venue', past.venue_id), ('organizer', past.organizer_id), ('category', past.category_id)) AS d (dim, target)
      WHERE d.target IS NOT NULL
      GROUP BY past.src, d.dim, d.target
      UNION ALL
      SELECT 'category', v.category_id, 'visited_category', (${num(WEIGHT.visit)} * least(v.visits, ${num(WEIGHT.maxVisits)}))::float8, NULL::timestamptz
      FROM category_visits v WHERE ${owns('v', owner)}
    ),
    cand AS (
      ${reach('venue')}
      UNION ALL ${reach('organizer')}
      UNION ALL ${reach('category')}
      UNION ALL
      SELECT x.event_id, s.kind, s.target, s.weight, s.since
      FROM sig s CROSS JOIN LATERAL (
        SELECT e.id AS event_id FROM event_tags et JOIN events e ON e.id = et.event_id
        WHERE et.tag_id = s.target AND ${inWindow}
        ORDER BY e.starts_at, e.id LIMIT ${num(PER_SIGNAL)}
      ) x
      WHERE s.dim = 'tag'
    ),
    scored AS (
      SELECT c.event_id,
        sum(c.weight) AS score,
        -- The reason shown is a follow when there is one (the person's own words), else the heaviest signal.
        (array_agg(c.kind ORDER BY (c.since IS NOT NULL) DESC, c.weight DESC, c.kind))[1] AS reason_kind,
        (array_agg(c.target ORDER BY (c.since IS NOT NULL) DESC, c.weight DESC, c.kind))[1] AS reason_target,
        bool_or(c.since IS NOT NULL
          AND coalesce(e.publish_at, e.created_at) >= greatest(c.since, ${window.newSince.toISOString()}::timestamptz)) AS is_new
      FROM cand c JOIN events e ON e.id = c.event_id
      GROUP BY c.event_id
    ),
    kept AS (
      SELECT s.*, e.venue_id, e.starts_at, coalesce(e.publish_at, e.created_at) AS published_at,
        row_number() OVER (PARTITION BY coalesce(e.series_id, -e.id) ORDER BY e.starts_at, e.id) AS series_rank
      FROM scored s JOIN events e ON e.id = s.event_id
      WHERE NOT EXISTS (SELECT 1 FROM saved_events sv WHERE sv.event_id = e.id AND ${owns('sv', owner)})
        ${alreadyReserved}
    ),
    capped AS (
      SELECT k.*,
        row_number() OVER (PARTITION BY coalesce(k.venue_id::bigint, -k.event_id)
          ORDER BY k.is_new DESC, k.score DESC, k.starts_at, k.event_id) AS venue_rank
      FROM kept k WHERE k.series_rank = 1
    )
    SELECT event_id, reason_kind, reason_target, is_new,
      row_number() OVER (ORDER BY is_new DESC, CASE WHEN is_new THEN published_at END DESC NULLS LAST, score DESC, starts_at, event_id) AS position
    FROM capped WHERE venue_rank <= 2
    ORDER BY position
    LIMIT ${num(Math.trunc(window.limit))}
  ) AS fy`;

  return db
    .select({
      ...eventSummaryColumns(window.from),
      reasonKind: sql<ForYouReasonKind>`fy.reason_kind`,
      reasonTarget: sql<number>`fy.reason_target`,
      reasonNew: sql<boolean>`fy.is_new`,
      reasonName: sql<{ name?: string; i18n?: LocalizedText } | null>`CASE split_part(fy.reason_kind, '_', 2)
        WHEN 'venue' THEN (SELECT jsonb_build_object('name', rv.name, 'i18n', rv.name_i18n) FROM venues rv WHERE rv.id = fy.reason_target)
        WHEN 'organizer' THEN (SELECT jsonb_build_object('name', ro.name) FROM organizers ro WHERE ro.id = fy.reason_target)
        WHEN 'category' THEN (SELECT jsonb_build_object('i18n', rc.name) FROM categories rc WHERE rc.id = fy.reason_target)
        WHEN 'tag' THEN (SELECT jsonb_build_object('i18n', rt.name) FROM tags rt WHERE rt.id = fy.reason_target)
      END`,
    })
    .from(events)
    .innerJoin(picked, sql`fy.event_id = ${events.id}`)
    .leftJoin(venues, eq(venues.id, events.venueId))
    .leftJoin(images, readyImage)
    .orderBy(sql`fy.position`);
}

export type ForYouRow = Awaited<ReturnType<typeof selectForYou>>[number];

/**
 * One more visit of a category listing: a counter per owner and category, upserted in one statement on
 * the partial unique index of the owner's kind. The slug resolves inside the statement (an unknown one
 * writes nothing).
 */
export async function recordCategoryVisit(db: DbOrTx, owner: ForYouOwner, categorySlug: string, at: Date): Promise<void> {
  const [column, value] = 'userId' in owner ? ['user_id', owner.userId] : ['guest_id', owner.guestId];
  await db.execute(sql`
    INSERT INTO category_visits (${sql.raw(column)}, category_id, visits, last_visit_at)
    SELECT ${value}::uuid, c.id, 1, ${at.toISOString()}::timestamptz FROM categories c WHERE c.slug = ${categorySlug}
    ON CONFLICT (${sql.raw(column)}, category_id) WHERE ${sql.raw(column)} IS NOT NULL
    DO UPDATE SET visits = category_visits.visits + 1, last_visit_at = excluded.last_visit_at`);
}

/** People who asked for the weekly digest, with the language to write it in, a page at a time (keyset on id). */
export async function digestRecipients(db: DbOrTx, afterId: string | null, limit: number, onlyUserId?: string) {
  const result = (await db.execute(sql`
    SELECT u.id, u.email, u.first_name, coalesce(ns.email_locale, u.locale) AS locale
    FROM notification_settings ns JOIN users u ON u.id = ns.user_id
    WHERE ns.email_digest AND u.email IS NOT NULL AND u.status = 'active'
      ${afterId ? sql`AND u.id > ${afterId}::uuid` : sql``}
      ${onlyUserId ? sql`AND u.id = ${onlyUserId}::uuid` : sql``}
    ORDER BY u.id LIMIT ${limit}`)) as unknown as { rows: { id: string; email: string; first_name: string | null; locale: string }[] };
  return result.rows.map((row) => ({
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    locale: row.locale,
  }));
}
