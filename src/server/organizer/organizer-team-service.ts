import { isLocale, type Locale } from '../../shared/locales';
import type { OrganizerRole } from '../../shared/schemas/organizer-workspace';
import type { ActivitySchema, MemberRef, MemberSchema } from '../../shared/schemas/organizer-team';
import type { z } from '../../shared/schemas/zod';
import type { Db, Tx } from '../db/client';
import type { JobQueue } from '../jobs/job-queue';
import { conflict, notFound } from '../lib/errors';
import { keysetPage, readCursor } from '../lib/cursor';
import { organizerInvitationEmail } from '../notifications/email-templates';
import type { Mailer } from '../notifications/mailer';
import { recordAudit } from '../admin/audit-log';
import { recordActivity, requireOrganizerRole, type OrganizerAccess } from './organizer-access';
import * as repo from './organizer-team-repository';
import { fullName } from '../users/names';

type Member = z.infer<typeof MemberSchema>;
type Activity = z.infer<typeof ActivitySchema>;

export const TEAM_JOBS = { invitation: 'organizer.invitation' } as const;
const ACTIVITY_PAGE = 50;

type TeamEntry =
  | { kind: 'invitation'; id: number; invitation: NonNullable<Awaited<ReturnType<typeof repo.findOpenInvitation>>> }
  | { kind: 'member'; userId: string; member: NonNullable<Awaited<ReturnType<typeof repo.findMember>>> };

/** The open invitation or the member `ref` names, or 404. */
async function findEntry(tx: Tx, organizerId: number, ref: MemberRef): Promise<TeamEntry> {
  if (ref.kind === 'invitation') {
    const invitation = await repo.findOpenInvitation(tx, organizerId, { id: ref.id });
    if (!invitation) throw notFound();
    return { kind: 'invitation', id: ref.id, invitation };
  }
  const member = await repo.findMember(tx, organizerId, ref.userId);
  if (!member) throw notFound();
  return { kind: 'member', userId: ref.userId, member };
}

/**
 * The organizer's team (issue 9): members in roles and invitations by e-mail (accepted when the invited,
 * proven address opens the workspace: organizer-access.ts). Changes need `team` (owners); the team and the
 * activity log are read with `read`. An organizer always keeps one owner. Every change is in the activity log,
 * written in the same transaction, and team changes of one organizer are serialised (row lock).
 */
export class OrganizerTeamService {
  constructor(
    private readonly deps: {
      db: Db;
      jobs: JobQueue;
      mailer: Mailer;
      publicUrl: string;
    },
  ) {
    deps.jobs.register(TEAM_JOBS.invitation, async (payload, context) => {
      await context.deliverOnce(`organizer_invitation:${String(payload.invitation_id)}`, 'email', async () => {
        const invitation = await repo.invitationForMail(deps.db, Number(payload.invitation_id));
        if (!invitation) return; // withdrawn or already accepted
        const locale = isLocale(payload.locale) ? payload.locale : 'sr';
        await deps.mailer.send(
          organizerInvitationEmail({
            to: invitation.email,
            locale,
            organizer: invitation.organizerName,
            inviter: fullName(invitation.inviterFirstName, invitation.inviterLastName),
            role: invitation.role,
            link: `${deps.publicUrl}/${locale}/organizer`,
          }),
        );
      });
    });
  }

  async members(input: { userId: string }): Promise<{ items: Member[] }> {
    const access = await requireOrganizerRole(this.deps.db, {
      userId: input.userId,
      capability: 'read',
    });
    return { items: await this.team(access.organizerId) };
  }

  /** Invites an address (e-mailed a link to the workspace, in the inviter's language). */
  async invite(input: { userId: string; email: string; role: OrganizerRole; locale: Locale }): Promise<Member> {
    const access = await requireOrganizerRole(this.deps.db, {
      userId: input.userId,
      capability: 'team',
    });
    const email = input.email.trim();
    const invitation = await this.deps.db.transaction(async (tx) => {
      await repo.lockOrganizer(tx, access.organizerId);
      if (await repo.memberWithEmail(tx, access.organizerId, email)) throw conflict('already_member');
      if (await repo.findOpenInvitation(tx, access.organizerId, { email })) throw conflict('already_invited');
      const row = await repo.insertInvitation(tx, {
        organizerId: access.organizerId,
        email,
        role: input.role,
        invitedBy: access.userId,
      });
      await recordActivity(tx, {
        access,
        action: 'member.invited',
        targetType: 'invitation',
        targetId: row.id,
        details: { email, role: input.role },
      });
      await recordAudit(tx, {
        actorUserId: access.userId,
        action: 'member.invited',
        targetType: 'organizer_invitation',
        targetId: row.id,
        after: { organizer_id: access.organizerId, email, role: input.role },
      });
      await this.deps.jobs.enqueue(tx, {
        type: TEAM_JOBS.invitation,
        payload: { invitation_id: row.id, locale: input.locale },
      });
      return row;
    });
    return {
      id: String(invitation.id),
      email,
      name: null,
      role: input.role,
      status: 'invited',
      created_at: invitation.createdAt.toISOString(),
    };
  }

  async changeRole(input: { userId: string; member: MemberRef; role: OrganizerRole }): Promise<Member> {
    const ref = input.member;
    const { organizerId } = await this.changeEntry(input, async (tx, access, entry) => {
      if (entry.kind === 'invitation') {
        await repo.setInvitationRole(tx, entry.id, input.role);
        await recordActivity(tx, {
          access,
          action: 'invitation.role_changed',
          targetType: 'invitation',
          targetId: entry.id,
          details: {
            email: entry.invitation.email,
            from: entry.invitation.role,
            to: input.role,
          },
        });
        await recordAudit(tx, {
          actorUserId: access.userId,
          action: 'invitation.role_changed',
          targetType: 'organizer_invitation',
          targetId: entry.id,
          before: { organizer_id: access.organizerId, email: entry.invitation.email, role: entry.invitation.role },
          after: { organizer_id: access.organizerId, email: entry.invitation.email, role: input.role },
        });
        return;
      }
      const { member } = entry;
      if (member.role === 'owner' && input.role !== 'owner' && (await repo.countOwners(tx, access.organizerId)) <= 1) throw conflict('last_owner');
      await repo.setMemberRole(tx, access.organizerId, entry.userId, input.role);
      await recordActivity(tx, {
        access,
        action: 'member.role_changed',
        targetType: 'member',
        targetId: entry.userId,
        details: { from: member.role, to: input.role },
      });
      await recordAudit(tx, {
        actorUserId: access.userId,
        action: 'member.role_changed',
        targetType: 'organizer_member',
        targetId: entry.userId,
        before: { organizer_id: access.organizerId, role: member.role },
        after: { organizer_id: access.organizerId, role: input.role },
      });
    });
    const changed = (await this.team(organizerId)).find((member) => member.id === (ref.kind === 'member' ? ref.userId : String(ref.id)));
    if (!changed) throw notFound();
    return changed;
  }

  async remove(input: { userId: string; member: MemberRef }): Promise<void> {
    await this.changeEntry(input, async (tx, access, entry) => {
      if (entry.kind === 'invitation') {
        await repo.deleteInvitation(tx, entry.id);
        await recordActivity(tx, {
          access,
          action: 'invitation.withdrawn',
          targetType: 'invitation',
          targetId: entry.id,
          details: { email: entry.invitation.email, role: entry.invitation.role },
        });
        await recordAudit(tx, {
          actorUserId: access.userId,
          action: 'invitation.withdrawn',
          targetType: 'organizer_invitation',
          targetId: entry.id,
          before: { organizer_id: access.organizerId, email: entry.invitation.email, role: entry.invitation.role },
        });
        return;
      }
      const { member } = entry;
      if (member.role === 'owner' && (await repo.countOwners(tx, access.organizerId)) <= 1) throw conflict('last_owner');
      await repo.deleteMember(tx, access.organizerId, entry.userId);
      await recordActivity(tx, {
        access,
        action: 'member.removed',
        targetType: 'member',
        targetId: entry.userId,
        details: { role: member.role },
      });
      await recordAudit(tx, {
        actorUserId: access.userId,
        action: 'member.removed',
        targetType: 'organizer_member',
        targetId: entry.userId,
        before: { organizer_id: access.organizerId, role: member.role },
      });
    });
  }

  /**
   * One change of a member or an invitation (`team`): in one transaction, under the organizer's lock, given
   * the open invitation or the member `input.member` names (404 when there is none).
   */
  private async changeEntry(
    input: { userId: string; member: MemberRef },
    change: (tx: Tx, access: OrganizerAccess, entry: TeamEntry) => Promise<void>,
  ): Promise<OrganizerAccess> {
    const access = await requireOrganizerRole(this.deps.db, {
      userId: input.userId,
      capability: 'team',
    });
    await this.deps.db.transaction(async (tx) => {
      await repo.lockOrganizer(tx, access.organizerId);
      await change(tx, access, await findEntry(tx, access.organizerId, input.member));
    });
    return access;
  }

  async activity(input: { userId: string; cursor?: string }): Promise<{ items: Activity[]; next_cursor: string | null }> {
    const access = await requireOrganizerRole(this.deps.db, {
      userId: input.userId,
      capability: 'read',
    });
    const rows = await repo.activityPage(this.deps.db, {
      organizerId: access.organizerId,
      beforeId: readCursor(input.cursor)?.id,
      limit: ACTIVITY_PAGE,
    });
    const { page, next_cursor } = keysetPage(rows, ACTIVITY_PAGE, (row) => ({ id: row.id }));
    return {
      items: page.map((row) => ({
        id: row.id,
        actor: {
          id: row.actorId,
          name: fullName(row.actorFirstName, row.actorLastName),
        },
        action: row.action,
        target_type: row.targetType,
        target_id: row.targetId,
        details: row.details,
        created_at: row.createdAt.toISOString(),
      })),
      next_cursor,
    };
  }

  private async team(organizerId: number): Promise<Member[]> {
    const [members, invitations] = await Promise.all([
      repo.activeMembers(this.deps.db, organizerId),
      repo.openInvitations(this.deps.db, organizerId),
    ]);
    return [
      ...members.map((member) => ({
        id: member.userId,
        email: member.email ?? '',
        name: fullName(member.firstName, member.lastName),
        role: member.role,
        status: 'active' as const,
        created_at: member.createdAt.toISOString(),
      })),
      ...invitations.map((invitation) => ({
        id: String(invitation.id),
        email: invitation.email,
        name: null,
        role: invitation.role,
        status: 'invited' as const,
        created_at: invitation.createdAt.toISOString(),
      })),
    ];
  }
}
