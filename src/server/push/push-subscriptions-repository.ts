import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { pushSubscriptions } from '../db/schema';

export interface StoredSubscription {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * One row per browser (the endpoint names it): subscribing again from the same browser, also after
 * another person signed in there, updates that row and gives it to whoever subscribed last.
 */
export async function upsertSubscription(
  db: DbOrTx,
  input: { userId: string; endpoint: string; p256dh: string; auth: string; userAgent: string | null },
): Promise<number> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values(input)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: input.userId, p256dh: input.p256dh, auth: input.auth, userAgent: input.userAgent, lastUsedAt: sql`now()` },
    })
    .returning({ id: pushSubscriptions.id });
  return row!.id;
}

/**
 * Keeps at most `limit` subscriptions of the person, `keep` among them: the least recently used others
 * (old browsers that never said goodbye) go first.
 */
export async function trimSubscriptions(db: DbOrTx, userId: string, keep: number, limit: number): Promise<void> {
  const [total] = await db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  const excess = (total?.n ?? 0) - limit;
  if (excess <= 0) return;
  const oldest = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), ne(pushSubscriptions.id, keep)))
    .orderBy(asc(sql`coalesce(${pushSubscriptions.lastUsedAt}, ${pushSubscriptions.createdAt})`), asc(pushSubscriptions.id))
    .limit(excess);
  if (oldest.length) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, oldest.map((row) => row.id)));
}

/** Deletes the person's own subscription; false when there is none by that id for them. */
export async function deleteOwnSubscription(db: DbOrTx, userId: string, id: number): Promise<boolean> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return deleted.length > 0;
}

export async function listSubscriptions(db: DbOrTx, userId: string): Promise<StoredSubscription[]> {
  return db
    .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.id));
}

export async function hasSubscriptions(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).limit(1);
  return Boolean(row);
}

/** The push service said the subscription is gone for good (404/410): it never comes back. */
export async function deleteSubscription(db: DbOrTx, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function markUsed(db: DbOrTx, id: number): Promise<void> {
  await db.update(pushSubscriptions).set({ lastUsedAt: sql`now()` }).where(eq(pushSubscriptions.id, id));
}

/** Account deletion: the person's browsers are personal data, and nothing is pushed to them again. */
export async function deleteAllForUser(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}
