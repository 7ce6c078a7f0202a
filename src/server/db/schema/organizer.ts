import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, jsonb, pgTable, primaryKey, real, smallint, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '../../../shared/locales';
import { users } from './auth';
import { events, organizers, venues } from './catalog';

/** The organizer workspace (migration 0012, DESIGN §14). */

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const organizerInvitations = pgTable('organizer_invitations', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  organizerId: integer('organizer_id')
    .notNull()
    .references(() => organizers.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  role: text('role', { enum: ['owner', 'manager', 'door', 'viewer'] }).notNull(),
  invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }),
},
(t) => [uniqueIndex('organizer_invitations_open_idx').on(t.organizerId, sql`lower(${t.email})`).where(sql`${t.acceptedAt} IS NULL`)],
);

/** Append-only: who did what to which thing of the organizer. */
export const organizerActivity = pgTable('organizer_activity', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  organizerId: integer('organizer_id')
    .notNull()
    .references(() => organizers.id, { onDelete: 'cascade' }),
  actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
  action: text('action').notNull(),
  targetType: text('target_type').notNull(),
  targetId: text('target_id').notNull(),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`clock_timestamp()`),
},
(t) => [index('organizer_activity_organizer_idx').on(t.organizerId, t.id.desc())],
);

export interface ImageVariant {
  hash: string;
  format: 'avif' | 'webp' | 'jpeg';
  width: number;
  height: number;
  /** 'full' keeps the original's shape; 'card' is 16:9 and 'social' 1200×630, both cropped at the focal point. */
  crop: 'full' | 'card' | 'social';
}

export const images = pgTable('images', {
  id: uuid('id').primaryKey(),
  organizerId: integer('organizer_id').references(() => organizers.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['processing', 'ready', 'failed'] }).notNull().default('processing'),
  /** The uploaded bytes, kept privately (never served). */
  original: bytea('original'),
  originalType: text('original_type'),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  focalX: real('focal_x').notNull().default(0.5),
  focalY: real('focal_y').notNull().default(0.5),
  alt: jsonb('alt').$type<LocalizedText>().notNull().default({}),
  dominantColor: text('dominant_color'),
  placeholder: text('placeholder'),
  variants: jsonb('variants').$type<ImageVariant[]>().notNull().default([]),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
},
(t) => [index('images_organizer_idx').on(t.organizerId)],
);

/** Content-addressed derivatives: the hash names the bytes, so their URL can be cached forever. */
export const imageFiles = pgTable('image_files', {
  hash: text('hash').primaryKey(),
  imageId: uuid('image_id')
    .notNull()
    .references(() => images.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
},
(t) => [index('image_files_image_idx').on(t.imageId)],
);

/** A venue's photos in order; the first is the public page's header. */
export const venueImages = pgTable('venue_images', {
  venueId: integer('venue_id')
    .notNull()
    .references(() => venues.id, { onDelete: 'cascade' }),
  imageId: uuid('image_id')
    .notNull()
    .references(() => images.id, { onDelete: 'cascade' }),
  position: smallint('position').notNull(),
},
(t) => [
  primaryKey({ name: 'venue_images_pkey', columns: [t.venueId, t.imageId] }),
  unique('venue_images_position_key').on(t.venueId, t.position),
  index('venue_images_image_idx').on(t.imageId),
],
);

export const eventSeries = pgTable('event_series', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  organizerId: integer('organizer_id')
    .notNull()
    .references(() => organizers.id, { onDelete: 'cascade' }),
  rrule: text('rrule').notNull(),
  exdates: jsonb('exdates').$type<string[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every lifecycle move and edit of an event: who, from, to, why. */
export const eventHistory = pgTable('event_history', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  eventId: bigint('event_id', { mode: 'number' })
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' }),
  actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
  action: text('action').notNull(),
  fromState: text('from_state'),
  toState: text('to_state'),
  message: text('message'),
  changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`clock_timestamp()`),
},
(t) => [index('event_history_event_idx').on(t.eventId, t.id)],
);
