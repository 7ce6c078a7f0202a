import { and, asc, eq, gt, ilike, inArray, like, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { organizerApplications, organizerMembers, organizers, users } from '../db/schema';

/** Organizer applications and organizers as the admin sees them: only the columns the answers need. */

const applicationColumns = {
  id: organizerApplications.id,
  userId: organizerApplications.userId,
  status: organizerApplications.status,
  name: organizerApplications.name,
  contact: organizerApplications.contact,
  website: organizerApplications.website,
  venues: organizerApplications.venues,
  message: organizerApplications.message,
  decisionMessage: organizerApplications.decisionMessage,
  decidedAt: organizerApplications.decidedAt,
  organizerId: organizerApplications.organizerId,
  createdAt: organizerApplications.createdAt,
  updatedAt: organizerApplications.updatedAt,
};

export type ApplicationRow = Awaited<ReturnType<typeof applicationsOf>>[number];

export async function applicationsOf(db: DbOrTx, userId: string) {
  return db.select(applicationColumns).from(organizerApplications).where(eq(organizerApplications.userId, userId)).orderBy(asc(organizerApplications.id));
}

export async function findApplication(db: DbOrTx, id: number, lock = false) {
  const query = db.select(applicationColumns).from(organizerApplications).where(eq(organizerApplications.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The user's application still open (pending or waiting for more from them), if any. */
export async function openApplicationOf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: organizerApplications.id })
    .from(organizerApplications)
    .where(and(eq(organizerApplications.userId, userId), inArray(organizerApplications.status, ['pending', 'needs_info'])));
  return row;
}

export interface ApplicationValues {
  name: string;
  contact: string;
  website: string | null;
  venues: string | null;
  message: string | null;
}

export async function insertApplication(db: DbOrTx, userId: string, values: ApplicationValues): Promise<number> {
  const [row] = await db.insert(organizerApplications).values({ userId, ...values }).returning({ id: organizerApplications.id });
  return row!.id;
}

export async function updateApplication(
  db: DbOrTx,
  id: number,
  values: Partial<ApplicationValues> & Partial<Pick<typeof organizerApplications.$inferInsert, 'status' | 'decisionMessage' | 'decidedBy' | 'decidedAt' | 'organizerId'>>,
): Promise<void> {
  await db.update(organizerApplications).set({ ...values, updatedAt: new Date() }).where(eq(organizerApplications.id, id));
}

/** The admin's queue: oldest first (the one waiting longest), after the cursor's id. */
export async function listApplications(db: DbOrTx, filter: { status?: (typeof organizerApplications.$inferSelect)['status']; afterId?: number; limit: number }) {
  return db
    .select({ ...applicationColumns, applicantEmail: users.email, applicantFirstName: users.firstName, applicantLastName: users.lastName })
    .from(organizerApplications)
    .innerJoin(users, eq(users.id, organizerApplications.userId))
    .where(
      and(
        filter.status ? eq(organizerApplications.status, filter.status) : undefined,
        filter.afterId !== undefined ? gt(organizerApplications.id, filter.afterId) : undefined,
      ),
    )
    .orderBy(asc(organizerApplications.id))
    .limit(filter.limit);
}
export type AdminApplicationRow = Awaited<ReturnType<typeof listApplications>>[number];

export async function findApplicant(db: DbOrTx, id: number) {
  const [row] = await listApplicationsById(db, id);
  return row;
}

async function listApplicationsById(db: DbOrTx, id: number) {
  return db
    .select({ ...applicationColumns, applicantEmail: users.email, applicantFirstName: users.firstName, applicantLastName: users.lastName })
    .from(organizerApplications)
    .innerJoin(users, eq(users.id, organizerApplications.userId))
    .where(eq(organizerApplications.id, id));
}

export async function userRole(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row?.role;
}

/** A plain user becomes an organizer; an admin (or an organizer already) keeps their role. */
export async function promoteToOrganizer(db: DbOrTx, userId: string): Promise<void> {
  await db.update(users).set({ role: 'organizer' }).where(and(eq(users.id, userId), eq(users.role, 'user')));
}

export async function organizerSlugsLike(db: DbOrTx, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: organizers.slug })
    .from(organizers)
    .where(or(eq(organizers.slug, base), like(organizers.slug, `${base}-%`)));
  return rows.map((row) => row.slug);
}

export async function insertOrganizer(db: DbOrTx, values: { slug: string; name: string; website: string | null; trusted: boolean }): Promise<number> {
  const [row] = await db.insert(organizers).values(values).returning({ id: organizers.id });
  return row!.id;
}

export async function insertOwner(db: DbOrTx, organizerId: number, userId: string): Promise<void> {
  await db.insert(organizerMembers).values({ organizerId, userId, role: 'owner' }).onConflictDoNothing();
}

const organizerColumns = {
  id: organizers.id,
  slug: organizers.slug,
  name: organizers.name,
  website: organizers.website,
  trusted: organizers.trusted,
  createdAt: organizers.createdAt,
  members: sql<number>`(SELECT count(*) FROM ${organizerMembers} WHERE ${organizerMembers.organizerId} = ${organizers.id})`.mapWith(Number),
};

/** Organizers by id, those whose name or slug contains `q` (case-insensitive). */
export async function listOrganizers(db: DbOrTx, filter: { q?: string; afterId?: number; limit: number }) {
  const pattern = filter.q ? `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return db
    .select(organizerColumns)
    .from(organizers)
    .where(
      and(
        pattern ? or(ilike(organizers.name, pattern), ilike(organizers.slug, pattern)) : undefined,
        filter.afterId !== undefined ? gt(organizers.id, filter.afterId) : undefined,
      ),
    )
    .orderBy(asc(organizers.id))
    .limit(filter.limit);
}
export type OrganizerRow = Awaited<ReturnType<typeof listOrganizers>>[number];

export async function findOrganizer(db: DbOrTx, id: number, lock = false) {
  const query = db.select(organizerColumns).from(organizers).where(eq(organizers.id, id));
  const [row] = lock ? await query.for('update', { of: organizers }) : await query;
  return row;
}

export async function setTrusted(db: DbOrTx, id: number, trusted: boolean): Promise<void> {
  await db.update(organizers).set({ trusted }).where(eq(organizers.id, id));
}
