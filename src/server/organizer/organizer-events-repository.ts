import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { LocalizedText } from '../../shared/locales';
import type { DbOrTx } from '../db/client';
import { categories, eventReservationSettings, events, eventTags, organizers, reservations, subcategories, tags, venues } from '../db/schema';
import { eventHistory, eventSeries, images } from '../db/schema/organizer';
import { imageDisplayColumns } from '../images/image-columns';

/** The organizer's events: every column the workspace shows, whatever the publication state. */

export type EventRow = typeof events.$inferSelect;
export type EventValues = Partial<Omit<typeof events.$inferInsert, 'id' | 'searchVector'>>;
export type SettingsRow = typeof eventReservationSettings.$inferSelect;
export type ImageRow = Pick<
  typeof images.$inferSelect,
  'id' | 'width' | 'height' | 'status' | 'focalX' | 'focalY' | 'alt' | 'dominantColor' | 'placeholder' | 'variants'
>;

const eventColumns = {
  id: events.id,
  slug: events.slug,
  title: events.title,
  description: events.description,
  categoryId: events.categoryId,
  subcategoryId: events.subcategoryId,
  venueId: events.venueId,
  organizerId: events.organizerId,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  timeZone: events.timeZone,
  status: events.status,
  attendanceMode: events.attendanceMode,
  onlineUrl: events.onlineUrl,
  images: events.images,
  performers: events.performers,
  currency: events.currency,
  priceMin: events.priceMin,
  priceMax: events.priceMax,
  offerCount: events.offerCount,
  reservable: events.reservable,
  published: events.published,
  publication: events.publication,
  publishAt: events.publishAt,
  sourceLocale: events.sourceLocale,
  summary: events.summary,
  imageId: events.imageId,
  seriesId: events.seriesId,
  dateTba: events.dateTba,
  previousStartsAt: events.previousStartsAt,
  removedAt: events.removedAt,
  removedReason: events.removedReason,
  icsSequence: events.icsSequence,
  createdAt: events.createdAt,
  updatedAt: events.updatedAt,
};
export type OrganizerEventRow = Omit<EventRow, 'searchVector'>;

export async function findEvent(db: DbOrTx, id: number, lock = false): Promise<OrganizerEventRow | undefined> {
  const query = db.select(eventColumns).from(events).where(eq(events.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export interface EventListFilter {
  organizerIds: number[];
  publication?: OrganizerEventRow['publication'];
  /** The published event's own fate (cancelled, postponed, rescheduled). */
  eventStatus?: OrganizerEventRow['status'];
  q?: string;
  from?: Date;
  until?: Date;
  /** Keyset: events after this one in (starts_at DESC, id DESC) order. */
  after?: { startsAt: Date; id: number };
  limit: number;
}

/** Newest start first; `q` matches any language of the title (case- and accent-insensitive). */
export async function listEvents(db: DbOrTx, filter: EventListFilter): Promise<OrganizerEventRow[]> {
  const conditions: SQL[] = [inArray(events.organizerId, filter.organizerIds.length ? filter.organizerIds : [-1])];
  if (filter.publication) conditions.push(eq(events.publication, filter.publication));
  if (filter.eventStatus) conditions.push(eq(events.status, filter.eventStatus));
  if (filter.q) {
    conditions.push(sql`kuda_normalize(${events.title}::text) LIKE '%' || kuda_normalize(${filter.q}) || '%'`);
  }
  if (filter.from) conditions.push(gte(events.startsAt, filter.from));
  if (filter.until) conditions.push(lt(events.startsAt, filter.until));
  if (filter.after) {
    const { startsAt, id } = filter.after;
    conditions.push(or(lt(events.startsAt, startsAt), and(eq(events.startsAt, startsAt), lt(events.id, id)))!);
  }
  return db
    .select(eventColumns)
    .from(events)
    .where(and(...conditions))
    .orderBy(desc(events.startsAt), desc(events.id))
    .limit(filter.limit);
}

export async function insertEvent(db: DbOrTx, values: EventValues & Pick<typeof events.$inferInsert, 'slug' | 'title' | 'categoryId' | 'startsAt'>): Promise<number> {
  const [row] = await db.insert(events).values(values).returning({ id: events.id });
  return row!.id;
}

export async function updateEvent(db: DbOrTx, id: number, values: EventValues): Promise<void> {
  await db
    .update(events)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(events.id, id));
}

export async function tagIdsOf(db: DbOrTx, eventIds: number[]): Promise<{ eventId: number; tagId: number }[]> {
  if (!eventIds.length) return [];
  return db
    .select({ eventId: eventTags.eventId, tagId: eventTags.tagId })
    .from(eventTags)
    .where(inArray(eventTags.eventId, eventIds))
    .orderBy(asc(eventTags.tagId));
}

export async function replaceTags(db: DbOrTx, eventId: number, tagIds: number[]): Promise<void> {
  await db.delete(eventTags).where(eq(eventTags.eventId, eventId));
  if (tagIds.length) await db.insert(eventTags).values([...new Set(tagIds)].map((tagId) => ({ eventId, tagId })));
}

export async function settingsOf(db: DbOrTx, eventIds: number[]): Promise<SettingsRow[]> {
  if (!eventIds.length) return [];
  return db.select().from(eventReservationSettings).where(inArray(eventReservationSettings.eventId, eventIds));
}

/** Written explicitly: the insert trigger's defaults (mode by id parity) are never what the organizer chose. */
export async function upsertSettings(
  db: DbOrTx,
  eventId: number,
  settings: Pick<SettingsRow, 'mode' | 'capacity' | 'partyMin' | 'partyMax' | 'deadline' | 'waitlist'>,
): Promise<void> {
  await db
    .insert(eventReservationSettings)
    .values({ eventId, ...settings })
    .onConflictDoUpdate({ target: eventReservationSettings.eventId, set: { ...settings, updatedAt: sql`now()` } });
}

export async function imagesOf(db: DbOrTx, ids: string[]): Promise<ImageRow[]> {
  if (!ids.length) return [];
  return db
    .select(imageDisplayColumns)
    .from(images)
    .where(inArray(images.id, ids));
}

export async function insertHistory(
  db: DbOrTx,
  entry: { eventId: number; actorUserId: string | null; action: string; fromState?: string | null; toState?: string | null; message?: string | null; changes?: Record<string, unknown> },
): Promise<number> {
  const [row] = await db
    .insert(eventHistory)
    .values({
      eventId: entry.eventId,
      actorUserId: entry.actorUserId,
      action: entry.action,
      fromState: entry.fromState ?? null,
      toState: entry.toState ?? null,
      message: entry.message ?? null,
      changes: entry.changes ?? {},
    })
    .returning({ id: eventHistory.id });
  return row!.id;
}

// ---------------------------------------------------------------------------------------------------------
// What an event refers to
// ---------------------------------------------------------------------------------------------------------

export async function categoryExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  return Boolean(row);
}

export async function subcategoryCategory(db: DbOrTx, id: number): Promise<number | undefined> {
  const [row] = await db.select({ categoryId: subcategories.categoryId }).from(subcategories).where(eq(subcategories.id, id));
  return row?.categoryId;
}

export async function existingTagIds(db: DbOrTx, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  return (await db.select({ id: tags.id }).from(tags).where(inArray(tags.id, ids))).map((row) => row.id);
}

export async function venueOwner(db: DbOrTx, id: number): Promise<{ organizerId: number | null } | undefined> {
  const [row] = await db.select({ organizerId: venues.organizerId }).from(venues).where(eq(venues.id, id));
  return row;
}

export async function imageOwner(db: DbOrTx, id: string): Promise<{ organizerId: number | null } | undefined> {
  const [row] = await db.select({ organizerId: images.organizerId }).from(images).where(eq(images.id, id));
  return row;
}

export async function organizerTrusted(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ trusted: organizers.trusted }).from(organizers).where(eq(organizers.id, id));
  return row?.trusted ?? false;
}

export async function insertSeries(db: DbOrTx, values: { organizerId: number; rrule: string; exdates: string[] }): Promise<number> {
  const [row] = await db.insert(eventSeries).values(values).returning({ id: eventSeries.id });
  return row!.id;
}

/** Reservations whose holders must hear that the date moved: every one still open. */
export async function openReservationIds(db: DbOrTx, eventId: number): Promise<number[]> {
  const rows = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.eventId, eventId), inArray(reservations.status, ['pending', 'accepted', 'action_needed', 'waitlisted'])))
    .orderBy(asc(reservations.id));
  return rows.map((row) => row.id);
}

export type { LocalizedText };
