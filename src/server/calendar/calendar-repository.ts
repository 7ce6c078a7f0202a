import { and, asc, desc, eq, gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { categories, events, organizers, reservations, savedEvents, users, venues } from '../db/schema';

/** The SQL of the calendar and Atom feeds (DESIGN §15): which events a feed carries, and whose feed it is. */

/** Reservations that put an event in the person's own calendar: held or awaiting the organizer. */
const CALENDAR_RESERVATION_STATUSES = ['accepted', 'pending'] as const;

const feedColumns = {
  id: events.id,
  slug: events.slug,
  title: events.title,
  summary: events.summary,
  sourceLocale: events.sourceLocale,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  status: events.status,
  dateTba: events.dateTba,
  previousStartsAt: events.previousStartsAt,
  icsSequence: events.icsSequence,
  onlineUrl: events.onlineUrl,
  createdAt: events.createdAt,
  publishAt: events.publishAt,
  /** A renamed venue changes what the feed says, so its change counts as the event's. */
  modifiedAt: sql<Date>`greatest(${events.updatedAt}, coalesce(${venues.updatedAt}, ${events.updatedAt}))`.mapWith(events.updatedAt),
  categoryName: categories.name,
  venueName: venues.name,
  venueNameI18n: venues.nameI18n,
  venueStreet: venues.streetAddress,
  venuePostalCode: venues.postalCode,
  venueLocality: venues.locality,
  venueLat: venues.lat,
  venueLng: venues.lng,
};

export type FeedEventRow = Awaited<ReturnType<typeof listFeedEvents>>[number];

export type FeedScope =
  | { kind: 'event'; id: number }
  | { kind: 'venue'; id: number }
  | { kind: 'organizer'; id: number }
  | { kind: 'category'; id: number }
  | { kind: 'person'; userId: string };

function scopeCondition(scope: FeedScope): SQL {
  switch (scope.kind) {
    case 'event':
      return eq(events.id, scope.id);
    case 'venue':
      return eq(events.venueId, scope.id);
    case 'organizer':
      return eq(events.organizerId, scope.id);
    case 'category':
      return eq(events.categoryId, scope.id);
    case 'person':
      return or(
        sql`EXISTS (SELECT 1 FROM ${savedEvents} WHERE ${savedEvents.eventId} = ${events.id} AND ${savedEvents.userId} = ${scope.userId})`,
        sql`EXISTS (SELECT 1 FROM ${reservations} WHERE ${reservations.eventId} = ${events.id} AND ${reservations.userId} = ${scope.userId}
          AND ${inArray(reservations.status, [...CALENDAR_RESERVATION_STATUSES])})`,
      )!;
  }
}

/**
 * A feed's published events from `since` on (recent past included, so a cancellation still reaches
 * subscribers), at most `limit`: in start order for calendars, newest publication first for Atom.
 */
export async function listFeedEvents(db: DbOrTx, scope: FeedScope, input: { since: Date; limit: number; order: 'start' | 'published' }) {
  const published = sql`coalesce(${events.publishAt}, ${events.createdAt})`;
  const rows = await db
    .select(feedColumns)
    .from(events)
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .leftJoin(venues, eq(venues.id, events.venueId))
    .where(and(eq(events.published, true), scope.kind === 'event' ? undefined : gte(events.startsAt, input.since), scopeCondition(scope)))
    .orderBy(...(input.order === 'start' ? [asc(events.startsAt), asc(events.id)] : [desc(published), desc(events.id)]))
    .limit(input.limit);
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

export async function findFeedVenue(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: venues.id, slug: venues.slug, name: venues.name, nameI18n: venues.nameI18n, updatedAt: venues.updatedAt })
    .from(venues)
    .where(eq(venues.id, id));
  return row;
}

export async function findFeedOrganizer(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: organizers.id, slug: organizers.slug, name: organizers.name, createdAt: organizers.createdAt })
    .from(organizers)
    .where(eq(organizers.id, id));
  return row;
}

export async function findFeedCategory(db: DbOrTx, slug: string) {
  const [row] = await db
    .select({ id: categories.id, slug: categories.slug, name: categories.name })
    .from(categories)
    .where(eq(categories.slug, slug));
  return row;
}

/**
 * When the person last saved an event or a reservation of theirs changed: their feed changes then even
 * though no event did, so Last-Modified must move too.
 */
export async function personalChangedAt(db: DbOrTx, userId: string): Promise<Date | null> {
  const [row] = await db.select({
    changedAt: sql<string | null>`greatest(
      (SELECT max(${savedEvents.createdAt}) FROM ${savedEvents} WHERE ${savedEvents.userId} = ${userId}),
      (SELECT max(${reservations.updatedAt}) FROM ${reservations} WHERE ${reservations.userId} = ${userId}))`,
  }).from(sql`(SELECT 1) AS one`);
  return row?.changedAt ? new Date(row.changedAt) : null;
}

/** The language of a person's feed when the URL names none. */
export async function findUserLocale(db: DbOrTx, userId: string) {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return row?.locale;
}
