import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { events } from './catalog';

/** Per-event reservation settings; the row is locked while capacity is checked (migration 0005). */
export const eventReservationSettings = pgTable('event_reservation_settings', {
  eventId: bigint('event_id', { mode: 'number' })
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  mode: text('mode', { enum: ['instant', 'approval'] }).notNull().default('instant'),
  capacity: integer('capacity').notNull().default(40),
  partyMin: integer('party_min').notNull().default(1),
  partyMax: integer('party_max').notNull().default(8),
  /** NULL = two hours before the event starts. */
  deadline: timestamp('deadline', { withTimezone: true }),
  waitlist: boolean('waitlist').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const reservations = pgTable('reservations', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  eventId: bigint('event_id', { mode: 'number' })
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  status: text('status', { enum: ['pending', 'action_needed', 'accepted', 'rejected', 'cancelled', 'waitlisted'] }).notNull(),
  partySize: integer('party_size').notNull(),
  note: text('note'),
  code: text('code').unique('reservations_code_key'),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** Door check-in: the first scan wins (0012). */
  checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
  checkedInBy: uuid('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
  /** clock_timestamp(): the time the row was written under the event lock, which orders the waitlist (migration 0008). */
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`clock_timestamp()`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  // One active reservation per guest and event.
  uniqueIndex('reservations_active_key')
    .on(t.eventId, t.userId)
    .where(sql`${t.status} IN ('pending', 'action_needed', 'accepted', 'waitlisted')`),
  index('reservations_event_status_idx').on(t.eventId, t.status, t.createdAt, t.id),
  index('reservations_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
]);

export const reservationHistory = pgTable('reservation_history', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  reservationId: bigint('reservation_id', { mode: 'number' })
    .notNull()
    .references(() => reservations.id, { onDelete: 'cascade' }),
  fromStatus: text('from_status', { enum: ['pending', 'action_needed', 'accepted', 'rejected', 'cancelled', 'waitlisted'] }),
  toStatus: text('to_status', { enum: ['pending', 'action_needed', 'accepted', 'rejected', 'cancelled', 'waitlisted'] }).notNull(),
  actor: text('actor', { enum: ['guest', 'venue', 'system'] }).notNull(),
  actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
  message: text('message'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('reservation_history_reservation_idx').on(t.reservationId, t.id)]);

export const notifications = pgTable('notifications', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  type: text('type', { enum: ['reservation_status', 'reservation_reminder', 'organizer_reservation', 'organizer_application', 'event_review', 'followed_event', 'saved_event_change'] }).notNull(),
  reservationId: bigint('reservation_id', { mode: 'number' }).references(() => reservations.id, { onDelete: 'cascade' }),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  dedupeKey: text('dedupe_key').unique('notifications_dedupe_key_key'),
  readAt: timestamp('read_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set once a digest e-mail has carried this notification (0014). */
  emailedAt: timestamp('emailed_at', { withTimezone: true }),
}, (t) => [
  index('notifications_user_idx').on(t.userId, t.id.desc()),
  index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} IS NULL`),
  index('notifications_digest_idx')
    .on(t.userId, t.id)
    .where(sql`${t.emailedAt} IS NULL AND ${t.type} IN ('followed_event', 'saved_event_change')`),
]);
