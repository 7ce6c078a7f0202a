import { pickLocalized, type Locale } from '../../shared/locales';
import { eventPath, venuePath } from '../../shared/paths';
import type {
  CreateReport,
  QueuedReport,
  ReportGroup,
  ReportQueue,
  ReportReason,
  ReportResolution,
  ReportStatus,
  ReportTargetType,
  ResolveReport,
} from '../../shared/schemas/reports';
import type { Db, DbOrTx } from '../db/client';
import { keysetPage, readCursor } from '../lib/cursor';
import { conflict, invalidField, notFound, rateLimited } from '../lib/errors';
import { requireMove } from '../organizer/event-lifecycle';
import { insertHistory } from '../organizer/organizer-events-repository';
import { recordAudit } from './audit-log';
import * as repo from './reports-repository';

/**
 * How often one may report (DESIGN §14). Per bearer subject, counted in the reports table itself (so a
 * guest is throttled as a user is, on every instance): a few an hour, and one target once a day. Per client
 * address, the route's rate limit (reports-public-routes.ts) stops one machine minting guest after guest;
 * it is higher, as a household or an office shares an address.
 */
export const REPORT_LIMITS = {
  perSubject: 5,
  perSubjectWindowSeconds: 3600,
  sameTargetWindowSeconds: 24 * 3600,
  perAddress: 20,
  perAddressWindow: '1 hour',
} as const;

const QUEUE_PAGE_SIZE = 20;

export interface Reporter {
  /** The bearer token's subject: a guest's random id or the user's id. */
  subject: string;
  userId?: string;
}

export class ReportsService {
  constructor(private readonly deps: { db: Db; onEventRemoved?: () => void }) {}

  /** Files a report on a public event, venue or organizer: 404 for anything else, 429 past the limits. */
  async create(input: { reporter: Reporter; report: CreateReport }): Promise<{ id: number }> {
    const { reporter, report } = input;
    const id = await this.deps.db.transaction(async (tx) => {
      if (!(await repo.targetIsPublic(tx, report.target_type, report.target_id))) throw notFound(`${report.target_type}_not_found`);
      await repo.lockReporter(tx, reporter.subject);
      const again = await repo.repeatOnTarget(tx, {
        subject: reporter.subject,
        targetType: report.target_type,
        targetId: report.target_id,
        windowSeconds: REPORT_LIMITS.sameTargetWindowSeconds,
      });
      if (again !== null) throw rateLimited(again, 'already_reported');
      const recent = await repo.recentBySubject(tx, reporter.subject, REPORT_LIMITS.perSubjectWindowSeconds);
      if (recent.count >= REPORT_LIMITS.perSubject) throw rateLimited(recent.freeInSeconds);
      return repo.insertReport(tx, {
        targetType: report.target_type,
        targetId: report.target_id,
        reason: report.reason,
        message: report.message ?? null,
        reporterUserId: reporter.userId ?? null,
        reporterSubject: reporter.subject,
      });
    });
    return { id };
  }

  /** The queue: one item per target, the target with the newest report first. */
  async queue(input: { status: ReportStatus; cursor?: string; locale: Locale }): Promise<ReportQueue> {
    const after = readCursor(input.cursor);
    const rows = await repo.queueGroups(this.deps.db, { status: input.status, before: after?.id, limit: QUEUE_PAGE_SIZE + 1 });
    const { page, next_cursor } = keysetPage(rows, QUEUE_PAGE_SIZE, (row) => ({ id: row.latestId }));
    const reports = await repo.reportsAbout(this.deps.db, input.status, page);
    const names = await this.targetNames(page, input.locale);
    const items = page.map((group): ReportGroup => {
      const own = reports.filter((report) => report.targetType === group.targetType && report.targetId === group.targetId);
      const reasons: ReportGroup['reasons'] = {};
      for (const report of own) reasons[report.reason as ReportReason] = (reasons[report.reason as ReportReason] ?? 0) + 1;
      return {
        target: { type: group.targetType, id: group.targetId, ...(names.get(key(group.targetType, group.targetId)) ?? { title: null, url: null, removed: false }) },
        count: group.count,
        reasons,
        latest_at: own[0]?.createdAt.toISOString() ?? new Date(0).toISOString(),
        reports: own.map(toQueuedReport),
      };
    });
    return { items, next_cursor };
  }

  /**
   * Resolves or dismisses the report and every other open report on the same target, in one transaction
   * with an audit entry for each; `unpublish` also takes a reported event off the site (archived, marked
   * as removed, its history noted) and drops the catalogue's caches once committed.
   */
  async resolve(input: { adminId: string; reportId: number; decision: ResolveReport }): Promise<ReportResolution> {
    const { decision } = input;
    const note = decision.note ?? null;
    const result = await this.deps.db.transaction(async (tx) => {
      const report = await repo.findReport(tx, input.reportId);
      if (!report) throw notFound('report_not_found');
      if (report.status !== 'open') throw conflict('report_closed', { status: report.status });
      if (decision.unpublish && report.targetType !== 'event') throw invalidField('unpublish', 'field.invalid');
      let unpublished = false;
      if (decision.unpublish) unpublished = await this.removeEvent(tx, { eventId: report.targetId, adminId: input.adminId, note });
      const closed = await repo.closeOpenReports(tx, {
        targetType: report.targetType,
        targetId: report.targetId,
        status: decision.status,
        note,
        resolvedBy: input.adminId,
      });
      for (const one of closed) {
        await recordAudit(tx, {
          actorUserId: input.adminId,
          action: `report.${decision.status}`,
          targetType: 'report',
          targetId: one.id,
          before: { status: 'open' },
          after: { status: decision.status, target_type: report.targetType, target_id: report.targetId, reason: one.reason, unpublished },
          reason: note,
        });
      }
      return { status: decision.status, report_ids: closed.map((one) => one.id).sort((a, b) => a - b), unpublished };
    });
    if (result.unpublished) this.deps.onEventRemoved?.();
    return result;
  }

  /**
   * Archives the event (published → archived is a move of the lifecycle table; anything else is refused
   * with `event_transition`, as for the organizer), or only marks it when its organizer archived it first.
   * Answers whether it was public until now.
   */
  private async removeEvent(tx: DbOrTx, input: { eventId: number; adminId: string; note: string | null }): Promise<boolean> {
    const event = await repo.eventForRemoval(tx, input.eventId);
    if (!event) throw notFound('event_not_found');
    if (event.removedAt) return false;
    if (event.publication !== 'archived') requireMove(event.publication, 'archived');
    const removedAt = await repo.removeEvent(tx, event.id, input.note ?? 'report');
    await insertHistory(tx, {
      eventId: event.id,
      actorUserId: input.adminId,
      action: 'remove',
      fromState: event.publication,
      toState: 'archived',
      message: input.note,
    });
    await recordAudit(tx, {
      actorUserId: input.adminId,
      action: 'event.removed',
      targetType: 'event',
      targetId: event.id,
      before: { publication: event.publication, published: event.published, removed_at: null },
      after: { publication: 'archived', published: false, removed_at: removedAt.toISOString() },
      reason: input.note,
    });
    return true;
  }

  private async targetNames(groups: readonly repo.QueueGroupRow[], locale: Locale) {
    const idsOf = (type: ReportTargetType) => groups.filter((group) => group.targetType === type).map((group) => group.targetId);
    const [eventRows, venueRows, organizerRows] = await Promise.all([
      repo.eventsNamed(this.deps.db, idsOf('event')),
      repo.venuesNamed(this.deps.db, idsOf('venue')),
      repo.organizersNamed(this.deps.db, idsOf('organizer')),
    ]);
    const names = new Map<string, { title: string; url: string | null; removed: boolean }>();
    for (const row of eventRows) names.set(key('event', row.id), { title: pickLocalized(row.title, locale), url: eventPath(locale, row), removed: row.removedAt !== null });
    for (const row of venueRows) names.set(key('venue', row.id), { title: pickLocalized(row.nameI18n, locale) || row.name, url: venuePath(locale, row), removed: false });
    for (const row of organizerRows) names.set(key('organizer', row.id), { title: row.name, url: null, removed: false });
    return names;
  }
}

const key = (type: ReportTargetType, id: number) => `${type}:${id}`;

function toQueuedReport(row: Awaited<ReturnType<typeof repo.reportsAbout>>[number]): QueuedReport {
  return {
    id: row.id,
    reason: row.reason as ReportReason,
    message: row.message,
    reporter: row.reporterUserId ? 'user' : 'guest',
    status: row.status,
    note: row.note,
    created_at: row.createdAt.toISOString(),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
  };
}
