import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { ReportReason, ReportStatus, ReportTargetType } from '../../shared/schemas/reports';
import type { DbOrTx } from '../db/client';
import { events, organizers, reports, venues } from '../db/schema';

/** Venue and organizer ids are 32-bit (serial): a larger one names none, and PostgreSQL would refuse to compare it. */
const MAX_INT4 = 2_147_483_647;

type Rows<T> = { rows: T[] };

// ---------------------------------------------------------------------------------------------------------
// Filing a report
// ---------------------------------------------------------------------------------------------------------

/**
 * Serialises one reporter's reports (until the transaction ends), so two sent at once cannot both pass the
 * throttle that counts the reporter's earlier ones.
 */
export async function lockReporter(db: DbOrTx, subject: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`report:${subject}`}))`);
}

/**
 * How many reports the subject filed in the last `windowSeconds`, and in how many seconds the oldest of
 * them leaves the window. The database's clock decides both, as it stamped `created_at`.
 */
export async function recentBySubject(db: DbOrTx, subject: string, windowSeconds: number): Promise<{ count: number; freeInSeconds: number }> {
  const result = (await db.execute(sql`
    SELECT count(*)::int AS count,
           COALESCE(EXTRACT(EPOCH FROM (min(created_at) + make_interval(secs => ${windowSeconds}) - clock_timestamp())), 0)::float8 AS free_in
    FROM reports
    WHERE reporter_subject = ${subject} AND created_at > clock_timestamp() - make_interval(secs => ${windowSeconds})`)) as unknown as Rows<{
    count: number | string;
    free_in: number | string;
  }>;
  const row = result.rows[0];
  return { count: Number(row?.count ?? 0), freeInSeconds: Number(row?.free_in ?? 0) };
}

/** Seconds until the subject may report this target again, or null when it did not within `windowSeconds`. */
export async function repeatOnTarget(
  db: DbOrTx,
  input: { subject: string; targetType: ReportTargetType; targetId: number; windowSeconds: number },
): Promise<number | null> {
  const result = (await db.execute(sql`
    SELECT EXTRACT(EPOCH FROM (max(created_at) + make_interval(secs => ${input.windowSeconds}) - clock_timestamp()))::float8 AS free_in
    FROM reports
    WHERE reporter_subject = ${input.subject} AND target_type = ${input.targetType} AND target_id = ${input.targetId}
      AND created_at > clock_timestamp() - make_interval(secs => ${input.windowSeconds})`)) as unknown as Rows<{ free_in: number | string | null }>;
  const freeIn = result.rows[0]?.free_in;
  return freeIn === null || freeIn === undefined ? null : Number(freeIn);
}

/**
 * Whether the target is something the public sees: a published event (one taken off the site is not), any
 * venue (venue pages are always public), an organizer that has a published event (it appears on no page
 * otherwise).
 */
export async function targetIsPublic(db: DbOrTx, type: ReportTargetType, id: number): Promise<boolean> {
  if (type === 'event') {
    const [row] = await db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.id, id), eq(events.published, true)));
    return Boolean(row);
  }
  if (id > MAX_INT4) return false;
  if (type === 'venue') {
    const [row] = await db.select({ id: venues.id }).from(venues).where(eq(venues.id, id));
    return Boolean(row);
  }
  const [row] = await db
    .select({ id: organizers.id })
    .from(organizers)
    .where(and(eq(organizers.id, id), sql`EXISTS (SELECT 1 FROM events e WHERE e.organizer_id = ${organizers.id} AND e.published)`));
  return Boolean(row);
}

export async function insertReport(
  db: DbOrTx,
  values: { targetType: ReportTargetType; targetId: number; reason: ReportReason; message: string | null; reporterUserId: string | null; reporterSubject: string },
): Promise<number> {
  const [row] = await db.insert(reports).values(values).returning({ id: reports.id });
  return row!.id;
}

// ---------------------------------------------------------------------------------------------------------
// The admin's queue
// ---------------------------------------------------------------------------------------------------------

/**
 * One row per target with reports in this status, the target with the newest report first; the newest
 * report's id orders the groups and is the cursor (`before`: groups whose newest report is older).
 */
export async function queueGroups(db: DbOrTx, input: { status: ReportStatus; before?: number; limit: number }) {
  const latestId = sql<number>`max(${reports.id})`.mapWith(Number);
  return db
    .select({
      targetType: reports.targetType,
      targetId: reports.targetId,
      latestId,
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(reports)
    .where(eq(reports.status, input.status))
    .groupBy(reports.targetType, reports.targetId)
    .having(input.before === undefined ? undefined : lt(sql`max(${reports.id})`, input.before))
    .orderBy(desc(sql`max(${reports.id})`))
    .limit(input.limit);
}
export type QueueGroupRow = Awaited<ReturnType<typeof queueGroups>>[number];

/** The reports in this status about these targets, newest first. */
export async function reportsAbout(db: DbOrTx, status: ReportStatus, targets: readonly { targetType: ReportTargetType; targetId: number }[]) {
  if (targets.length === 0) return [];
  const pairs = sql.join(
    targets.map((target) => sql`(${target.targetType}, ${target.targetId}::bigint)`),
    sql`, `,
  );
  return db
    .select({
      id: reports.id,
      targetType: reports.targetType,
      targetId: reports.targetId,
      reason: reports.reason,
      message: reports.message,
      reporterUserId: reports.reporterUserId,
      status: reports.status,
      note: reports.note,
      createdAt: reports.createdAt,
      resolvedAt: reports.resolvedAt,
    })
    .from(reports)
    .where(and(eq(reports.status, status), sql`(${reports.targetType}, ${reports.targetId}) IN (${pairs})`))
    .orderBy(desc(reports.id));
}

export async function eventsNamed(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: events.id, slug: events.slug, title: events.title, removedAt: events.removedAt })
    .from(events)
    .where(inArray(events.id, [...ids]));
}

export async function venuesNamed(db: DbOrTx, ids: readonly number[]) {
  const small = ids.filter((id) => id <= MAX_INT4);
  if (small.length === 0) return [];
  return db.select({ id: venues.id, slug: venues.slug, name: venues.name, nameI18n: venues.nameI18n }).from(venues).where(inArray(venues.id, small));
}

export async function organizersNamed(db: DbOrTx, ids: readonly number[]) {
  const small = ids.filter((id) => id <= MAX_INT4);
  if (small.length === 0) return [];
  return db.select({ id: organizers.id, name: organizers.name }).from(organizers).where(inArray(organizers.id, small));
}

// ---------------------------------------------------------------------------------------------------------
// Resolving
// ---------------------------------------------------------------------------------------------------------

export async function findReport(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: reports.id, targetType: reports.targetType, targetId: reports.targetId, status: reports.status })
    .from(reports)
    .where(eq(reports.id, id))
    .for('update');
  return row;
}

/**
 * Closes every open report on the target (the one named among them) and answers their ids and reasons.
 * Locks them first in id order, so two admins deciding the same target at once wait for each other.
 */
export async function closeOpenReports(
  db: DbOrTx,
  input: { targetType: ReportTargetType; targetId: number; status: 'resolved' | 'dismissed'; note: string | null; resolvedBy: string },
): Promise<{ id: number; reason: string }[]> {
  const where = and(eq(reports.targetType, input.targetType), eq(reports.targetId, input.targetId), eq(reports.status, 'open'));
  await db.select({ id: reports.id }).from(reports).where(where).orderBy(reports.id).for('update');
  return db
    .update(reports)
    .set({ status: input.status, note: input.note, resolvedBy: input.resolvedBy, resolvedAt: sql`clock_timestamp()` })
    .where(where)
    .returning({ id: reports.id, reason: reports.reason });
}

export async function eventForRemoval(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: events.id, publication: events.publication, published: events.published, removedAt: events.removedAt })
    .from(events)
    .where(eq(events.id, id))
    .for('update');
  return row;
}

/** Off the public site (`published` is what every public read filters on) and marked as moderation's doing. */
export async function removeEvent(db: DbOrTx, id: number, reason: string): Promise<Date> {
  const [row] = await db
    .update(events)
    .set({ publication: 'archived', published: false, removedAt: sql`clock_timestamp()`, removedReason: reason, updatedAt: new Date() })
    .where(eq(events.id, id))
    .returning({ removedAt: events.removedAt });
  return row!.removedAt!;
}
