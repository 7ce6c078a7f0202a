import { and, desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { auditLog, users } from '../db/schema';

/** Reads of the append-only audit log; writes go through `recordAudit` only (audit-log.ts). */
export async function auditPage(
  db: DbOrTx,
  filter: { actor?: string; targetType?: string; targetId?: string; beforeId?: number; limit: number },
) {
  return db
    .select({
      id: auditLog.id,
      actorId: auditLog.actorUserId,
      actorEmail: users.email,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      before: auditLog.before,
      after: auditLog.after,
      reason: auditLog.reason,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(
      and(
        filter.actor ? eq(auditLog.actorUserId, filter.actor) : undefined,
        filter.targetType ? eq(auditLog.targetType, filter.targetType) : undefined,
        filter.targetId ? eq(auditLog.targetId, filter.targetId) : undefined,
        filter.beforeId ? lt(auditLog.id, filter.beforeId) : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(filter.limit + 1);
}
