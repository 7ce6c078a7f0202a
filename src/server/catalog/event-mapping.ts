/**
 * Rows to the shared answer shapes (src/shared/schemas/catalog.ts), in the reader's language with the
 * DESIGN §3 fallback: cards, event and venue pages with their absolute URLs and JSON-LD.
 */
import { LOCALES, pickLocalized, type Locale, type LocalizedText } from '../../shared/locales';
import {
  eventPath,
  venuePath,
  type Alternate,
  type EventDetail,
  type EventPage,
  type EventPoint,
  type EventSummary,
  type Image,
  type SeriesDate,
  type VenueDetail,
} from '../../shared/schemas/catalog';
import type { EventImage, ImageVariant } from '../db/schema';
import { mediaUrl } from '../images/image-processing';
import { absoluteUrl, buildEventJsonLd, buildVenueJsonLd } from '../seo/json-ld';
import type { VenuePhotoRow } from '../organizer/organizer-venues-repository';
import type { CardNames } from './card-names';
import type * as repo from './catalog-repository';

/** A venue's name in the reader's language (`name_i18n`, DESIGN §3 fallback), else its display name. */
export function venueName(row: { name: string; nameI18n: LocalizedText | null }, locale: Locale): string {
  return pickLocalized(row.nameI18n, locale) || row.name;
}

/** An uploaded image once ready: every derivative, the largest full JPEG as `url`; undefined before that. */
export function readyImage(
  image: { variants: ImageVariant[] | null; dominantColor: string | null; placeholder: string | null },
  alt: string,
): Image | undefined {
  const variants = image.variants ?? [];
  const fullJpegs = variants.filter((variant) => variant.format === 'jpeg' && variant.crop === 'full').sort((a, b) => a.width - b.width);
  const largest = fullJpegs.at(-1);
  if (!largest) return undefined;
  return {
    url: mediaUrl(largest),
    width: largest.width,
    height: largest.height,
    alt,
    variants: variants.map((variant) => ({
      url: mediaUrl(variant),
      format: variant.format,
      width: variant.width,
      height: variant.height,
      crop: variant.crop,
    })),
    dominant_color: image.dominantColor,
    placeholder: image.placeholder,
  };
}

/**
 * The event's picture: its uploaded image once ready, else the first demo artwork. Alt text falls back as
 * the title does, then to the title itself.
 */
function eventImages(
  row: repo.UploadedImageColumns & { images: EventImage[]; sourceLocale: Locale },
  locale: Locale,
  title: string,
): Image[] {
  const uploaded =
    row.imageWidth !== null && row.imageHeight !== null
      ? readyImage(
          { variants: row.imageVariants, dominantColor: row.imageDominantColor, placeholder: row.imagePlaceholder },
          pickLocalized(row.imageAlt, locale, row.sourceLocale) || title,
        )
      : undefined;
  if (uploaded) return [uploaded];
  return row.images.map((image) => ({
    url: image.url,
    width: image.width,
    height: image.height,
    alt: pickLocalized(image.alt, locale, row.sourceLocale) || title,
  }));
}

/** Postponed or rescheduled: the date it had before (not for a date that was never moved). */
function previousStart(row: { status: EventSummary['status']; previousStartsAt: Date | null }): string | null {
  return row.previousStartsAt && (row.status === 'postponed' || row.status === 'rescheduled') ? row.previousStartsAt.toISOString() : null;
}

/** What an event's summary and its detail say alike: its name, dates, state and category. */
function eventHead(
  row: Pick<repo.EventSummaryRow, 'slug' | 'startsAt' | 'endsAt' | 'timeZone' | 'status' | 'attendanceMode' | 'categoryId'>,
  category: { slug: string; name: LocalizedText },
  title: string,
  locale: Locale,
) {
  return {
    slug: row.slug,
    title,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt ? row.endsAt.toISOString() : null,
    time_zone: row.timeZone,
    status: row.status,
    attendance_mode: row.attendanceMode,
    category: { id: row.categoryId, slug: category.slug, name: pickLocalized(category.name, locale) },
  };
}

/** A card: the row in the reader's language, its category and city named from `names` (card-names.ts). */
export function toEventSummary(row: repo.EventSummaryRow, locale: Locale, names: CardNames): EventSummary {
  const title = pickLocalized(row.title, locale, row.sourceLocale);
  const image = eventImages(row, locale, title)[0];
  const category = names.category(row.categoryId);
  const city = row.venueCityId === null ? undefined : names.city(row.venueCityId);
  return {
    id: Number(row.id),
    ...eventHead(row, category ?? { slug: '', name: {} }, title, locale),
    venue:
      row.venueId !== null && row.venueSlug && row.venueName
        ? {
            id: row.venueId,
            slug: row.venueSlug,
            name: venueName({ name: row.venueName, nameI18n: row.venueNameI18n }, locale),
            locality: row.venueLocality ?? '',
            lat: row.venueLat ?? undefined,
            lng: row.venueLng ?? undefined,
            city: { slug: city?.slug ?? '', name: pickLocalized(city?.name, locale) },
          }
        : null,
    image: image ?? null,
    price: { min: row.priceMin, max: row.priceMax, currency: row.currency },
    is_free: isFreePrice(row.priceMax),
    reservable: row.reservable,
    date_tba: row.dateTba,
    previous_starts_at: previousStart(row),
    series_id: row.seriesId === null ? null : Number(row.seriesId),
    more_dates: Number(row.moreDates ?? 0),
    // Metres in the row (an exact keyset value); kilometres with metre precision on the wire.
    distance_km: row.distanceMetres === undefined || row.distanceMetres === null ? null : Number(row.distanceMetres) / 1000,
  };
}

type EventPointRow = Awaited<ReturnType<typeof repo.listEventPoints>>[number];

export function toEventPoint(row: EventPointRow, locale: Locale): EventPoint {
  return {
    id: Number(row.id),
    slug: row.slug,
    title: pickLocalized(row.title, locale, row.sourceLocale),
    starts_at: row.startsAt.toISOString(),
    lat: row.lat,
    lng: row.lng,
    category_icon: row.categoryIcon,
  };
}

/**
 * A top price of 0 is free; no top price (null) is a price not announced yet, which is not free: a
 * reader who filters for free events must not be sent to one that turns out to cost money.
 */
export function isFreePrice(priceMax: number | null): boolean {
  return priceMax === 0;
}

/** An OpenStreetMap link centred on the venue. */
export function mapUrl(lat: number, lng: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
}

/** The page in every language, and `x-default` (the Serbian page). */
export function alternates(origin: string, pathFor: (locale: Locale) => string): Alternate[] {
  return [
    ...LOCALES.map((locale) => ({ hreflang: locale, href: absoluteUrl(origin, pathFor(locale)) })),
    { hreflang: 'x-default', href: absoluteUrl(origin, pathFor('sr')) },
  ];
}

type SeriesDateRow = Awaited<ReturnType<typeof repo.listSeriesDates>>[number];

export function toEventDetail({
  row,
  locale,
  origin,
  seriesDates = [],
}: {
  row: repo.EventDetailRow;
  locale: Locale;
  origin: string;
  seriesDates?: SeriesDateRow[];
}): EventDetail {
  const title = pickLocalized(row.title, locale, row.sourceLocale);
  const images = eventImages(row, locale, title);
  const path = eventPath(locale, row);
  const venue =
    row.venueId !== null && row.venueSlug && row.venueName
      ? {
          id: row.venueId,
          slug: row.venueSlug,
          name: venueName({ name: row.venueName, nameI18n: row.venueNameI18n }, locale),
          locality: row.venueLocality ?? '',
          street_address: row.venueStreet ?? '',
          postal_code: row.venuePostalCode ?? '',
          country: row.venueCountry ?? 'RS',
          lat: row.venueLat ?? 0,
          lng: row.venueLng ?? 0,
          website: row.venueWebsite,
          city: { slug: row.citySlug ?? '', name: pickLocalized(row.cityName, locale) },
          map_url: mapUrl(row.venueLat ?? 0, row.venueLng ?? 0),
        }
      : null;
  const isFree = isFreePrice(row.priceMax);
  // Without a top price the price is not announced: no low price either (it would read as "from X").
  const announced = row.priceMax !== null;
  const detail: Omit<EventDetail, 'json_ld'> = {
    id: row.id,
    ...eventHead(row, { slug: row.categorySlug, name: row.categoryName }, title, locale),
    venue,
    image: images[0] ?? null,
    price: { min: row.priceMin, max: row.priceMax, currency: row.currency },
    is_free: isFree,
    reservable: row.reservable,
    date_tba: row.dateTba,
    previous_starts_at: previousStart(row),
    series_id: row.seriesId,
    more_dates: seriesDates.filter((date) => date.startsAt > row.startsAt).length,
    summary: pickLocalized(row.summary, locale, row.sourceLocale),
    description: pickLocalized(row.description, locale, row.sourceLocale),
    series_dates: seriesDates.map(
      (date): SeriesDate => ({
        id: Number(date.id),
        slug: date.slug,
        starts_at: date.startsAt.toISOString(),
        time_zone: date.timeZone,
        status: date.status,
        path: eventPath(locale, { id: Number(date.id), slug: date.slug }),
      }),
    ),
    images,
    subcategory:
      row.subcategoryId !== null && row.subcategorySlug
        ? { id: row.subcategoryId, slug: row.subcategorySlug, name: pickLocalized(row.subcategoryName, locale) }
        : null,
    tags: row.tags.map((tag) => ({ id: tag.id, slug: tag.slug, name: pickLocalized(tag.name, locale) })),
    organizer: row.organizerId !== null && row.organizerName ? { id: row.organizerId, name: row.organizerName, website: row.organizerWebsite, slug: row.organizerSlug ?? '' } : null,
    performers: row.performers.map((performer) => ({ name: performer.name, type: performer.type })),
    offers: {
      currency: row.currency,
      low_price: announced ? (row.priceMin ?? row.priceMax) : null,
      high_price: announced ? row.priceMax : null,
      offer_count: row.offerCount,
      is_free: isFree,
    },
    online_url: row.onlineUrl,
    updated_at: row.updatedAt.toISOString(),
    path,
    canonical_url: absoluteUrl(origin, path),
    alternates: alternates(origin, (lang) => eventPath(lang, row)),
  };
  return { ...detail, json_ld: buildEventJsonLd(detail, { origin, locale }) };
}

type VenueRow = NonNullable<Awaited<ReturnType<typeof repo.findVenue>>>;
type VenuePhoto = Pick<VenuePhotoRow, 'alt' | 'variants' | 'dominantColor' | 'placeholder'>;

export function toVenueDetail({
  row,
  locale,
  origin,
  page,
  photos = [],
}: {
  row: VenueRow;
  locale: Locale;
  origin: string;
  page: EventPage;
  /** The ready photos in order; a photo without a description is described by the venue's name. */
  photos?: readonly VenuePhoto[];
}): VenueDetail {
  const path = venuePath(locale, row);
  const venue = {
    id: row.id,
    slug: row.slug,
    name: venueName(row, locale),
    locality: row.locality,
    street_address: row.streetAddress,
    postal_code: row.postalCode,
    country: row.country,
    lat: row.lat,
    lng: row.lng,
    website: row.website,
    city: { slug: row.citySlug, name: pickLocalized(row.cityName, locale) },
    map_url: mapUrl(row.lat, row.lng),
    description: pickLocalized(row.description, locale),
  };
  const canonicalUrl = absoluteUrl(origin, path);
  const images = photos.flatMap((photo) => readyImage(photo, pickLocalized(photo.alt, locale) || venue.name) ?? []);
  return {
    venue,
    images,
    events: page.items,
    next_cursor: page.next_cursor,
    path,
    canonical_url: canonicalUrl,
    alternates: alternates(origin, (lang) => venuePath(lang, row)),
    json_ld: buildVenueJsonLd(venue, { canonicalUrl, images: images.map((image) => absoluteUrl(origin, image.url)) }),
  };
}
