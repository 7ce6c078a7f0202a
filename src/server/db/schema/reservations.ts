import { sql } from 'drizzle-orm';
import { bigint, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
  code: text('code').unique(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** clock_timestamp(): the time the row was written under the event lock, which orders the waitlist (migration 0008). */
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`clock_timestamp()`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

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
});

export const notifications = pgTable('notifications', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  type: text('type', { enum: ['reservation_status', 'reservation_reminder', 'organizer_reservation'] }).notNull(),
  reservationId: bigint('reservation_id', { mode: 'number' }).references(() => reservations.id, { onDelete: 'cascade' }),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  dedupeKey: text('dedupe_key').unique(),
  readAt: timestamp('read_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
