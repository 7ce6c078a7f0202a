import { and, asc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Locale, LocalizedText } from '../../shared/locales';
import type { DbOrTx } from '../db/client';
import { categories, cities, events, images, organizers, subcategories, venues } from '../db/schema';
import { readyImage, uploadedImageColumns, type UploadedImageColumns } from './catalog-repository-columns';

/** One event's page: its detail row, whether it was removed, its series' other dates. */

export interface EventDetailRow extends UploadedImageColumns {
  id: number;
  slug: string;
  title: LocalizedText;
  summary: LocalizedText;
  description: LocalizedText;
  sourceLocale: Locale;
  startsAt: Date;
  endsAt: Date | null;
  updatedAt: Date;
  timeZone: string;
  status: (typeof events.status.enumValues)[number];
  dateTba: boolean;
  previousStartsAt: Date | null;
  seriesId: number | null;
  attendanceMode: (typeof events.attendanceMode.enumValues)[number];
  onlineUrl: string | null;
  images: (typeof events.$inferSelect)['images'];
  performers: (typeof events.$inferSelect)['performers'];
  currency: string;
  priceMin: number | null;
  priceMax: number | null;
  offerCount: number;
  reservable: boolean;
  categoryId: number;
  categorySlug: string;
  categoryName: LocalizedText;
  subcategoryId: number | null;
  subcategorySlug: string | null;
  subcategoryName: LocalizedText | null;
  venueId: number | null;
  venueSlug: string | null;
  venueName: string | null;
  venueNameI18n: LocalizedText | null;
  venueLocality: string | null;
  venueStreet: string | null;
  venuePostalCode: string | null;
  venueCountry: string | null;
  venueLat: number | null;
  venueLng: number | null;
  venueWebsite: string | null;
  citySlug: string | null;
  cityName: LocalizedText | null;
  organizerId: number | null;
  organizerName: string | null;
  organizerWebsite: string | null;
  organizerSlug: string | null;
  tags: { id: number; slug: string; name: LocalizedText }[];
}

/** One published event with everything its page shows, in one query (tags aggregated in a subquery). */
export async function findEventDetail(db: DbOrTx, id: number): Promise<EventDetailRow | undefined> {
  const [row] = await db
    .select({
      id: events.id,
      slug: events.slug,
      title: events.title,
      summary: events.summary,
      description: events.description,
      sourceLocale: events.sourceLocale,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      updatedAt: events.updatedAt,
      timeZone: events.timeZone,
      status: events.status,
      dateTba: events.dateTba,
      previousStartsAt: events.previousStartsAt,
      seriesId: events.seriesId,
      attendanceMode: events.attendanceMode,
      onlineUrl: events.onlineUrl,
      images: events.images,
      ...uploadedImageColumns,
      performers: events.performers,
      currency: events.currency,
      priceMin: events.priceMin,
      priceMax: events.priceMax,
      offerCount: events.offerCount,
      reservable: events.reservable,
      categoryId: categories.id,
      categorySlug: categories.slug,
      categoryName: categories.name,
      subcategoryId: subcategories.id,
      subcategorySlug: subcategories.slug,
      subcategoryName: subcategories.name,
      venueId: venues.id,
      venueSlug: venues.slug,
      venueName: venues.name,
      venueNameI18n: venues.nameI18n,
      venueLocality: venues.locality,
      venueStreet: venues.streetAddress,
      venuePostalCode: venues.postalCode,
      venueCountry: venues.country,
      venueLat: venues.lat,
      venueLng: venues.lng,
      venueWebsite: venues.website,
      citySlug: cities.slug,
      cityName: cities.name,
      organizerId: organizers.id,
      organizerName: organizers.name,
      organizerWebsite: organizers.website,
      organizerSlug: organizers.slug,
      tags: sql<EventDetailRow['tags']>`(
        SELECT coalesce(json_agg(json_build_object('id', t.id, 'slug', t.slug, 'name', t.name) ORDER BY t.position, t.id), '[]'::json)
        FROM event_tags et JOIN tags t ON t.id = et.tag_id WHERE et.event_id = ${events.id})`,
    })
    .from(events)
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .leftJoin(subcategories, eq(subcategories.id, events.subcategoryId))
    .leftJoin(venues, eq(venues.id, events.venueId))
    .leftJoin(cities, eq(cities.id, venues.cityId))
    .leftJoin(organizers, eq(organizers.id, events.organizerId))
    .leftJoin(images, readyImage)
    .where(and(eq(events.id, id), eq(events.published, true)))
    .limit(1);
  if (!row) return undefined;
  const tagList = typeof row.tags === 'string' ? (JSON.parse(row.tags) as EventDetailRow['tags']) : row.tags;
  return { ...row, id: Number(row.id), seriesId: row.seriesId === null ? null : Number(row.seriesId), tags: tagList };
}

/** An event the admin took off the site after a report (reports-service.ts): its page answers 410. */
export async function isEventRemoved(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, id), isNotNull(events.removedAt)));
  return Boolean(row);
}

/** The upcoming published dates of a series but one (the page being shown), in date order. */
export function listSeriesDates(db: DbOrTx, input: { seriesId: number; exceptId: number; from: Date; limit: number }) {
  return db
    .select({ id: events.id, slug: events.slug, startsAt: events.startsAt, timeZone: events.timeZone, status: events.status })
    .from(events)
    .where(
      and(
        eq(events.seriesId, input.seriesId),
        eq(events.published, true),
        gte(events.startsAt, input.from),
        sql`${events.id} <> ${input.exceptId}`,
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(input.limit);
}

// Taxonomy, venue and sitemap reads: one repository for the catalogue service, written in two files.
