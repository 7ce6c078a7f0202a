import { LOCALES, type Locale, type LocalizedText } from '../../shared/locales';
import type { OrganizerVenue, VenueInputSchema, VenuePatchSchema } from '../../shared/schemas/organizer-venues';
import { venuePath } from '../../shared/paths';
import { serbianToLatin } from '../../shared/serbian-latin';
import { slugify } from '../../shared/slug';
import type { z } from '../../shared/schemas/zod';
import type { Db, DbOrTx } from '../db/client';
import { invalidField, notFound } from '../lib/errors';
import { toUploadedImage } from '../images/images-service';
import { recordActivity, requireOrganizerRole, requireOrganizerRoleFor, type OrganizerAccess } from './organizer-access';
import * as repo from './organizer-venues-repository';

type VenueInput = z.infer<typeof VenueInputSchema>;
type VenuePatch = z.infer<typeof VenuePatchSchema>;

/** The written names only (an empty string means "not written"). */
function writtenNames(name: VenueInput['name']): LocalizedText {
  const out: LocalizedText = {};
  for (const locale of LOCALES) {
    const value = name[locale]?.trim();
    if (value) out[locale] = value;
  }
  return out;
}

/** The display name (`venues.name`, read by the public page and search): Serbian in Latin, else the first written. */
export function displayName(names: LocalizedText): string {
  if (names.sr) return serbianToLatin(names.sr);
  return LOCALES.map((locale) => names[locale]).find(Boolean) ?? '';
}

/** ASCII from the name; `-2`, `-3`, … when taken. */
export function freeSlug(base: string, taken: readonly string[]): string {
  const root = base || 'venue';
  if (!taken.includes(root)) return root;
  for (let suffix = 2; ; suffix++) if (!taken.includes(`${root}-${suffix}`)) return `${root}-${suffix}`;
}

/**
 * The organizer's venues (issue 9): reads need `read`, writes `venues`; every write and its activity entry
 * in one transaction, then the catalogue caches are dropped so the public venue page shows the change.
 */
export class OrganizerVenuesService {
  constructor(private readonly deps: { db: Db; onVenueChanged?: () => void }) {}

  async list(input: { userId: string; locale: Locale }): Promise<{ items: OrganizerVenue[] }> {
    const access = await requireOrganizerRole(this.deps.db, {
      userId: input.userId,
      capability: 'read',
    });
    const rows = await repo.venuesOf(this.deps.db, access.organizerId);
    const photos = await repo.photosOf(this.deps.db, rows.map((row) => row.id));
    return { items: rows.map((row) => toVenue(row, photos, input.locale)) };
  }

  async get(input: { userId: string; venueId: number; locale: Locale }): Promise<OrganizerVenue> {
    await requireOrganizerRoleFor(this.deps.db, {
      userId: input.userId,
      capability: 'read',
      target: { type: 'venue', id: input.venueId },
    });
    return this.answer(input.venueId, input.locale);
  }

  async create(input: { userId: string; venue: VenueInput; locale: Locale }): Promise<OrganizerVenue> {
    const access = await requireOrganizerRole(this.deps.db, {
      userId: input.userId,
      capability: 'venues',
    });
    const city = await this.city(input.venue.city);
    const imageIds = await this.photosOfOrganizer(access, input.venue.image_ids);
    const names = writtenNames(input.venue.name);
    const name = displayName(names);
    const id = await this.deps.db.transaction(async (tx) => {
      const base = slugify(name);
      const slug = freeSlug(base, await repo.slugsLike(tx, base || 'venue'));
      const venueId = await repo.insertVenue(tx, access.organizerId, {
        slug,
        cityId: city.id,
        name,
        nameI18n: names,
        streetAddress: input.venue.address,
        postalCode: '',
        locality: city.locality,
        lat: input.venue.lat,
        lng: input.venue.lng,
        accessibility: input.venue.accessibility ?? null,
        capacity: input.venue.capacity ?? null,
      });
      if (imageIds?.length) await repo.replacePhotos(tx, venueId, imageIds);
      await recordActivity(tx, {
        access,
        action: 'venue.created',
        targetType: 'venue',
        targetId: venueId,
        details: { name },
      });
      return venueId;
    });
    this.deps.onVenueChanged?.();
    return this.answer(id, input.locale);
  }

  async update(input: { userId: string; venueId: number; patch: VenuePatch; locale: Locale }): Promise<OrganizerVenue> {
    const access = await requireOrganizerRoleFor(this.deps.db, {
      userId: input.userId,
      capability: 'venues',
      target: { type: 'venue', id: input.venueId },
    });
    const { patch } = input;
    const values: repo.VenueValues = {};
    if (patch.name !== undefined) {
      values.nameI18n = writtenNames(patch.name);
      values.name = displayName(values.nameI18n);
    }
    if (patch.city !== undefined) {
      const city = await this.city(patch.city);
      values.cityId = city.id;
      values.locality = city.locality;
    }
    if (patch.address !== undefined) values.streetAddress = patch.address;
    if (patch.lat !== undefined) values.lat = patch.lat;
    if (patch.lng !== undefined) values.lng = patch.lng;
    if (patch.accessibility !== undefined) values.accessibility = patch.accessibility;
    if (patch.capacity !== undefined) values.capacity = patch.capacity;
    const imageIds = await this.photosOfOrganizer(access, patch.image_ids);
    await this.deps.db.transaction(async (tx) => {
      await repo.updateVenue(tx, input.venueId, access.organizerId, values);
      if (imageIds) await repo.replacePhotos(tx, input.venueId, imageIds);
      await recordActivity(tx, {
        access,
        action: 'venue.updated',
        targetType: 'venue',
        targetId: input.venueId,
        details: { fields: Object.keys(patch) },
      });
    });
    this.deps.onVenueChanged?.();
    return this.answer(input.venueId, input.locale);
  }

  /** A city of the `cities` table by slug; its Serbian name is the venue's locality. */
  private async city(slug: string): Promise<{ id: number; locality: string }> {
    const city = await repo.findCity(this.deps.db, slug);
    if (!city) throw invalidField('city', 'field.unknown_value');
    return {
      id: city.id,
      locality: serbianToLatin(city.name.sr ?? city.name.en ?? slug),
    };
  }

  /**
   * The photo ids as the database spells them (lower case), each an upload of this organizer; another
   * organizer's image, or an id that names none, is a 400 on `image_ids`. Undefined when not sent.
   */
  private async photosOfOrganizer(access: OrganizerAccess, ids: readonly string[] | undefined): Promise<string[] | undefined> {
    if (!ids) return undefined;
    const wanted = ids.map((id) => id.toLowerCase());
    const owners = new Map((await repo.imageOrganizers(this.deps.db, wanted)).map((image) => [image.id, image.organizerId]));
    if (wanted.some((id) => owners.get(id) !== access.organizerId)) throw invalidField('image_ids', 'field.invalid');
    return wanted;
  }

  private async answer(id: number, locale: Locale): Promise<OrganizerVenue> {
    const row = await this.load(this.deps.db, id);
    return toVenue(row, await repo.photosOf(this.deps.db, [id]), locale);
  }

  private async load(db: DbOrTx, id: number): Promise<repo.VenueRow> {
    const row = await repo.findVenue(db, id);
    if (!row) throw notFound('venue_not_found');
    return row;
  }
}

function toVenue(row: repo.VenueRow, photos: readonly repo.VenuePhotoRow[], locale: Locale): OrganizerVenue {
  return {
    id: row.id,
    slug: row.slug,
    name: row.nameI18n as Record<string, string>,
    display_name: row.name,
    address: row.streetAddress,
    city: row.citySlug,
    lat: row.lat,
    lng: row.lng,
    accessibility: row.accessibility,
    capacity: row.capacity,
    images: photos.filter((photo) => photo.venueId === row.id).map(toUploadedImage),
    url: venuePath(locale, row),
  };
}
