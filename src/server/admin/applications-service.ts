import type {
  AdminApplication,
  AdminApplicationList,
  AdminOrganizer,
  AdminOrganizerList,
  ApplicationDecision,
  ApplicationInput,
  ApplicationStatus,
  OrganizerApplication,
} from '../../shared/schemas/admin-moderation';
import { slugify } from '../../shared/slug';
import type { Db } from '../db/client';
import type { JobQueue } from '../jobs/job-queue';
import { keysetPage, readCursor } from '../lib/cursor';
import { isUniqueViolation } from '../users/accounts';
import { conflict, notFound } from '../lib/errors';
import type { ApplicationNoticeData } from '../notifications/notice-render';
import { freeSlug } from '../organizer/organizer-venues-service';
import { sendNotice } from './admin-notices';
import { recordAudit } from './audit-log';
import * as repo from './applications-repository';

export interface ApplicationsDeps {
  db: Db;
  jobs: JobQueue;
}

/**
 * Asking to publish (DESIGN §14): a signed-in user applies, the admin approves (an organizer, its owner
 * role, the user's role), rejects or asks for more; the applicant is told in the app and by e-mail. The
 * admin also decides which organizers are trusted (publish at once) and which go through review.
 */
export class ApplicationsService {
  constructor(private readonly deps: ApplicationsDeps) {}

  // -------------------------------------------------------------------------------------------------------
  // The applicant
  // -------------------------------------------------------------------------------------------------------

  async mine(userId: string): Promise<{ items: OrganizerApplication[] }> {
    return { items: (await repo.applicationsOf(this.deps.db, userId)).map(toApplication) };
  }

  /** One open application per user: a second is 409 `application_open` (also when two arrive at once). */
  async apply(input: { userId: string; application: ApplicationInput }): Promise<OrganizerApplication> {
    const { db } = this.deps;
    if (await repo.openApplicationOf(db, input.userId)) throw conflict('application_open');
    let id: number;
    try {
      id = await repo.insertApplication(db, input.userId, values(input.application));
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('application_open');
      throw error;
    }
    return toApplication((await repo.findApplication(db, id))!);
  }

  /** "Needs more info": the applicant edits it and it goes back to the admin's queue (pending). */
  async resubmit(input: { userId: string; applicationId: number; application: ApplicationInput }): Promise<OrganizerApplication> {
    const { db } = this.deps;
    await db.transaction(async (tx) => {
      const row = await repo.findApplication(tx, input.applicationId, true);
      if (!row || row.userId !== input.userId) throw notFound();
      if (row.status !== 'needs_info') throw conflict('application_not_editable', { status: row.status });
      await repo.updateApplication(tx, row.id, { ...values(input.application), status: 'pending' });
    });
    return toApplication((await repo.findApplication(db, input.applicationId))!);
  }

  // -------------------------------------------------------------------------------------------------------
  // The admin
  // -------------------------------------------------------------------------------------------------------

  async list(query: { status?: ApplicationStatus; cursor?: string; limit: number }): Promise<AdminApplicationList> {
    const afterId = readCursor(query.cursor)?.id;
    const rows = await repo.listApplications(this.deps.db, { status: query.status, afterId, limit: query.limit + 1 });
    const { page, next_cursor } = keysetPage(rows, query.limit, (row) => ({ id: row.id }));
    return { items: page.map(toAdminApplication), next_cursor };
  }

  /**
   * Approve, reject or ask for more: the application, on approval the organizer (untrusted), its owner and
   * the user's role, the applicant's notice and its e-mail job, and the audit entry, in one transaction.
   * Only an open application (pending, or waiting for more) can be decided: 409 `application_decided`.
   */
  async decide(input: { adminId: string; applicationId: number; decision: ApplicationDecision }): Promise<AdminApplication> {
    const { db, jobs } = this.deps;
    const { status } = input.decision;
    const message = input.decision.message || null;
    await db.transaction(async (tx) => {
      const row = await repo.findApplication(tx, input.applicationId, true);
      if (!row) throw notFound();
      if (row.status !== 'pending' && row.status !== 'needs_info') throw conflict('application_decided', { status: row.status });
      let organizerId: number | null = null;
      if (status === 'approved') {
        const base = slugify(row.name) || 'organizer';
        // New organizers are not trusted: their first events go through the admin's review queue until an
        // admin switches `trusted` on (the column's default of true is for organizers that predate review).
        organizerId = await repo.insertOrganizer(tx, {
          slug: freeSlug(base, await repo.organizerSlugsLike(tx, base)),
          name: row.name,
          website: row.website,
          trusted: false,
        });
        await repo.insertOwner(tx, organizerId, row.userId);
        await repo.promoteToOrganizer(tx, row.userId);
      }
      await repo.updateApplication(tx, row.id, {
        status,
        decisionMessage: message,
        decidedBy: input.adminId,
        decidedAt: new Date(),
        ...(organizerId !== null ? { organizerId } : {}),
      });
      const data: ApplicationNoticeData = { kind: status, application_id: row.id, name: row.name, message };
      await sendNotice(tx, jobs, {
        userId: row.userId,
        type: 'organizer_application',
        data: { ...data },
        // One notice per decision: an application may be asked for more, resubmitted and decided again.
        key: `notification:application:${row.id}:${status}:${row.updatedAt.getTime()}`,
      });
      await recordAudit(tx, {
        actorUserId: input.adminId,
        action: `application.${status}`,
        targetType: 'organizer_application',
        targetId: row.id,
        before: { status: row.status },
        after: { status, ...(organizerId !== null ? { organizer_id: organizerId } : {}) },
        reason: message,
      });
    });
    return toAdminApplication((await repo.findApplicant(db, input.applicationId))!);
  }

  async organizers(query: { q?: string; cursor?: string; limit: number }): Promise<AdminOrganizerList> {
    const afterId = readCursor(query.cursor)?.id;
    const rows = await repo.listOrganizers(this.deps.db, { q: query.q?.trim() || undefined, afterId, limit: query.limit + 1 });
    const { page, next_cursor } = keysetPage(rows, query.limit, (row) => ({ id: row.id }));
    return { items: page.map(toOrganizer), next_cursor };
  }

  /** Trusted publishes at once; untrusted sends every "publish" to review. The change and its audit entry commit together. */
  async setTrusted(input: { adminId: string; organizerId: number; trusted: boolean }): Promise<AdminOrganizer> {
    const { db } = this.deps;
    await db.transaction(async (tx) => {
      const row = await repo.findOrganizer(tx, input.organizerId, true);
      if (!row) throw notFound();
      if (row.trusted === input.trusted) return;
      await repo.setTrusted(tx, row.id, input.trusted);
      await recordAudit(tx, {
        actorUserId: input.adminId,
        action: 'organizer.trusted_changed',
        targetType: 'organizer',
        targetId: row.id,
        before: { trusted: row.trusted },
        after: { trusted: input.trusted },
      });
    });
    return toOrganizer((await repo.findOrganizer(db, input.organizerId))!);
  }
}

/** Optional fields left empty are not written. */
function values(input: ApplicationInput): repo.ApplicationValues {
  return { name: input.name, contact: input.contact, website: input.website || null, venues: input.venues || null, message: input.message || null };
}

function toApplication(row: repo.ApplicationRow): OrganizerApplication {
  return {
    id: row.id,
    status: row.status,
    name: row.name,
    contact: row.contact,
    website: row.website,
    venues: row.venues,
    message: row.message,
    decision_message: row.decisionMessage,
    decided_at: row.decidedAt?.toISOString() ?? null,
    organizer_id: row.organizerId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toAdminApplication(row: repo.AdminApplicationRow): AdminApplication {
  const name = [row.applicantFirstName, row.applicantLastName].filter(Boolean).join(' ');
  return { ...toApplication(row), applicant: { id: row.userId, email: row.applicantEmail, name: name || null } };
}

function toOrganizer(row: repo.OrganizerRow): AdminOrganizer {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    website: row.website,
    trusted: row.trusted,
    members: row.members,
    created_at: row.createdAt.toISOString(),
  };
}
