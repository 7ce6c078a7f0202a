import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { events, organizers } from './catalog';

/** The admin back office (migration 0013, DESIGN §14). */

export const taxonomySlugHistory = pgTable(
  'taxonomy_slug_history',
  {
    kind: text('kind', { enum: ['category', 'subcategory', 'tag'] }).notNull(),
    /** The category id for a subcategory (its slug is unique per category), 0 otherwise. */
    scope: integer('scope').notNull().default(0),
    oldSlug: text('old_slug').notNull(),
    targetId: integer('target_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'taxonomy_slug_history_pkey', columns: [t.kind, t.scope, t.oldSlug] })],
);

export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected', 'needs_info'] as const;

export const organizerApplications = pgTable(
  'organizer_applications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contact: text('contact').notNull(),
    website: text('website'),
    venues: text('venues'),
    message: text('message'),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('pending'),
    decisionMessage: text('decision_message'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    organizerId: integer('organizer_id').references(() => organizers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('organizer_applications_status_idx').on(t.status, t.id),
    uniqueIndex('organizer_applications_open_idx').on(t.userId).where(sql`${t.status} IN ('pending', 'needs_info')`),
  ],
);

export const eventNotes = pgTable(
  'event_notes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    authorSide: text('author_side', { enum: ['admin', 'organizer'] }).notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index('event_notes_event_idx').on(t.eventId, t.id)],
);

export const REPORT_TARGET_TYPES = ['event', 'venue', 'organizer'] as const;
export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;

export const reports = pgTable(
  'reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    targetType: text('target_type', { enum: REPORT_TARGET_TYPES }).notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    message: text('message'),
    reporterUserId: uuid('reporter_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The bearer's subject (a guest's too), for throttling. */
    reporterSubject: text('reporter_subject').notNull(),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    note: text('note'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index('reports_status_idx').on(t.status, t.targetType, t.targetId, t.id),
    index('reports_reporter_idx').on(t.reporterSubject, t.createdAt),
  ],
);

/** Append-only (a trigger refuses UPDATE and DELETE); no foreign keys, so no cascade rewrites history. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    actorUserId: uuid('actor_user_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index('audit_log_id_idx').on(t.id.desc()),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.id.desc()),
    index('audit_log_actor_idx').on(t.actorUserId, t.id.desc()),
  ],
);
