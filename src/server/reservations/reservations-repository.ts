import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { COUNTED_STATUSES, ACTIVE_STATUSES, type ReservationActor, type ReservationStatus } from '../../shared/schemas/reservations';
import type { DbOrTx } from '../db/client';
import { eventReservationSettings, events, reservationHistory, reservations, users, venues } from '../db/schema';

/**
 * The effective deadline: the event's own, else two hours before it starts, and never after the start.
 * Settings and events are separate rows (no CHECK can span them) and an event may be moved earlier after its
 * deadline was set, so the cap is applied where every reader gets the deadline: here.
 */
const deadlineSql = sql<Date>`least(coalesce(${eventReservationSettings.deadline}, ${events.startsAt} - interval '2 hours'), ${events.startsAt})`.mapWith(
  (value: string | Date) => new Date(value),
);

const settingsColumns = {
  eventId: events.id,
  reservable: events.reservable,
  published: events.published,
  eventStatus: events.status,
  startsAt: events.startsAt,
  organizerId: events.organizerId,
  hasSettings: sql<boolean>`${eventReservationSettings.eventId} IS NOT NULL`.mapWith(Boolean),
  mode: eventReservationSettings.mode,
  capacity: eventReservationSettings.capacity,
  partyMin: eventReservationSettings.partyMin,
  partyMax: eventReservationSettings.partyMax,
  deadline: deadlineSql,
};

export type EventSettingsRow = Awaited<ReturnType<typeof findEventSettings>>;

/** The event and its reservation settings, or undefined when there is no such event. */
export async function findEventSettings(db: DbOrTx, eventId: number) {
  const [row] = await db
    .select(settingsColumns)
    .from(events)
    .leftJoin(eventReservationSettings, eq(eventReservationSettings.eventId, events.id))
    .where(eq(events.id, eventId));
  return row;
}

/**
 * Locks the event's settings row for the rest of the transaction (DESIGN §6): every capacity check and
 * every write that changes what is counted happens under this lock, so places are never oversold.
 * The answer is read by a second statement, after the lock is held: under READ COMMITTED it then sees
 * whatever the previous holder committed, the event's status included (an event cancelled meanwhile).
 */
export async function lockEventSettings(tx: DbOrTx, eventId: number) {
  const locked = await tx
    .select({ eventId: eventReservationSettings.eventId })
    .from(eventReservationSettings)
    .where(eq(eventReservationSettings.eventId, eventId))
    .for('update');
  if (!locked.length) return undefined;
  const [row] = await tx
    .select(settingsColumns)
    .from(eventReservationSettings)
    .innerJoin(events, eq(events.id, eventReservationSettings.eventId))
    .where(eq(eventReservationSettings.eventId, eventId));
  return row;
}

/** Cancels the event itself (catalogue status); the caller holds the settings lock when there is one. */
export async function setEventCancelled(tx: DbOrTx, eventId: number) {
  await tx.update(events).set({ status: 'cancelled', updatedAt: sql`now()` }).where(eq(events.id, eventId));
}

/** Every open reservation of an event (pending, action needed, accepted, waitlisted), locked, oldest first. */
export async function lockOpenReservations(tx: DbOrTx, eventId: number) {
  return tx
    .select({
      id: reservations.id,
      eventId: reservations.eventId,
      userId: reservations.userId,
      status: reservations.status,
      partySize: reservations.partySize,
      code: reservations.code,
      confirmedAt: reservations.confirmedAt,
    })
    .from(reservations)
    .where(and(eq(reservations.eventId, eventId), inArray(reservations.status, [...ACTIVE_STATUSES])))
    .orderBy(asc(reservations.createdAt), asc(reservations.id))
    .for('update');
}

/** Events for which the user holds an open reservation and that have not started yet (account deletion). */
export async function eventsWithOpenReservationsOf(db: DbOrTx, userId: string, now: Date): Promise<number[]> {
  const rows = await db
    .selectDistinct({ eventId: reservations.eventId })
    .from(reservations)
    .innerJoin(events, eq(events.id, reservations.eventId))
    .where(and(eq(reservations.userId, userId), inArray(reservations.status, [...ACTIVE_STATUSES]), gt(events.startsAt, now)))
    .orderBy(asc(reservations.eventId));
  return rows.map((row) => row.eventId);
}

/** The user's open reservations of one event, locked; the caller already holds the event's settings lock. */
export async function lockOpenReservationsOfUser(tx: DbOrTx, eventId: number, userId: string) {
  return tx
    .select({
      id: reservations.id,
      eventId: reservations.eventId,
      userId: reservations.userId,
      status: reservations.status,
      partySize: reservations.partySize,
      code: reservations.code,
      confirmedAt: reservations.confirmedAt,
    })
    .from(reservations)
    .where(and(eq(reservations.eventId, eventId), eq(reservations.userId, userId), inArray(reservations.status, [...ACTIVE_STATUSES])))
    .orderBy(asc(reservations.id))
    .for('update');
}

/**
 * Erases what the user wrote themselves: the notes on their reservations and their own lines in the audit
 * trail (answers to the venue). The venue's own messages and the status history stay.
 */
export async function eraseGuestWords(tx: DbOrTx, userId: string): Promise<void> {
  await tx.update(reservations).set({ note: null, updatedAt: sql`now()` }).where(and(eq(reservations.userId, userId), isNotNull(reservations.note)));
  await tx
    .update(reservationHistory)
    .set({ message: null })
    .where(and(eq(reservationHistory.actorUserId, userId), isNotNull(reservationHistory.message)));
}

/** Party sizes counted against capacity (pending + action_needed + accepted). */
export async function takenPlaces(db: DbOrTx, eventId: number): Promise<number> {
  const [row] = await db
    .select({ taken: sql<number>`coalesce(sum(${reservations.partySize}), 0)`.mapWith(Number) })
    .from(reservations)
    .where(and(eq(reservations.eventId, eventId), inArray(reservations.status, [...COUNTED_STATUSES])));
  return row?.taken ?? 0;
}

export async function findActiveReservation(db: DbOrTx, eventId: number, userId: string) {
  const [row] = await db
    .select({ id: reservations.id, status: reservations.status })
    .from(reservations)
    .where(and(eq(reservations.eventId, eventId), eq(reservations.userId, userId), inArray(reservations.status, [...ACTIVE_STATUSES])))
    .limit(1);
  return row;
}

export async function codeExists(db: DbOrTx, code: string): Promise<boolean> {
  const rows = await db.select({ id: reservations.id }).from(reservations).where(eq(reservations.code, code)).limit(1);
  return rows.length > 0;
}

export async function insertReservation(
  tx: DbOrTx,
  input: { eventId: number; userId: string; status: ReservationStatus; partySize: number; note: string | null; code: string | null },
) {
  const [row] = await tx.insert(reservations).values(input).returning({ id: reservations.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

/** The fields a status change needs, optionally locking the reservation row. */
export async function findReservationCore(db: DbOrTx, id: number, lock = false) {
  const query = db
    .select({
      id: reservations.id,
      eventId: reservations.eventId,
      userId: reservations.userId,
      status: reservations.status,
      partySize: reservations.partySize,
      code: reservations.code,
      confirmedAt: reservations.confirmedAt,
    })
    .from(reservations)
    .where(eq(reservations.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}
export type ReservationCore = NonNullable<Awaited<ReturnType<typeof findReservationCore>>>;

export async function updateStatus(tx: DbOrTx, id: number, status: ReservationStatus, code: string | null) {
  await tx
    .update(reservations)
    .set({ status, updatedAt: sql`now()`, ...(code ? { code } : {}) })
    .where(eq(reservations.id, id));
}

export async function setConfirmed(tx: DbOrTx, id: number) {
  await tx.update(reservations).set({ confirmedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(reservations.id, id));
}

export async function insertHistory(
  tx: DbOrTx,
  input: {
    reservationId: number;
    fromStatus: ReservationStatus | null;
    toStatus: ReservationStatus;
    actor: ReservationActor;
    actorUserId: string | null;
    message: string | null;
  },
) {
  const [row] = await tx.insert(reservationHistory).values(input).returning({ id: reservationHistory.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

/** Waitlisted reservations of an event in line order (created_at, id: the order the event lock was taken, migration 0008), locked for promotion. */
export async function lockWaitlist(tx: DbOrTx, eventId: number) {
  return tx
    .select({
      id: reservations.id,
      eventId: reservations.eventId,
      userId: reservations.userId,
      status: reservations.status,
      partySize: reservations.partySize,
      code: reservations.code,
      confirmedAt: reservations.confirmedAt,
    })
    .from(reservations)
    .where(and(eq(reservations.eventId, eventId), eq(reservations.status, 'waitlisted')))
    .orderBy(asc(reservations.createdAt), asc(reservations.id))
    .for('update');
}

// ---------------------------------------------------------------------------------------------------------
// Reads for display
// ---------------------------------------------------------------------------------------------------------

const waitlistPositionSql = sql<number | null>`CASE WHEN ${reservations.status} = 'waitlisted' THEN (
    SELECT count(*) FROM reservations w
    WHERE w.event_id = ${reservations.eventId} AND w.status = 'waitlisted'
      AND (w.created_at, w.id) <= (${reservations.createdAt}, ${reservations.id})
  ) END`.mapWith((value: string | number | null) => (value === null ? null : Number(value)));

/** Someone else is on the event's waitlist (reservations_event_status_idx answers it from the index). */
const othersWaitingSql = sql<boolean>`EXISTS (
    SELECT 1 FROM reservations w
    WHERE w.event_id = ${reservations.eventId} AND w.status = 'waitlisted' AND w.id <> ${reservations.id}
  )`.mapWith(Boolean);

export const reservationViewColumns = {
  id: reservations.id,
  userId: reservations.userId,
  status: reservations.status,
  partySize: reservations.partySize,
  note: reservations.note,
  code: reservations.code,
  confirmedAt: reservations.confirmedAt,
  createdAt: reservations.createdAt,
  updatedAt: reservations.updatedAt,
  waitlistPosition: waitlistPositionSql,
  othersWaiting: othersWaitingSql,
  eventId: events.id,
  eventSlug: events.slug,
  eventTitle: events.title,
  eventStartsAt: events.startsAt,
  eventEndsAt: events.endsAt,
  eventTimeZone: events.timeZone,
  eventStatus: events.status,
  eventImages: events.images,
  organizerId: events.organizerId,
  venueName: venues.name,
  venueStreet: venues.streetAddress,
  venueLocality: venues.locality,
  deadline: deadlineSql,
};

export type ReservationViewRow = Awaited<ReturnType<typeof listReservationViews>>[number];

export interface ReservationFilter {
  ids?: number[];
  userId?: string;
  eventId?: number;
  status?: ReservationStatus;
  /** Reservations of events run by these organizers. */
  organizerIds?: number[];
  scope?: 'upcoming' | 'past' | 'all';
  now?: Date;
  /** Keyset: only ids below this one (newest first). */
  beforeId?: number;
  limit?: number;
}

function filterConditions(filter: ReservationFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.ids) conditions.push(inArray(reservations.id, filter.ids));
  if (filter.userId) conditions.push(eq(reservations.userId, filter.userId));
  if (filter.eventId !== undefined) conditions.push(eq(reservations.eventId, filter.eventId));
  if (filter.status) conditions.push(eq(reservations.status, filter.status));
  if (filter.organizerIds) conditions.push(inArray(events.organizerId, filter.organizerIds.length ? filter.organizerIds : [-1]));
  const now = filter.now ?? new Date();
  if (filter.scope === 'upcoming') conditions.push(gte(events.startsAt, now));
  if (filter.scope === 'past') conditions.push(lt(events.startsAt, now));
  return conditions;
}

export async function listReservationViews(db: DbOrTx, filter: ReservationFilter) {
  const conditions = filterConditions(filter);
  if (filter.beforeId !== undefined) conditions.push(lt(reservations.id, filter.beforeId));
  const query = db
    .select(reservationViewColumns)
    .from(reservations)
    .innerJoin(events, eq(events.id, reservations.eventId))
    .leftJoin(eventReservationSettings, eq(eventReservationSettings.eventId, events.id))
    .leftJoin(venues, eq(venues.id, events.venueId))
    .where(and(...conditions))
    .orderBy(desc(reservations.id));
  return filter.limit ? query.limit(filter.limit) : query;
}

/** Reservation counts per status for the same filter (status itself ignored: counts are the tabs). */
export async function countByStatus(db: DbOrTx, filter: ReservationFilter) {
  const conditions = filterConditions({ ...filter, status: undefined });
  return db
    .select({ status: reservations.status, count: sql<number>`count(*)`.mapWith(Number) })
    .from(reservations)
    .innerJoin(events, eq(events.id, reservations.eventId))
    .where(and(...conditions))
    .groupBy(reservations.status);
}

export async function historyFor(db: DbOrTx, reservationIds: number[]) {
  if (!reservationIds.length) return [];
  return db
    .select({
      reservationId: reservationHistory.reservationId,
      fromStatus: reservationHistory.fromStatus,
      toStatus: reservationHistory.toStatus,
      actor: reservationHistory.actor,
      message: reservationHistory.message,
      createdAt: reservationHistory.createdAt,
    })
    .from(reservationHistory)
    .where(inArray(reservationHistory.reservationId, reservationIds))
    .orderBy(asc(reservationHistory.id));
}

export async function guestsFor(db: DbOrTx, userIds: string[]) {
  if (!userIds.length) return [];
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phoneNumber: users.phoneNumber,
      status: users.status,
    })
    .from(users)
    .where(inArray(users.id, userIds));
}

// ---------------------------------------------------------------------------------------------------------
// Capacity per event (organizer)
// ---------------------------------------------------------------------------------------------------------

export async function eventCapacities(db: DbOrTx, filter: { eventIds?: number[]; organizerIds?: number[]; from?: Date }) {
  const conditions: SQL[] = [eq(events.reservable, true)];
  if (filter.eventIds) conditions.push(inArray(events.id, filter.eventIds.length ? filter.eventIds : [-1]));
  if (filter.organizerIds) conditions.push(inArray(events.organizerId, filter.organizerIds.length ? filter.organizerIds : [-1]));
  if (filter.from) conditions.push(gte(events.startsAt, filter.from));
  const counted = sql.join(
    COUNTED_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  return db
    .select({
      eventId: events.id,
      slug: events.slug,
      title: events.title,
      startsAt: events.startsAt,
      timeZone: events.timeZone,
      status: events.status,
      mode: eventReservationSettings.mode,
      capacity: eventReservationSettings.capacity,
      partyMin: eventReservationSettings.partyMin,
      partyMax: eventReservationSettings.partyMax,
      deadline: deadlineSql,
      taken: sql<number>`coalesce((SELECT sum(r.party_size) FROM reservations r WHERE r.event_id = ${events.id} AND r.status IN (${counted})), 0)`.mapWith(
        Number,
      ),
      // Parties (the schema's and the card's word) and the people in them: an organizer needs both.
      waitlisted: sql<number>`(SELECT count(*) FROM reservations r WHERE r.event_id = ${events.id} AND r.status = 'waitlisted')`.mapWith(Number),
      waitlistedPeople: sql<number>`coalesce((SELECT sum(r.party_size) FROM reservations r WHERE r.event_id = ${events.id} AND r.status = 'waitlisted'), 0)`.mapWith(
        Number,
      ),
    })
    .from(events)
    .innerJoin(eventReservationSettings, eq(eventReservationSettings.eventId, events.id))
    .where(and(...conditions))
    .orderBy(asc(events.startsAt), asc(events.id));
}

export async function countsForEvents(db: DbOrTx, eventIds: number[]) {
  if (!eventIds.length) return [];
  return db
    .select({ eventId: reservations.eventId, status: reservations.status, count: sql<number>`count(*)`.mapWith(Number) })
    .from(reservations)
    .where(inArray(reservations.eventId, eventIds))
    .groupBy(reservations.eventId, reservations.status);
}

// ---------------------------------------------------------------------------------------------------------
// Organizer scope
// ---------------------------------------------------------------------------------------------------------

export async function findUserRole(db: DbOrTx, userId: string) {
  const [row] = await db.select({ role: users.role, status: users.status }).from(users).where(eq(users.id, userId));
  return row;
}
