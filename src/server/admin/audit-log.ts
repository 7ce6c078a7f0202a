import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  /** Who acted; null for the system (a scheduled job). */
  actorUserId: string | null;
  /** Dotted verb: `category.renamed`, `application.approved`, `event.rejected`, `user.suspended`, `member.role_changed`… */
  action: string;
  targetType: string;
  targetId: string | number;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
}

/**
 * Writes one audit entry. Call it with the transaction that makes the change (DESIGN §14: the decision,
 * its notification job and its audit entry commit together or not at all). The table is append-only:
 * no code updates or deletes it, and a trigger refuses if any tries.
 */
export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
  });
}
