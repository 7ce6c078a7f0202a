import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { events, guestOwners, images, savedEvents, venues } from '../db/schema';
import { eventSummaryColumns, readyImage } from '../catalog/catalog-repository-columns';

/** Whose saves: an account, or a guest before sign-up (the guest token's subject). Exactly one. */
export type Owner = { userId: string; guestId?: undefined } | { guestId: string; userId?: undefined };

/** The rows of one owner; a guest's rows never match an account's and the other way round. */
export function ownedBy(owner: Owner): SQL {
  return owner.userId !== undefined ? eq(savedEvents.userId, owner.userId) : eq(savedEvents.guestId, owner.guestId);
}

/** Whether the event is on the public site (a draft, an archived or a removed event cannot be saved). */
export async function isPublished(db: DbOrTx, eventId: number): Promise<boolean> {
  const rows = await db.select({ id: events.id }).from(events).where(and(eq(events.id, eventId), eq(events.published, true))).limit(1);
  return rows.length > 0;
}

export async function countSaved(db: DbOrTx, owner: Owner): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedEvents).where(ownedBy(owner));
  return Number(row?.n ?? 0);
}

export async function isSaved(db: DbOrTx, owner: Owner, eventId: number): Promise<boolean> {
  const rows = await db.select({ id: savedEvents.id }).from(savedEvents).where(and(ownedBy(owner), eq(savedEvents.eventId, eventId))).limit(1);
  return rows.length > 0;
}

/** Saves once: a second PUT meets the owner's unique index and changes nothing. */
export async function insertSaved(db: DbOrTx, owner: Owner, eventId: number): Promise<void> {
  await db
    .insert(savedEvents)
    .values({ userId: owner.userId ?? null, guestId: owner.guestId ?? null, eventId })
    .onConflictDoNothing();
}

/** The token family the guest saves on now (a guest keeps one family while it refreshes). */
export async function rememberGuest(db: DbOrTx, guestId: string, familyId: string): Promise<void> {
  await db
    .insert(guestOwners)
    .values({ guestId, familyId })
    .onConflictDoUpdate({ target: guestOwners.guestId, set: { familyId, seenAt: sql`now()` } });
}

export async function deleteSaved(db: DbOrTx, owner: Owner, eventId: number): Promise<void> {
  await db.delete(savedEvents).where(and(ownedBy(owner), eq(savedEvents.eventId, eventId)));
}

/** The ids of the owner's saved events that are still public, for the hearts. */
export async function savedIds(db: DbOrTx, owner: Owner): Promise<number[]> {
  const rows = await db
    .select({ id: savedEvents.eventId })
    .from(savedEvents)
    .innerJoin(events, eq(events.id, savedEvents.eventId))
    .where(and(ownedBy(owner), eq(events.published, true)))
    .orderBy(savedEvents.eventId);
  return rows.map((row) => Number(row.id));
}

/**
 * The tier of a saved event: 0 while it is ahead (or running, or postponed with the date to be announced),
 * 1 once it is over. Upcoming ones come first, soonest first; past ones after, latest first.
 */
function tierAt(now: Date): SQL<number> {
  return sql<number>`(CASE WHEN ${events.dateTba} OR COALESCE(${events.endsAt}, ${events.startsAt}) >= ${now.toISOString()}::timestamptz THEN 0 ELSE 1 END)`;
}

/**
 * A page of the owner's saved events as cards, by (tier, date, id): keyset paging, so the page after a
 * cursor is the same however many saves came before it.
 */
export function listSaved(db: DbOrTx, input: { owner: Owner; now: Date; limit: number; after?: { rank: number; at: Date; id: number } }) {
  const tier = tierAt(input.now);
  const conditions: SQL[] = [ownedBy(input.owner), eq(events.published, true)];
  const after = input.after;
  if (after) {
    const at = sql`${after.at.toISOString()}::timestamptz`;
    conditions.push(
      after.rank === 0
        ? sql`(${tier} = 1 OR (${tier} = 0 AND (${events.startsAt}, ${events.id}) > (${at}, ${after.id})))`
        : sql`(${tier} = 1 AND (${events.startsAt}, ${events.id}) < (${at}, ${after.id}))`,
    );
  }
  return db
    .select({ ...eventSummaryColumns(input.now), tier, savedAt: savedEvents.createdAt })
    .from(savedEvents)
    .innerJoin(events, eq(events.id, savedEvents.eventId))
    .leftJoin(venues, eq(venues.id, events.venueId))
    .leftJoin(images, readyImage)
    .where(and(...conditions))
    .orderBy(
      tier,
      sql`CASE WHEN ${tier} = 0 THEN ${events.startsAt} END ASC`,
      sql`CASE WHEN ${tier} = 0 THEN ${events.id} END ASC`,
      sql`CASE WHEN ${tier} = 1 THEN ${events.startsAt} END DESC`,
      sql`CASE WHEN ${tier} = 1 THEN ${events.id} END DESC`,
    )
    .limit(input.limit);
}
export type SavedRow = Awaited<ReturnType<typeof listSaved>>[number];

/** The accounts that saved an event (guests get no notifications: they have no bell). */
export async function accountsThatSaved(db: DbOrTx, eventIds: number[]): Promise<{ userId: string; eventId: number }[]> {
  if (!eventIds.length) return [];
  const rows = await db
    .select({ userId: savedEvents.userId, eventId: savedEvents.eventId })
    .from(savedEvents)
    .where(and(inArray(savedEvents.eventId, eventIds), sql`${savedEvents.userId} IS NOT NULL`));
  return rows.map((row) => ({ userId: row.userId!, eventId: Number(row.eventId) }));
}
