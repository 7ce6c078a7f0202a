import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { categories, events } from './catalog';

/**
 * Keeping people posted (migration 0014, DESIGN §15). Saves, follows and category visits belong to an account
 * (`userId`) or, before sign-up, to a guest (`guestId`, the guest token's subject): exactly one is set, and a
 * guest's rows move to the account when the guest signs in.
 */

export const FOLLOW_KINDS = ['venue', 'organizer', 'category', 'tag'] as const;
export type FollowKind = (typeof FOLLOW_KINDS)[number];

export const savedEvents = pgTable('saved_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  guestId: uuid('guest_id'),
  eventId: bigint('event_id', { mode: 'number' })
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('saved_events_user_key').on(t.userId, t.eventId).where(sql`${t.userId} IS NOT NULL`),
  uniqueIndex('saved_events_guest_key').on(t.guestId, t.eventId).where(sql`${t.guestId} IS NOT NULL`),
  index('saved_events_event_idx').on(t.eventId),
]);

export const follows = pgTable('follows', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  guestId: uuid('guest_id'),
  kind: text('kind', { enum: FOLLOW_KINDS }).notNull(),
  /** The venue's, organizer's, category's or tag's id (not a foreign key: four tables). */
  targetId: integer('target_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('follows_user_key').on(t.userId, t.kind, t.targetId).where(sql`${t.userId} IS NOT NULL`),
  uniqueIndex('follows_guest_key').on(t.guestId, t.kind, t.targetId).where(sql`${t.guestId} IS NOT NULL`),
  index('follows_target_idx').on(t.kind, t.targetId),
]);

/** How often a person opened each category: one of the "for you" signals. */
export const categoryVisits = pgTable('category_visits', {
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  guestId: uuid('guest_id'),
  categoryId: integer('category_id')
    .notNull()
    .references(() => categories.id, { onDelete: 'cascade' }),
  visits: integer('visits').notNull().default(1),
  lastVisitAt: timestamp('last_visit_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('category_visits_user_key').on(t.userId, t.categoryId).where(sql`${t.userId} IS NOT NULL`),
  uniqueIndex('category_visits_guest_key').on(t.guestId, t.categoryId).where(sql`${t.guestId} IS NOT NULL`),
]);

/** Which e-mails a person wants and the personal calendar feed's secret; no row means the defaults. */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailReservations: boolean('email_reservations').notNull().default(true),
  emailReminders: boolean('email_reminders').notNull().default(true),
  emailFollowed: boolean('email_followed').notNull().default(true),
  emailDigest: boolean('email_digest').notNull().default(false),
  /** Null: the account's own language. */
  emailLocale: text('email_locale', { enum: ['sr', 'en', 'uk', 'ru'] }),
  calendarSecret: text('calendar_secret'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('notification_settings_calendar_key').on(t.calendarSecret).where(sql`${t.calendarSecret} IS NOT NULL`),
]);

/** A change of e-mail address awaiting the link sent to the new address (only the token's SHA-256). */
export const emailChanges = pgTable('email_changes', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  newEmail: text('new_email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
}, (t) => [index('email_changes_user_idx').on(t.userId)]);

export const pushSubscriptions = pgTable('push_subscriptions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  endpoint: text('endpoint').notNull(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  userAgent: text('user_agent'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
  index('push_subscriptions_user_idx').on(t.userId),
]);
