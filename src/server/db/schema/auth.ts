import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
});

export const tokenFamilies = pgTable('token_families', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['guest', 'user'] }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  revokedReason: text('revoked_reason'),
});

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
});
