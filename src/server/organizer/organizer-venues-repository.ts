import { and, asc, eq, inArray, like, or } from 'drizzle-orm';
import type { LocalizedText } from '../../shared/locales';
import type { DbOrTx } from '../db/client';
import { cities, images, venueImages, venues } from '../db/schema';
import { publicImageColumns } from '../images/image-columns';

/** The organizer's venues: only the columns the workspace shows. */
const venueColumns = {
  id: venues.id,
  slug: venues.slug,
  name: venues.name,
  nameI18n: venues.nameI18n,
  streetAddress: venues.streetAddress,
  citySlug: cities.slug,
  lat: venues.lat,
  lng: venues.lng,
  accessibility: venues.accessibility,
  capacity: venues.capacity,
};

export async function venuesOf(db: DbOrTx, organizerId: number) {
  return db
    .select(venueColumns)
    .from(venues)
    .innerJoin(cities, eq(cities.id, venues.cityId))
    .where(eq(venues.organizerId, organizerId))
    .orderBy(asc(venues.name), asc(venues.id));
}

export async function findVenue(db: DbOrTx, id: number) {
  const [row] = await db.select(venueColumns).from(venues).innerJoin(cities, eq(cities.id, venues.cityId)).where(eq(venues.id, id));
  return row;
}

export async function findCity(db: DbOrTx, slug: string): Promise<{ id: number; name: LocalizedText } | undefined> {
  const [row] = await db.select({ id: cities.id, name: cities.name }).from(cities).where(eq(cities.slug, slug));
  return row;
}

export type VenueRow = Awaited<ReturnType<typeof venuesOf>>[number];

/** Slugs equal to `base` or `base-<suffix>`, to pick the first free one. */
export async function slugsLike(db: DbOrTx, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: venues.slug })
    .from(venues)
    .where(or(eq(venues.slug, base), like(venues.slug, `${base}-%`)));
  return rows.map((row) => row.slug);
}

export interface VenueValues {
  slug?: string;
  cityId?: number;
  name?: string;
  nameI18n?: LocalizedText;
  streetAddress?: string;
  postalCode?: string;
  locality?: string;
  lat?: number;
  lng?: number;
  accessibility?: string | null;
  capacity?: number | null;
}

export async function insertVenue(db: DbOrTx, organizerId: number, values: Required<VenueValues>): Promise<number> {
  const [row] = await db
    .insert(venues)
    .values({ ...values, organizerId })
    .returning({ id: venues.id });
  return row!.id;
}

export async function updateVenue(db: DbOrTx, id: number, organizerId: number, values: VenueValues): Promise<void> {
  await db
    .update(venues)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(venues.id, id), eq(venues.organizerId, organizerId)));
}

/**
 * The photos of these venues, each venue's in order; `ready` keeps only those with their derivatives (the
 * public page), the workspace sees every upload (a photo still processing, or failed, with its status).
 */
export async function photosOf(db: DbOrTx, venueIds: readonly number[], options: { ready?: boolean } = {}) {
  if (venueIds.length === 0) return [];
  return db
    .select({
      venueId: venueImages.venueId,
      ...publicImageColumns,
    })
    .from(venueImages)
    .innerJoin(images, eq(images.id, venueImages.imageId))
    .where(and(inArray(venueImages.venueId, [...venueIds]), options.ready ? eq(images.status, 'ready') : undefined))
    .orderBy(asc(venueImages.venueId), asc(venueImages.position));
}
export type VenuePhotoRow = Awaited<ReturnType<typeof photosOf>>[number];

/** The organizer each of these images was uploaded by (an id that names no image is left out). */
export async function imageOrganizers(db: DbOrTx, imageIds: readonly string[]) {
  if (imageIds.length === 0) return [];
  return db.select({ id: images.id, organizerId: images.organizerId }).from(images).where(inArray(images.id, [...imageIds]));
}

/** The venue's photos become exactly these, in this order. */
export async function replacePhotos(db: DbOrTx, venueId: number, imageIds: readonly string[]): Promise<void> {
  await db.delete(venueImages).where(eq(venueImages.venueId, venueId));
  if (imageIds.length === 0) return;
  await db.insert(venueImages).values(imageIds.map((imageId, position) => ({ venueId, imageId, position })));
}
