import { and, asc, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { NotificationType } from '../../shared/schemas/reservations';
import type { DbOrTx } from '../db/client';
import {
  eventReservationSettings,
  events,
  notifications,
  organizerMembers,
  organizers,
  reservationHistory,
  reservations,
  users,
  venues,
} from '../db/schema';

/** The guest of a reservation, as an organizer's notification names them (read at display time, so a
 * deleted account shows anonymised everywhere at once). */
const guests = alias(users, 'guest');

/** Inserts once per `dedupeKey` (a retried job finds the row and adds nothing). */
export async function insertNotification(
  db: DbOrTx,
  input: { userId: string; type: NotificationType; reservationId: number | null; data: Record<string, unknown>; dedupeKey: string },
): Promise<boolean> {
  const rows = await db.insert(notifications).values(input).onConflictDoNothing({ target: notifications.dedupeKey }).returning({ id: notifications.id });
  return rows.length > 0;
}

/**
 * Account deletion: the user's own notifications go, and so do their words copied into the venue's
 * notifications (a guest's answer is stored there as `data.message`).
 */
export async function eraseForDeletedAccount(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(notifications).where(eq(notifications.userId, userId));
  const theirReservations = tx.select({ id: reservations.id }).from(reservations).where(eq(reservations.userId, userId));
  await tx
    .update(notifications)
    .set({ data: sql`${notifications.data} - 'message'` })
    .where(
      and(
        eq(notifications.type, 'organizer_reservation'),
        sql`${notifications.data} ->> 'by' = 'guest'`,
        inArray(notifications.reservationId, theirReservations),
      ),
    );
}

export async function listNotifications(db: DbOrTx, input: { userId: string; unreadOnly: boolean; beforeId?: number; limit: number }) {
  const conditions = [eq(notifications.userId, input.userId)];
  if (input.unreadOnly) conditions.push(isNull(notifications.readAt));
  if (input.beforeId !== undefined) conditions.push(lt(notifications.id, input.beforeId));
  return db
    .select({
      id: notifications.id,
      type: notifications.type,
      reservationId: notifications.reservationId,
      data: notifications.data,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
      reservationStatus: reservations.status,
      reservationCode: reservations.code,
      eventId: reservations.eventId,
      guestFirstName: guests.firstName,
      guestLastName: guests.lastName,
      guestStatus: guests.status,
      partySize: reservations.partySize,
      confirmedAt: reservations.confirmedAt,
      eventTitle: events.title,
      eventStartsAt: events.startsAt,
      eventTimeZone: events.timeZone,
      venueName: venues.name,
      deadline: sql<Date | null>`coalesce(${eventReservationSettings.deadline}, ${events.startsAt} - interval '2 hours')`.mapWith(
        (value: string | Date) => new Date(value),
      ),
    })
    .from(notifications)
    .leftJoin(reservations, eq(reservations.id, notifications.reservationId))
    .leftJoin(events, eq(events.id, reservations.eventId))
    .leftJoin(eventReservationSettings, eq(eventReservationSettings.eventId, events.id))
    .leftJoin(venues, eq(venues.id, events.venueId))
    .leftJoin(guests, eq(guests.id, reservations.userId))
    .where(and(...conditions))
    .orderBy(desc(notifications.id))
    .limit(input.limit);
}
export type NotificationRow = Awaited<ReturnType<typeof listNotifications>>[number];

export async function unreadCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.count ?? 0;
}

export async function markRead(db: DbOrTx, userId: string, ids?: number[]) {
  const conditions = [eq(notifications.userId, userId), isNull(notifications.readAt)];
  if (ids) conditions.push(inArray(notifications.id, ids));
  await db.update(notifications).set({ readAt: sql`now()` }).where(and(...conditions));
}

/** The guest of a reservation and the event it is for, as a notification job renders them. */
export async function findDeliveryContext(db: DbOrTx, reservationId: number) {
  const [row] = await db
    .select({
      reservationId: reservations.id,
      status: reservations.status,
      code: reservations.code,
      partySize: reservations.partySize,
      confirmedAt: reservations.confirmedAt,
      userId: users.id,
      userStatus: users.status,
      email: users.email,
      firstName: users.firstName,
      locale: users.locale,
      eventTitle: events.title,
      eventStartsAt: events.startsAt,
      eventTimeZone: events.timeZone,
      eventStatus: events.status,
      venueName: venues.name,
      deadline: sql<Date>`coalesce(${eventReservationSettings.deadline}, ${events.startsAt} - interval '2 hours')`.mapWith(
        (value: string | Date) => new Date(value),
      ),
    })
    .from(reservations)
    .innerJoin(events, eq(events.id, reservations.eventId))
    .leftJoin(eventReservationSettings, eq(eventReservationSettings.eventId, events.id))
    .leftJoin(venues, eq(venues.id, events.venueId))
    .leftJoin(users, eq(users.id, reservations.userId))
    .where(eq(reservations.id, reservationId));
  return row;
}
export type DeliveryContext = NonNullable<Awaited<ReturnType<typeof findDeliveryContext>>>;

/** One audit line, as the notification job for it reads it. */
export async function findHistoryLine(db: DbOrTx, historyId: number) {
  const [row] = await db
    .select({
      id: reservationHistory.id,
      reservationId: reservationHistory.reservationId,
      fromStatus: reservationHistory.fromStatus,
      toStatus: reservationHistory.toStatus,
      actor: reservationHistory.actor,
      message: reservationHistory.message,
    })
    .from(reservationHistory)
    .where(eq(reservationHistory.id, historyId));
  return row;
}

/**
 * Who hears about new work on a reservation: every active member (organizer or admin account) of the
 * organizer that runs its event, with what their e-mail needs. Events without an organizer have nobody.
 */
export async function findVenueRecipients(db: DbOrTx, reservationId: number) {
  return db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      locale: users.locale,
      organizerName: organizers.name,
    })
    .from(reservations)
    .innerJoin(events, eq(events.id, reservations.eventId))
    .innerJoin(organizerMembers, eq(organizerMembers.organizerId, events.organizerId))
    .innerJoin(organizers, eq(organizers.id, organizerMembers.organizerId))
    .innerJoin(users, eq(users.id, organizerMembers.userId))
    .where(and(eq(reservations.id, reservationId), eq(users.status, 'active'), ne(users.role, 'user')))
    .orderBy(asc(users.id));
}
export type VenueRecipient = Awaited<ReturnType<typeof findVenueRecipients>>[number];

/** The reservation as an organizer's e-mail describes it: event, party and the guest's name. */
export async function findVenueContext(db: DbOrTx, reservationId: number) {
  const [row] = await db
    .select({
      reservationId: reservations.id,
      eventId: reservations.eventId,
      partySize: reservations.partySize,
      eventTitle: events.title,
      eventStartsAt: events.startsAt,
      eventTimeZone: events.timeZone,
      venueName: venues.name,
      guestFirstName: users.firstName,
      guestLastName: users.lastName,
      guestStatus: users.status,
    })
    .from(reservations)
    .innerJoin(events, eq(events.id, reservations.eventId))
    .leftJoin(venues, eq(venues.id, events.venueId))
    .leftJoin(users, eq(users.id, reservations.userId))
    .where(eq(reservations.id, reservationId));
  return row;
}
export type VenueContext = NonNullable<Awaited<ReturnType<typeof findVenueContext>>>;

/** Who a notice e-mail goes to, read at send time (a changed address or language counts). */
export async function findRecipient(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, locale: users.locale, status: users.status })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
