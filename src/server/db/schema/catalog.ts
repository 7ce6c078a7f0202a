import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  boolean,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { LocalizedText } from '../../../shared/locales';
import { users } from './auth';

export interface EventImage {
  url: string;
  width: number;
  height: number;
  alt?: LocalizedText;
}

export interface Performer {
  name: string;
  type: 'Person' | 'PerformingGroup';
}

/** Postgres full-text vector (migration 0004); filled by triggers and generated columns, never by the app. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const cities = pgTable('cities', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  timeZone: text('time_zone').notNull().default('Europe/Belgrade'),
});

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  icon: text('icon').notNull().default('event'),
  position: integer('position').notNull().default(0),
});

export const subcategories = pgTable('subcategories', {
  id: serial('id').primaryKey(),
  categoryId: integer('category_id')
    .notNull()
    .references(() => categories.id, { onDelete: 'cascade' }),
  slug: text('slug').notNull(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  position: integer('position').notNull().default(0),
});

export const tags = pgTable('tags', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  position: integer('position').notNull().default(0),
});

export const organizers = pgTable('organizers', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  website: text('website'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const organizerMembers = pgTable(
  'organizer_members',
  {
    organizerId: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.organizerId, t.userId] })],
);

export const venues = pgTable('venues', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  cityId: integer('city_id')
    .notNull()
    .references(() => cities.id),
  name: text('name').notNull(),
  description: jsonb('description').$type<LocalizedText>().notNull().default({}),
  streetAddress: text('street_address').notNull(),
  postalCode: text('postal_code').notNull(),
  locality: text('locality').notNull(),
  country: text('country').notNull().default('RS'),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  website: text('website'),
  searchVector: tsvector('search_vector').generatedAlwaysAs(
    sql`to_tsvector('simple', kuda_normalize(name || ' ' || locality || ' ' || street_address))`,
  ),
});

export const events = pgTable('events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  slug: text('slug').notNull(),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  description: jsonb('description').$type<LocalizedText>().notNull().default({}),
  categoryId: integer('category_id')
    .notNull()
    .references(() => categories.id),
  subcategoryId: integer('subcategory_id').references(() => subcategories.id),
  venueId: integer('venue_id').references(() => venues.id),
  organizerId: integer('organizer_id').references(() => organizers.id),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  timeZone: text('time_zone').notNull().default('Europe/Belgrade'),
  status: text('status', { enum: ['scheduled', 'cancelled', 'postponed', 'rescheduled', 'moved_online'] })
    .notNull()
    .default('scheduled'),
  attendanceMode: text('attendance_mode', { enum: ['offline', 'online', 'mixed'] }).notNull().default('offline'),
  onlineUrl: text('online_url'),
  images: jsonb('images').$type<EventImage[]>().notNull().default([]),
  performers: jsonb('performers').$type<Performer[]>().notNull().default([]),
  currency: text('currency').notNull().default('RSD'),
  priceMin: integer('price_min'),
  priceMax: integer('price_max'),
  offerCount: integer('offer_count').notNull().default(1),
  reservable: boolean('reservable').notNull().default(false),
  published: boolean('published').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Maintained by the events_search_row trigger (0004): normalised titles, performers, venue, category, tags. */
  searchVector: tsvector('search_vector').notNull().default(sql`''::tsvector`),
});

export const eventTags = pgTable(
  'event_tags',
  {
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.tagId] })],
);
