import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { emailChanges, refreshTokens, tokenFamilies } from '../db/schema';

/** A person's signed-in token families and pending e-mail changes (0014). */

export interface SessionRow {
  id: string;
  userAgent: string | null;
  createdAt: Date;
  lastSeenAt: Date | null;
}

/**
 * The live sessions: not revoked and still holding an unused refresh token that has not expired (a
 * family whose last token lapsed can never be used again, so it is no session to show).
 */
export function listSessions(db: DbOrTx, userId: string, now: Date): Promise<SessionRow[]> {
  const live = db
    .select({ one: sql`1` })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, tokenFamilies.id), isNull(refreshTokens.usedAt), gt(refreshTokens.expiresAt, now)));
  return db
    .select({ id: tokenFamilies.id, userAgent: tokenFamilies.userAgent, createdAt: tokenFamilies.createdAt, lastSeenAt: tokenFamilies.lastSeenAt })
    .from(tokenFamilies)
    .where(and(eq(tokenFamilies.userId, userId), eq(tokenFamilies.kind, 'user'), isNull(tokenFamilies.revokedAt), sql`exists (${live})`))
    .orderBy(desc(sql`coalesce(${tokenFamilies.lastSeenAt}, ${tokenFamilies.createdAt})`))
    .limit(100);
}

/** Revokes one of the person's sessions; false when it is not theirs or already ended. */
export async function revokeSession(db: DbOrTx, userId: string, familyId: string, reason: string): Promise<boolean> {
  const rows = await db
    .update(tokenFamilies)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(tokenFamilies.id, familyId), eq(tokenFamilies.userId, userId), isNull(tokenFamilies.revokedAt)))
    .returning({ id: tokenFamilies.id });
  return rows.length > 0;
}

/** Every session of the person but `keepFamilyId` (the one asking). */
export function revokeOtherSessions(db: DbOrTx, userId: string, keepFamilyId: string, reason: string) {
  return db
    .update(tokenFamilies)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(tokenFamilies.userId, userId), ne(tokenFamilies.id, keepFamilyId), isNull(tokenFamilies.revokedAt)));
}

export function insertEmailChange(db: DbOrTx, row: { tokenHash: string; userId: string; newEmail: string; expiresAt: Date }) {
  return db.insert(emailChanges).values(row);
}

export async function findEmailChange(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select().from(emailChanges).where(eq(emailChanges.tokenHash, tokenHash)).for('update');
  return row;
}

/** One confirmed (or a newer request made) → every earlier link of the person stops working. */
export function useEmailChanges(db: DbOrTx, userId: string, at: Date) {
  return db
    .update(emailChanges)
    .set({ usedAt: at })
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt)));
}
