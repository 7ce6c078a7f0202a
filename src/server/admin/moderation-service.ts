import { pickLocalized, type Locale } from '../../shared/locales';
import type {
  EventNote,
  ModerationDecision,
  ModerationDecisionKind,
  NoteInput,
  NoteThread,
  ReviewEvent,
  ReviewList,
} from '../../shared/schemas/admin-moderation';
import type { Db, DbOrTx } from '../db/client';
import { enqueueFollowersNotice } from '../follows/follows-jobs';
import type { JobQueue } from '../jobs/job-queue';
import { keysetPage, readCursor } from '../lib/cursor';
import { conflict, notFound } from '../lib/errors';
import type { EventNoticeData } from '../notifications/notice-render';
import { requireMove, type Publication } from '../organizer/event-lifecycle';
import { recordActivity, requireOrganizerRoleFor } from '../organizer/organizer-access';
import { PUBLISH_JOB } from '../organizer/organizer-events-context';
import { loadEvent } from '../organizer/organizer-events-presentation';
import * as eventsRepo from '../organizer/organizer-events-repository';
import { sendNotice } from './admin-notices';
import { recordAudit } from './audit-log';
import * as repo from './moderation-repository';

export interface ModerationDeps {
  db: Db;
  jobs: JobQueue;
  /** After an event became public: catalogue answer and page caches drop what they hold. */
  onEventChanged?: () => void;
  now?: () => Date;
}

const AUDIT_ACTION: Record<ModerationDecisionKind, string> = {
  approve: 'event.approved',
  reject: 'event.rejected',
  request_changes: 'event.changes_requested',
};

/**
 * Event review (DESIGN §14): an untrusted organizer's "publish" waits in the admin's queue; the admin
 * approves (published, or scheduled when its time is ahead), rejects (archived: never public) or asks for
 * changes (back to draft, the note shown in the editor). The move, its history line, the note, the
 * organizer's notices with their e-mail jobs and the audit entry are one transaction. Admins and the
 * organizer talk in the event's note thread.
 */
export class ModerationService {
  private readonly now: () => Date;

  constructor(private readonly deps: ModerationDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async queue(query: { status: Publication; cursor?: string; limit: number }, locale: Locale): Promise<ReviewList> {
    const afterId = readCursor(query.cursor)?.id;
    const rows = await repo.listForReview(this.deps.db, { publication: query.status, afterId, limit: query.limit + 1 });
    const { page, next_cursor } = keysetPage(rows, query.limit, (row) => ({ id: row.id }));
    return {
      items: page.map((row) => ({
        id: row.id,
        title: pickLocalized(row.title, locale, row.sourceLocale),
        status: row.publication,
        organizer: row.organizerId === null ? null : { id: row.organizerId, name: row.organizerName ?? '', trusted: row.organizerTrusted ?? false },
        starts_at: row.startsAt.toISOString(),
        publish_at: row.publishAt?.toISOString() ?? null,
        updated_at: row.updatedAt.toISOString(),
      })),
      next_cursor,
    };
  }

  /** The event in every language as its organizer wrote it, who runs it, and the thread. */
  async get(eventId: number, locale: Locale): Promise<ReviewEvent> {
    const owner = await repo.organizerOfEvent(this.deps.db, eventId);
    if (!owner) throw notFound('event_not_found');
    return {
      event: await loadEvent(this.deps.db, eventId, locale),
      organizer: owner.id === null ? null : { id: owner.id, name: owner.name ?? '', trusted: owner.trusted ?? false },
      venue_name: owner.venueName,
      thread: await this.thread(this.deps.db, eventId),
    };
  }

  /** Only an event waiting for review is decided: anything else is 409 `event_transition`. */
  async decide(input: { adminId: string; eventId: number; decision: ModerationDecision; locale: Locale }): Promise<ReviewEvent> {
    const { db, jobs } = this.deps;
    const { decision } = input.decision;
    const message = input.decision.message || null;
    const now = this.now();
    const to = await db.transaction(async (tx) => {
      const row = await eventsRepo.findEvent(tx, input.eventId, true);
      if (!row) throw notFound('event_not_found');
      const target: Publication =
        decision === 'reject' ? 'archived' : decision === 'request_changes' ? 'draft' : row.publishAt && row.publishAt > now ? 'scheduled' : 'published';
      if (row.publication !== 'pending_review') throw conflict('event_transition', { from: row.publication, to: target });
      requireMove(row.publication, target);
      await eventsRepo.updateEvent(tx, row.id, {
        publication: target,
        published: target === 'published',
        ...(target === 'published' ? { publishAt: row.publishAt ?? now } : {}),
      });
      const historyId = await eventsRepo.insertHistory(tx, {
        eventId: row.id,
        actorUserId: input.adminId,
        action: decision,
        fromState: row.publication,
        toState: target,
        message,
      });
      if (target === 'scheduled' && row.publishAt) {
        // The same job the organizer's own scheduled publication queues (organizer-events-lifecycle.ts).
        await jobs.enqueue(tx, {
          type: PUBLISH_JOB,
          payload: { event_id: row.id, publish_at: row.publishAt.toISOString() },
          runAt: row.publishAt,
          idempotencyKey: `${PUBLISH_JOB}:${row.id}:${historyId}`,
        });
      }
      if (target === 'published') await enqueueFollowersNotice(tx, jobs, row.id);
      if (message) await repo.insertNote(tx, { eventId: row.id, authorUserId: input.adminId, authorSide: 'admin', body: message });
      const kind: EventNoticeData['kind'] = decision === 'approve' ? (target === 'scheduled' ? 'scheduled' : 'approved') : decision === 'reject' ? 'rejected' : 'changes_requested';
      await this.notify(tx, row, { kind, message, key: `notification:event_review:${historyId}` });
      await recordAudit(tx, {
        actorUserId: input.adminId,
        action: AUDIT_ACTION[decision],
        targetType: 'event',
        targetId: row.id,
        before: { publication: row.publication },
        after: { publication: target },
        reason: message,
      });
      return target;
    });
    if (to === 'published') this.deps.onEventChanged?.();
    return this.get(input.eventId, input.locale);
  }

  async adminThread(eventId: number): Promise<NoteThread> {
    await this.requireEvent(eventId);
    return this.thread(this.deps.db, eventId);
  }

  /** An admin's note: the organizer is told (in the app and by e-mail) and the note is audited, in one transaction. */
  async addAdminNote(input: { adminId: string; eventId: number; note: NoteInput }): Promise<EventNote> {
    const id = await this.deps.db.transaction(async (tx) => {
      const row = await eventsRepo.findEvent(tx, input.eventId);
      if (!row) throw notFound('event_not_found');
      const noteId = await repo.insertNote(tx, { eventId: row.id, authorUserId: input.adminId, authorSide: 'admin', body: input.note.body });
      await this.notify(tx, row, { kind: 'note', message: input.note.body, key: `notification:event_note:${noteId}` });
      await recordAudit(tx, { actorUserId: input.adminId, action: 'event.note_added', targetType: 'event', targetId: row.id, after: { note_id: noteId } });
      return noteId;
    });
    return this.note(input.eventId, id);
  }

  /** The organizer's side: readers of the event see the thread (someone else's event is 404). */
  async organizerThread(input: { userId: string; eventId: number }): Promise<NoteThread> {
    await requireOrganizerRoleFor(this.deps.db, { userId: input.userId, capability: 'read', target: { type: 'event', id: input.eventId } });
    return this.thread(this.deps.db, input.eventId);
  }

  /** Those who edit the event answer in the thread; the note joins the organizer's activity log. */
  async addOrganizerNote(input: { userId: string; eventId: number; note: NoteInput }): Promise<EventNote> {
    const access = await requireOrganizerRoleFor(this.deps.db, { userId: input.userId, capability: 'events', target: { type: 'event', id: input.eventId } });
    const id = await this.deps.db.transaction(async (tx) => {
      const noteId = await repo.insertNote(tx, { eventId: input.eventId, authorUserId: input.userId, authorSide: 'organizer', body: input.note.body });
      await recordActivity(tx, { access, action: 'event.note_added', targetType: 'event', targetId: input.eventId, details: { note_id: noteId } });
      return noteId;
    });
    return this.note(input.eventId, id);
  }

  private async requireEvent(eventId: number): Promise<void> {
    if (!(await eventsRepo.findEvent(this.deps.db, eventId))) throw notFound('event_not_found');
  }

  /** Every owner and manager of the event's organizer gets the notice; an event without organizer tells nobody. */
  private async notify(tx: DbOrTx, row: eventsRepo.OrganizerEventRow, input: { kind: EventNoticeData['kind']; message: string | null; key: string }) {
    if (row.organizerId === null) return;
    const data: EventNoticeData = { kind: input.kind, event_id: row.id, event_title: row.title, message: input.message };
    for (const userId of await repo.reviewRecipients(tx, row.organizerId)) {
      await sendNotice(tx, this.deps.jobs, { userId, type: 'event_review', data: { ...data }, key: `${input.key}:${userId}` });
    }
  }

  /** Read together on the pool (`Db`: never in a transaction, db/read-together.ts). */
  private async thread(db: Db, eventId: number): Promise<NoteThread> {
    const [notes, last] = await Promise.all([repo.notesOf(db, eventId), repo.lastDecision(db, eventId)]);
    return {
      items: notes.map(toNote),
      last_decision: last
        ? { decision: last.action as ModerationDecisionKind, message: last.message, at: last.createdAt.toISOString() }
        : null,
    };
  }

  private async note(eventId: number, id: number): Promise<EventNote> {
    const row = (await repo.notesOf(this.deps.db, eventId)).find((note) => note.id === id);
    return toNote(row!);
  }
}

function toNote(row: repo.NoteRow): EventNote {
  const name = row.userStatus === 'deleted' ? '' : [row.firstName, row.lastName].filter(Boolean).join(' ');
  return { id: row.id, author_side: row.authorSide, author_name: name || null, body: row.body, created_at: row.createdAt.toISOString() };
}
