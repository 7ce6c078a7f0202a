import { and, asc, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { OrganizerRole } from '../../shared/schemas/organizer-workspace';
import type { DbOrTx } from '../db/client';
import { organizerActivity, organizerInvitations, organizerMembers, organizers, users } from '../db/schema';

/** Team changes of one organizer run one at a time: the last-owner rule reads, then writes. */
export async function lockOrganizer(db: DbOrTx, organizerId: number): Promise<void> {
  await db.select({ id: organizers.id }).from(organizers).where(eq(organizers.id, organizerId)).for('update');
}

export async function activeMembers(db: DbOrTx, organizerId: number) {
  return db
    .select({
      userId: organizerMembers.userId,
      role: organizerMembers.role,
      createdAt: organizerMembers.createdAt,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(organizerMembers)
    .innerJoin(users, eq(users.id, organizerMembers.userId))
    .where(eq(organizerMembers.organizerId, organizerId))
    .orderBy(asc(organizerMembers.createdAt), asc(users.email));
}

export async function openInvitations(db: DbOrTx, organizerId: number) {
  return db
    .select({
      id: organizerInvitations.id,
      email: organizerInvitations.email,
      role: organizerInvitations.role,
      createdAt: organizerInvitations.createdAt,
    })
    .from(organizerInvitations)
    .where(and(eq(organizerInvitations.organizerId, organizerId), isNull(organizerInvitations.acceptedAt)))
    .orderBy(asc(organizerInvitations.createdAt), asc(organizerInvitations.id));
}

export async function findMember(db: DbOrTx, organizerId: number, userId: string) {
  const [row] = await db
    .select({ role: organizerMembers.role })
    .from(organizerMembers)
    .where(and(eq(organizerMembers.organizerId, organizerId), eq(organizerMembers.userId, userId)));
  return row;
}

export async function memberWithEmail(db: DbOrTx, organizerId: number, email: string): Promise<boolean> {
  const rows = await db
    .select({ userId: organizerMembers.userId })
    .from(organizerMembers)
    .innerJoin(users, eq(users.id, organizerMembers.userId))
    .where(and(eq(organizerMembers.organizerId, organizerId), sql`lower(${users.email}) = lower(${email})`));
  return rows.length > 0;
}

export async function findOpenInvitation(db: DbOrTx, organizerId: number, where: { id: number } | { email: string }) {
  const [row] = await db
    .select({
      id: organizerInvitations.id,
      email: organizerInvitations.email,
      role: organizerInvitations.role,
    })
    .from(organizerInvitations)
    .where(
      and(
        eq(organizerInvitations.organizerId, organizerId),
        isNull(organizerInvitations.acceptedAt),
        'id' in where ? eq(organizerInvitations.id, where.id) : sql`lower(${organizerInvitations.email}) = lower(${where.email})`,
      ),
    );
  return row;
}

export async function countOwners(db: DbOrTx, organizerId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(organizerMembers)
    .where(and(eq(organizerMembers.organizerId, organizerId), eq(organizerMembers.role, 'owner')));
  return Number(row?.count ?? 0);
}

export async function insertInvitation(
  db: DbOrTx,
  input: {
    organizerId: number;
    email: string;
    role: OrganizerRole;
    invitedBy: string;
  },
) {
  const [row] = await db.insert(organizerInvitations).values(input).returning({
    id: organizerInvitations.id,
    createdAt: organizerInvitations.createdAt,
  });
  return row!;
}

export async function setMemberRole(db: DbOrTx, organizerId: number, userId: string, role: OrganizerRole): Promise<void> {
  await db
    .update(organizerMembers)
    .set({ role })
    .where(and(eq(organizerMembers.organizerId, organizerId), eq(organizerMembers.userId, userId)));
}

export async function deleteMember(db: DbOrTx, organizerId: number, userId: string): Promise<void> {
  await db.delete(organizerMembers).where(and(eq(organizerMembers.organizerId, organizerId), eq(organizerMembers.userId, userId)));
}

export async function setInvitationRole(db: DbOrTx, id: number, role: OrganizerRole): Promise<void> {
  await db.update(organizerInvitations).set({ role }).where(eq(organizerInvitations.id, id));
}

export async function deleteInvitation(db: DbOrTx, id: number): Promise<void> {
  await db.delete(organizerInvitations).where(eq(organizerInvitations.id, id));
}

/** What the invitation e-mail needs; nothing once the invitation was accepted or withdrawn. */
export async function invitationForMail(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      email: organizerInvitations.email,
      role: organizerInvitations.role,
      organizerName: organizers.name,
      inviterFirstName: users.firstName,
      inviterLastName: users.lastName,
    })
    .from(organizerInvitations)
    .innerJoin(organizers, eq(organizers.id, organizerInvitations.organizerId))
    .leftJoin(users, eq(users.id, organizerInvitations.invitedBy))
    .where(and(eq(organizerInvitations.id, id), isNull(organizerInvitations.acceptedAt)));
  return row;
}

/** Newest first, `limit + 1` rows so the caller knows whether there is more. */
export async function activityPage(db: DbOrTx, input: { organizerId: number; beforeId?: number; limit: number }) {
  return db
    .select({
      id: organizerActivity.id,
      actorId: organizerActivity.actorUserId,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
      action: organizerActivity.action,
      targetType: organizerActivity.targetType,
      targetId: organizerActivity.targetId,
      details: organizerActivity.details,
      createdAt: organizerActivity.createdAt,
    })
    .from(organizerActivity)
    .leftJoin(users, eq(users.id, organizerActivity.actorUserId))
    .where(
      and(eq(organizerActivity.organizerId, input.organizerId), input.beforeId === undefined ? undefined : lt(organizerActivity.id, input.beforeId)),
    )
    .orderBy(desc(organizerActivity.id))
    .limit(input.limit + 1);
}
