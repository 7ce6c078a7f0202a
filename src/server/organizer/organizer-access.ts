import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { ROLE_CAPABILITIES, type OrganizerCapability, type OrganizerRole } from '../../shared/schemas/organizer-workspace';
import type { DbOrTx } from '../db/client';
import { events, organizerActivity, organizerInvitations, organizerMembers, users, venues } from '../db/schema';
import { images } from '../db/schema/organizer';
import { forbidden, notFound } from '../lib/errors';

/**
 * The one place that decides every organizer route (DESIGN §14): who is a member of which organizer, in
 * which role, and what that role may do (ROLE_CAPABILITIES). A user who is no member of any organizer is
 * refused (403); a member asking for another organizer's event, venue or image is told it does not exist
 * (404), so ids reveal nothing across organizers.
 */
export interface OrganizerAccess {
  userId: string;
  organizerId: number;
  role: OrganizerRole;
}

export type OrganizerTarget = { type: 'event'; id: number } | { type: 'venue'; id: number } | { type: 'image'; id: string };

/** The user's memberships, oldest first; open invitations to the user's proven address are accepted here. */
export async function membershipsOf(db: DbOrTx, userId: string): Promise<{ organizerId: number; role: OrganizerRole }[]> {
  const [user] = await db
    .select({ status: users.status, email: users.email, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.status !== 'active') return [];
  // Only a proven address claims an invitation: anyone can sign up with an address they do not own.
  if (user.email && user.emailVerifiedAt) await acceptInvitations(db, userId, user.email);
  return db
    .select({ organizerId: organizerMembers.organizerId, role: organizerMembers.role })
    .from(organizerMembers)
    .where(eq(organizerMembers.userId, userId))
    .orderBy(asc(organizerMembers.createdAt), asc(organizerMembers.organizerId));
}

/**
 * An invitation becomes a membership the first time the invited address opens the workspace. Claimed by one
 * conditional update, so two requests at once (two tabs) make one membership and one log entry, not two.
 */
async function acceptInvitations(db: DbOrTx, userId: string, email: string) {
  const open = await db
    .select({ id: organizerInvitations.id })
    .from(organizerInvitations)
    .where(and(sql`lower(${organizerInvitations.email}) = lower(${email})`, isNull(organizerInvitations.acceptedAt)));
  for (const { id } of open) {
    await db.transaction(async (tx) => {
      const [invitation] = await tx
        .update(organizerInvitations)
        .set({ acceptedAt: new Date() })
        .where(and(eq(organizerInvitations.id, id), isNull(organizerInvitations.acceptedAt)))
        .returning({ organizerId: organizerInvitations.organizerId, role: organizerInvitations.role });
      if (!invitation) return;
      const joined = await tx
        .insert(organizerMembers)
        .values({ organizerId: invitation.organizerId, userId, role: invitation.role })
        .onConflictDoNothing()
        .returning({ userId: organizerMembers.userId });
      if (joined.length === 0) return;
      await recordActivity(tx, {
        access: { userId, organizerId: invitation.organizerId, role: invitation.role },
        action: 'member.joined',
        targetType: 'member',
        targetId: userId,
        details: { role: invitation.role, invitation_id: id },
      });
    });
  }
}

export function roleAllows(role: OrganizerRole, capability: OrganizerCapability): boolean {
  return (ROLE_CAPABILITIES[role] as readonly string[]).includes(capability);
}

/**
 * The organizer the user acts for — the one named, or their first — when their role there has the capability.
 * `organizer_required` (403) for a non-member, `organizer_role_required` (403) for a role without it.
 */
export async function requireOrganizerRole(
  db: DbOrTx,
  input: { userId: string; capability: OrganizerCapability; organizerId?: number },
): Promise<OrganizerAccess> {
  const memberships = await membershipsOf(db, input.userId);
  if (memberships.length === 0) throw forbidden('organizer_required');
  const membership = input.organizerId === undefined ? memberships[0] : memberships.find((m) => m.organizerId === input.organizerId);
  if (!membership) throw forbidden('organizer_required');
  if (!roleAllows(membership.role, input.capability)) throw forbidden('organizer_role_required');
  return { userId: input.userId, organizerId: membership.organizerId, role: membership.role };
}

async function organizerOf(db: DbOrTx, target: OrganizerTarget): Promise<number | null | undefined> {
  if (target.type === 'event') {
    const [row] = await db.select({ organizerId: events.organizerId }).from(events).where(eq(events.id, target.id));
    return row ? row.organizerId : undefined;
  }
  if (target.type === 'venue') {
    const [row] = await db.select({ organizerId: venues.organizerId }).from(venues).where(eq(venues.id, target.id));
    return row ? row.organizerId : undefined;
  }
  const [row] = await db.select({ organizerId: images.organizerId }).from(images).where(eq(images.id, target.id));
  return row ? row.organizerId : undefined;
}

/**
 * Every organizer of the user whose role there has the capability (lists spanning all of them); the same
 * refusals as requireOrganizerRole when there is none.
 */
export async function requireOrganizerRoles(
  db: DbOrTx,
  input: { userId: string; capability: OrganizerCapability | readonly OrganizerCapability[] },
): Promise<OrganizerAccess[]> {
  const memberships = await membershipsOf(db, input.userId);
  if (memberships.length === 0) throw forbidden('organizer_required');
  const capabilities: readonly OrganizerCapability[] = typeof input.capability === 'string' ? [input.capability] : input.capability;
  const allowed = memberships.filter((m) => capabilities.some((capability) => roleAllows(m.role, capability)));
  if (allowed.length === 0) throw forbidden('organizer_role_required');
  return allowed.map((m) => ({ userId: input.userId, organizerId: m.organizerId, role: m.role }));
}

/** As requireOrganizerRole, for one event, venue or image: someone else's is `not_found` (404). */
export async function requireOrganizerRoleFor(
  db: DbOrTx,
  input: { userId: string; capability: OrganizerCapability; target: OrganizerTarget },
): Promise<OrganizerAccess> {
  const memberships = await membershipsOf(db, input.userId);
  if (memberships.length === 0) throw forbidden('organizer_required');
  const organizerId = await organizerOf(db, input.target);
  const membership = organizerId == null ? undefined : memberships.find((m) => m.organizerId === organizerId);
  if (!membership) throw notFound();
  if (!roleAllows(membership.role, input.capability)) throw forbidden('organizer_role_required');
  return { userId: input.userId, organizerId: membership.organizerId, role: membership.role };
}

/** Appends one entry to the organizer's activity log (in the caller's transaction). */
export async function recordActivity(
  db: DbOrTx,
  entry: { access: OrganizerAccess; action: string; targetType: string; targetId: string | number; details?: Record<string, unknown> },
) {
  await db.insert(organizerActivity).values({
    organizerId: entry.access.organizerId,
    actorUserId: entry.access.userId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    details: entry.details ?? {},
  });
}
