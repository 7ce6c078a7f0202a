import type { AuditPage, AuditQuery } from '../../shared/schemas/admin-audit';
import type { Db } from '../db/client';
import { keysetPage, readCursor } from '../lib/cursor';
import { fullName } from '../users/names';
import * as repo from './audit-repository';

const PAGE = 50;

/** The audit log as the admin reads it: newest first, by actor and/or target. It has no call that changes it. */
export class AdminAuditService {
  constructor(private readonly deps: { db: Db }) {}

  async list(query: AuditQuery): Promise<AuditPage> {
    const rows = await repo.auditPage(this.deps.db, {
      actor: query.actor,
      targetType: query.target_type,
      targetId: query.target_id,
      beforeId: readCursor(query.cursor)?.id,
      limit: PAGE,
    });
    const { page, next_cursor } = keysetPage(rows, PAGE, (row) => ({ id: row.id }));
    return {
      items: page.map((row) => ({
        id: row.id,
        actor: row.actorId ? { id: row.actorId, name: fullName(row.actorFirstName, row.actorLastName), email: row.actorEmail } : null,
        action: row.action,
        target_type: row.targetType,
        target_id: row.targetId,
        before: row.before,
        after: row.after,
        reason: row.reason,
        created_at: row.createdAt.toISOString(),
      })),
      next_cursor,
    };
  }
}
