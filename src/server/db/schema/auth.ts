import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  email: text('email'),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  passwordHash: text('password_hash'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  phoneNumber: text('phone_number'),
  phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
  role: text('role', { enum: ['user', 'organizer', 'admin'] }).notNull().default('user'),
  status: text('status', { enum: ['active', 'suspended', 'deleted'] }).notNull().default('active'),
  locale: text('locale', { enum: ['sr', 'en', 'uk', 'ru'] }).notNull().default('sr'),
  googleSub: text('google_sub'),
  facebookId: text('facebook_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  /** Suspension by an admin (0013): why, when, by whom. */
  suspendedReason: text('suspended_reason'),
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  // Self-reference: typed loosely to avoid the circular initialiser; the migration holds the foreign key.
  suspendedBy: uuid('suspended_by'),
}, (t) => [
  // One account per address, whatever its case (0001); one per Google or Facebook identity (0003).
  uniqueIndex('users_email_key').on(sql`lower(${t.email})`).where(sql`${t.email} IS NOT NULL`),
  uniqueIndex('users_google_sub_key').on(t.googleSub).where(sql`${t.googleSub} IS NOT NULL`),
  uniqueIndex('users_facebook_id_key').on(t.facebookId).where(sql`${t.facebookId} IS NOT NULL`),
  // A verified number belongs to one account only.
  uniqueIndex('users_verified_phone_key').on(t.phoneNumber).where(sql`${t.phoneVerifiedAt} IS NOT NULL`),
]);

export const tokenFamilies = pgTable('token_families', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['guest', 'user'] }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  revokedReason: text('revoked_reason'),
  /** A signed-in family is a session the person can see and end (0014): the device and its last use. */
  userAgent: text('user_agent'),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
}, (t) => [index('token_families_user_idx').on(t.userId).where(sql`${t.userId} IS NOT NULL`)]);

export const refreshTokens = pgTable('refresh_tokens', {
  id: uuid('id').primaryKey(),
  familyId: uuid('family_id')
    .notNull()
    .references(() => tokenFamilies.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  replacedBy: uuid('replaced_by'),
}, (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_expires_idx').on(t.expiresAt)]);
