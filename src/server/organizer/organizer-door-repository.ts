import { alias } from 'drizzle-orm/pg-core';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { events, reservations, users } from '../db/schema';

const staff = alias(users, 'staff');

/** What the door shows of a reservation: its state, the guest's name and who checked it in (joins `users` and `staff`). */
const doorColumns = {
  id: reservations.id,
  code: reservations.code,
  status: reservations.status,
  partySize: reservations.partySize,
  checkedInAt: reservations.checkedInAt,
  firstName: users.firstName,
  lastName: users.lastName,
  staffFirstName: staff.firstName,
  staffLastName: staff.lastName,
};

export async function eventForDoor(db: DbOrTx, eventId: number) {
  const [row] = await db
    .select({
      id: events.id,
      slug: events.slug,
      title: events.title,
      startsAt: events.startsAt,
      timeZone: events.timeZone,
    })
    .from(events)
    .where(eq(events.id, eventId));
  return row;
}

/** Every reservation of the event with the guest's and the door staff's names; accepted first, then by name. */
export async function guestsOf(db: DbOrTx, eventId: number) {
  return db
    .select({ ...doorColumns, note: reservations.note })
    .from(reservations)
    .leftJoin(users, eq(users.id, reservations.userId))
    .leftJoin(staff, eq(staff.id, reservations.checkedInBy))
    .where(eq(reservations.eventId, eventId))
    .orderBy(sql`${reservations.status} <> 'accepted'`, asc(users.lastName), asc(users.firstName), asc(reservations.id));
}

/** A reservation by its door code, with what the answer shows. */
export async function reservationByCode(db: DbOrTx, code: string) {
  const [row] = await db
    .select({
      ...doorColumns,
      eventId: reservations.eventId,
      organizerId: events.organizerId,
      eventTitle: events.title,
    })
    .from(reservations)
    .innerJoin(events, eq(events.id, reservations.eventId))
    .leftJoin(users, eq(users.id, reservations.userId))
    .leftJoin(staff, eq(staff.id, reservations.checkedInBy))
    .where(eq(reservations.code, code));
  return row;
}
export type DoorReservation = NonNullable<Awaited<ReturnType<typeof reservationByCode>>>;

/**
 * First scan wins, in one statement: only a reservation not yet checked in — or, for a scan the door's
 * offline queue made earlier than the one recorded, checked in later — takes this scan.
 */
export async function checkIn(db: DbOrTx, input: { reservationId: number; staffUserId: string; at: Date | null }): Promise<boolean> {
  const at = input.at ? sql`least(${input.at.toISOString()}::timestamptz, now())` : sql`now()`;
  const rows = await db
    .update(reservations)
    .set({ checkedInAt: at, checkedInBy: input.staffUserId })
    .where(
      and(
        eq(reservations.id, input.reservationId),
        eq(reservations.status, 'accepted'),
        input.at ? or(isNull(reservations.checkedInAt), sql`${reservations.checkedInAt} > ${at}`) : isNull(reservations.checkedInAt),
      ),
    )
    .returning({ id: reservations.id });
  return rows.length > 0;
}
