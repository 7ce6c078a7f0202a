import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { refreshTokens, tokenFamilies, users } from '../db/schema';

export function createFamily(db: DbOrTx, family: { id: string; userId: string | null; kind: 'guest' | 'user'; userAgent?: string | null }) {
  return db.insert(tokenFamilies).values(family);
}

/** A refresh is the session being used: what the sessions list shows as "last seen". */
export function touchFamily(db: DbOrTx, familyId: string, at: Date) {
  return db.update(tokenFamilies).set({ lastSeenAt: at }).where(eq(tokenFamilies.id, familyId));
}

export function insertRefreshToken(
  db: DbOrTx,
  token: { id: string; familyId: string; tokenHash: string; issuedAt: Date; expiresAt: Date },
) {
  return db.insert(refreshTokens).values(token);
}

/** Locks the token's row so that two concurrent refreshes of the same token are decided one after the other. */
export async function lockRefreshToken(db: DbOrTx, id: string) {
  const rows = await db
    .select({
      id: refreshTokens.id,
      familyId: refreshTokens.familyId,
      tokenHash: refreshTokens.tokenHash,
      usedAt: refreshTokens.usedAt,
      replacedBy: refreshTokens.replacedBy,
      expiresAt: refreshTokens.expiresAt,
      familyRevokedAt: tokenFamilies.revokedAt,
      userId: tokenFamilies.userId,
      kind: tokenFamilies.kind,
    })
    .from(refreshTokens)
    .innerJoin(tokenFamilies, eq(tokenFamilies.id, refreshTokens.familyId))
    .where(eq(refreshTokens.id, id))
    .for('update', { of: refreshTokens });
  return rows[0];
}

export async function findRefreshToken(db: DbOrTx, id: string) {
  const rows = await db
    .select({ id: refreshTokens.id, issuedAt: refreshTokens.issuedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.id, id));
  return rows[0];
}

export function markRefreshTokenUsed(db: DbOrTx, id: string, replacedBy: string, usedAt: Date) {
  return db.update(refreshTokens).set({ usedAt, replacedBy }).where(eq(refreshTokens.id, id));
}

export function revokeFamily(db: DbOrTx, familyId: string, reason: string) {
  return db
    .update(tokenFamilies)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(tokenFamilies.id, familyId), isNull(tokenFamilies.revokedAt)));
}

export function revokeUserFamilies(db: DbOrTx, userId: string, reason: string) {
  return db
    .update(tokenFamilies)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(tokenFamilies.userId, userId), isNull(tokenFamilies.revokedAt)));
}

/** What every user request checks: the sign-in is not revoked and the account is in good standing. */
export async function findActiveSession(db: DbOrTx, familyId: string, userId: string) {
  const rows = await db
    .select({ role: users.role, status: users.status })
    .from(tokenFamilies)
    .innerJoin(users, eq(users.id, tokenFamilies.userId))
    .where(and(eq(tokenFamilies.id, familyId), eq(tokenFamilies.userId, userId), isNull(tokenFamilies.revokedAt)));
  return rows[0];
}
