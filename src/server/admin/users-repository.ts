import { and, desc, eq, ilike, like, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { events, organizerMembers, organizers, reservations, users } from '../db/schema';

/** The admin's users section: only the columns the answers show (never a password hash or a social id). */

/** Rounded to the millisecond, the precision a cursor carries, so "after this row" compares like with like. */
const sortedAt = sql<Date>`date_trunc('milliseconds', ${users.createdAt})`.mapWith(users.createdAt);

const summaryColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phoneNumber: users.phoneNumber,
  role: users.role,
  status: users.status,
  createdAt: users.createdAt,
  sortedAt,
};

/** `%text%` for LIKE, with the pattern characters of `text` taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export interface UserSearch {
  /** What the admin typed: matched in part, whatever its case, against e-mail and name. */
  text?: string;
  /** Phone digits to find inside numbers (E.164 digits of a full number, or part of one). */
  phoneDigits?: string;
  /** Start after this row (newest first): its rounded creation time and the lowest id that sorts at or after it. */
  after?: { at: Date; idFloor: string };
  limit: number;
}

export async function searchUsers(db: DbOrTx, search: UserSearch) {
  const matches: SQL[] = [];
  if (search.text) {
    const pattern = containing(search.text);
    matches.push(ilike(users.email, pattern), ilike(sql`concat_ws(' ', ${users.firstName}, ${users.lastName})`, pattern));
  }
  if (search.phoneDigits) matches.push(like(users.phoneNumber, containing(search.phoneDigits)));
  const after = search.after ? sql`(${sortedAt}, ${users.id}) < (${search.after.at.toISOString()}::timestamptz, ${search.after.idFloor}::uuid)` : undefined;
  return db
    .select(summaryColumns)
    .from(users)
    .where(and(matches.length ? or(...matches) : undefined, after))
    .orderBy(desc(sortedAt), desc(users.id))
    .limit(search.limit + 1);
}
export type UserSummaryRow = Awaited<ReturnType<typeof searchUsers>>[number];

export async function findUser(db: DbOrTx, id: string, options: { lock?: boolean } = {}) {
  const query = db
    .select({
      ...summaryColumns,
      emailVerifiedAt: users.emailVerifiedAt,
      phoneVerifiedAt: users.phoneVerifiedAt,
      locale: users.locale,
      suspendedReason: users.suspendedReason,
      suspendedAt: users.suspendedAt,
      suspendedBy: users.suspendedBy,
    })
    .from(users)
    .where(eq(users.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}
export type UserDetailRow = NonNullable<Awaited<ReturnType<typeof findUser>>>;

export async function findPeople(db: DbOrTx, id: string) {
  const [row] = await db.select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, id));
  return row;
}

export async function membershipsOf(db: DbOrTx, userId: string) {
  return db
    .select({ organizerId: organizers.id, organizerName: organizers.name, role: organizerMembers.role })
    .from(organizerMembers)
    .innerJoin(organizers, eq(organizers.id, organizerMembers.organizerId))
    .where(eq(organizerMembers.userId, userId))
    .orderBy(organizers.name, organizers.id);
}

/** The user's latest reservations, newest first (the `reservations_user_idx` order). */
export async function reservationsOf(db: DbOrTx, userId: string, limit: number) {
  return db
    .select({
      id: reservations.id,
      status: reservations.status,
      partySize: reservations.partySize,
      createdAt: reservations.createdAt,
      eventId: events.id,
      eventTitle: events.title,
      eventSourceLocale: events.sourceLocale,
      eventStartsAt: events.startsAt,
    })
    .from(reservations)
    .innerJoin(events, eq(events.id, reservations.eventId))
    .where(eq(reservations.userId, userId))
    .orderBy(desc(reservations.createdAt), desc(reservations.id))
    .limit(limit);
}

export async function setStanding(
  db: DbOrTx,
  id: string,
  values: { status: 'active' | 'suspended'; suspendedReason: string | null; suspendedAt: Date | null; suspendedBy: string | null },
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

export async function setRole(db: DbOrTx, id: string, role: 'user' | 'organizer' | 'admin'): Promise<void> {
  await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id));
}
