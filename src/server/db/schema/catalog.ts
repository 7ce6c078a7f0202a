import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
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
  slug: text('slug').notNull().unique('cities_slug_key'),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  timeZone: text('time_zone').notNull().default('Europe/Belgrade'),
});

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique('categories_slug_key'),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  icon: text('icon').notNull().default('event'),
  position: integer('position').notNull().default(0),
  /** Hidden (0013): out of menus and filters; its events keep it. */
  hidden: boolean('hidden').notNull().default(false),
});

export const subcategories = pgTable('subcategories', {
  id: serial('id').primaryKey(),
  categoryId: integer('category_id')
    .notNull()
    .references(() => categories.id, { onDelete: 'cascade' }),
  slug: text('slug').notNull(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  position: integer('position').notNull().default(0),
  hidden: boolean('hidden').notNull().default(false),
}, (t) => [unique('subcategories_category_id_slug_key').on(t.categoryId, t.slug)]);

export const tags = pgTable('tags', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique('tags_slug_key'),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  position: integer('position').notNull().default(0),
  hidden: boolean('hidden').notNull().default(false),
});

export const organizers = pgTable('organizers', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique('organizers_slug_key'),
  name: text('name').notNull(),
  website: text('website'),
  /** A trusted organizer publishes at once; the others' events wait in the admin's review queue (0012). */
  trusted: boolean('trusted').notNull().default(true),
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
    role: text('role', { enum: ['owner', 'manager', 'door', 'viewer'] }).notNull().default('owner'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'organizer_members_pkey', columns: [t.organizerId, t.userId] }), index('organizer_members_user_idx').on(t.userId)],
);

export const venues = pgTable('venues', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique('venues_slug_key'),
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
  organizerId: integer('organizer_id').references(() => organizers.id),
  /** The name per language; `name` stays the display (Serbian) name the search vector reads. */
  nameI18n: jsonb('name_i18n').$type<LocalizedText>().notNull().default({}),
  accessibility: text('accessibility'),
  capacity: integer('capacity'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  searchVector: tsvector('search_vector').generatedAlwaysAs(
    sql`to_tsvector('simple', kuda_normalize(name || ' ' || locality || ' ' || street_address))`,
  ),
}, (t) => [
  index('venues_city_idx').on(t.cityId),
  index('venues_geo_idx').on(t.lat, t.lng),
  // Search indexes take each write at once, with no pending list to read through (0017).
  index('venues_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
  index('venues_organizer_idx').on(t.organizerId),
]);

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
  /** The public flag every public read filters on; true exactly while publication = 'published' (0012). */
  published: boolean('published').notNull().default(true),
  publication: text('publication', { enum: ['draft', 'pending_review', 'scheduled', 'published', 'archived'] })
    .notNull()
    .default('published'),
  publishAt: timestamp('publish_at', { withTimezone: true }),
  sourceLocale: text('source_locale', { enum: ['sr', 'en', 'uk', 'ru'] }).notNull().default('sr'),
  summary: jsonb('summary').$type<LocalizedText>().notNull().default({}),
  imageId: uuid('image_id'),
  seriesId: bigint('series_id', { mode: 'number' }),
  /** Postponed with the new date still to be announced. */
  dateTba: boolean('date_tba').notNull().default(false),
  previousStartsAt: timestamp('previous_starts_at', { withTimezone: true }),
  /** Taken off the site by moderation (a resolved report, 0013): archived, and its page answers 410. */
  removedAt: timestamp('removed_at', { withTimezone: true }),
  removedReason: text('removed_reason'),
  /** iCalendar SEQUENCE, raised by the events_ics_sequence trigger whenever what a calendar shows changes (0014). */
  icsSequence: integer('ics_sequence').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Maintained by the events_search_row trigger (0004): normalised titles, performers, venue, category, tags. */
  searchVector: tsvector('search_vector').notNull().default(sql`''::tsvector`),
}, (t) => [
  // Listings walk published events by start time (and id, the cursor's tie-break), whole or by one filter.
  index('events_starts_idx').on(t.startsAt, t.id).where(sql`${t.published}`),
  index('events_category_starts_idx').on(t.categoryId, t.startsAt, t.id).where(sql`${t.published}`),
  index('events_subcategory_starts_idx').on(t.subcategoryId, t.startsAt, t.id).where(sql`${t.published}`),
  index('events_venue_starts_idx').on(t.venueId, t.startsAt, t.id).where(sql`${t.published}`),
  index('events_free_starts_idx').on(t.startsAt, t.id).where(sql`${t.published} AND ${t.priceMax} = 0`),
  index('events_reservable_starts_idx').on(t.startsAt, t.id).where(sql`${t.published} AND ${t.reservable}`),
  index('events_venue_idx').on(t.venueId, t.startsAt),
  // Without a pending list (0017), as venues_search_idx.
  index('events_search_idx').using('gin', t.searchVector).with({ fastupdate: false }).where(sql`${t.published}`),
  // Search's title tiers (0016): the weight-A part alone, with its own statistics (catalog-repository-search.ts).
  index('events_title_search_idx').using('gin', sql`ts_filter(${t.searchVector}, '{a}')`).with({ fastupdate: false }),
  // The organizer workspace (0012): an organizer's events newest first, a series' dates, due publications.
  index('events_organizer_starts_idx').on(t.organizerId, t.startsAt.desc(), t.id.desc()),
  index('events_series_idx').on(t.seriesId, t.startsAt).where(sql`${t.seriesId} IS NOT NULL`),
  index('events_scheduled_idx').on(t.publishAt).where(sql`${t.publication} = 'scheduled'`),
]);

/**
 * Every word of the published catalogue, for the "did you mean" suggestions (0009): looked up by trigram
 * similarity, filled by triggers, never written by the app.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gist', t.word.op('gist_trgm_ops')),
]);

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
  (t) => [primaryKey({ name: 'event_tags_pkey', columns: [t.eventId, t.tagId] }), index('event_tags_tag_idx').on(t.tagId, t.eventId)],
);
