import type { Locale } from '../../shared/locales';
import type { AttendanceMode, EventDetail, EventStatus, Image, VenueDetail } from '../../shared/schemas/catalog';
import { toZonedIso } from '../../shared/zoned-time';

/**
 * schema.org descriptions for search engines (spec §1, DESIGN §5). Built on the server from the same data
 * the page shows, so the JSON-LD and the visible page never disagree.
 */

const STATUS: Record<EventStatus, string> = {
  scheduled: 'https://schema.org/EventScheduled',
  cancelled: 'https://schema.org/EventCancelled',
  postponed: 'https://schema.org/EventPostponed',
  rescheduled: 'https://schema.org/EventRescheduled',
  moved_online: 'https://schema.org/EventMovedOnline',
};

const ATTENDANCE: Record<AttendanceMode, string> = {
  offline: 'https://schema.org/OfflineEventAttendanceMode',
  online: 'https://schema.org/OnlineEventAttendanceMode',
  mixed: 'https://schema.org/MixedEventAttendanceMode',
};

export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : new URL(pathOrUrl, `${origin}/`).toString();
}

/** Minor units (DESIGN §3) to the decimal amount schema.org expects. */
export function majorUnits(minor: number): number {
  return Math.round(minor) / 100;
}

export type EventJsonLdInput = Omit<EventDetail, 'json_ld'>;

/**
 * The picture for link previews and search results: an uploaded image's 1200×630 `social` crop (JPEG),
 * else its largest JPEG; demo artwork is already 1200×630 and is used as it is.
 */
export function socialImage(image: Image): Image {
  const jpegs = (image.variants ?? []).filter((variant) => variant.format === 'jpeg');
  const social = jpegs.find((variant) => variant.crop === 'social');
  return social ? { ...image, url: social.url, width: social.width, height: social.height } : image;
}

type PlaceFields = Pick<VenueDetail['venue'], 'name' | 'street_address' | 'locality' | 'postal_code' | 'country' | 'lat' | 'lng'>;

/** A venue as a schema.org Place: its name, postal address and coordinates. */
function placeOf(venue: PlaceFields) {
  return {
    '@type': 'Place',
    name: venue.name,
    address: {
      '@type': 'PostalAddress',
      streetAddress: venue.street_address,
      addressLocality: venue.locality,
      postalCode: venue.postal_code,
      addressCountry: venue.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: venue.lat, longitude: venue.lng },
  };
}

function place(event: EventJsonLdInput) {
  return event.venue ? placeOf(event.venue) : undefined;
}

function virtualLocation(event: EventJsonLdInput) {
  return { '@type': 'VirtualLocation', url: event.online_url ?? event.canonical_url };
}

/** Place for offline events, VirtualLocation for online ones (and for events moved online), both when mixed. */
function location(event: EventJsonLdInput) {
  const physical = place(event);
  const online = event.attendance_mode === 'online' || event.status === 'moved_online';
  if (online || !physical) return virtualLocation(event);
  if (event.attendance_mode === 'mixed') return [physical, virtualLocation(event)];
  return physical;
}

/**
 * The date an event had before it was moved, when it has a new one: a postponed event whose new date is
 * still to be announced keeps its original date as `startDate` and has no previous one (Google's
 * guidance for EventPostponed); once the new date is known it reads as rescheduled.
 */
function movedFrom(event: EventJsonLdInput): string | null {
  if (event.date_tba || !event.previous_starts_at || event.previous_starts_at === event.starts_at) return null;
  return event.previous_starts_at;
}

function eventStatus(event: EventJsonLdInput): string {
  return STATUS[event.status === 'postponed' && movedFrom(event) ? 'rescheduled' : event.status];
}

export function buildEventJsonLd(event: EventJsonLdInput, input: { origin: string; locale: Locale }): Record<string, unknown> {
  const { offers } = event;
  const seller = event.organizer?.name ?? event.venue?.name ?? 'Kuda';
  const organizer = event.organizer
    ? { '@type': 'Organization', name: event.organizer.name, ...(event.organizer.website ? { url: event.organizer.website } : {}) }
    : event.venue
      ? { '@type': 'Organization', name: event.venue.name, ...(event.venue.website ? { url: event.venue.website } : {}) }
      : undefined;
  // A price not announced (null) is never written as 0: without one, the event has no offers here.
  const low = offers.is_free ? 0 : offers.low_price;
  const high = offers.is_free ? 0 : offers.high_price;
  const previous = movedFrom(event);
  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: event.description || event.title,
    url: event.canonical_url,
    inLanguage: input.locale,
    startDate: toZonedIso(new Date(event.starts_at), event.time_zone),
    ...(event.ends_at ? { endDate: toZonedIso(new Date(event.ends_at), event.time_zone) } : {}),
    eventStatus: eventStatus(event),
    ...(previous ? { previousStartDate: toZonedIso(new Date(previous), event.time_zone) } : {}),
    eventAttendanceMode: ATTENDANCE[event.status === 'moved_online' ? 'online' : event.attendance_mode],
    location: location(event),
    image: event.images.map((image) => absoluteUrl(input.origin, socialImage(image).url)),
    ...(low !== null && high !== null
      ? {
          offers: {
            '@type': 'AggregateOffer',
            url: event.canonical_url,
            priceCurrency: offers.currency,
            lowPrice: majorUnits(low),
            highPrice: majorUnits(high),
            offerCount: offers.offer_count,
            ...(event.status === 'cancelled' ? {} : { availability: 'https://schema.org/InStock' }),
            seller: { '@type': 'Organization', name: seller },
          },
        }
      : {}),
    performer: event.performers.map((performer) => ({ '@type': performer.type, name: performer.name })),
    ...(organizer ? { organizer } : {}),
  };
  return jsonLd;
}

export function buildVenueJsonLd(venue: VenueDetail['venue'], input: { canonicalUrl: string; images?: string[] }): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    ...placeOf(venue),
    url: input.canonicalUrl,
    ...(input.images?.length ? { image: input.images } : {}),
    ...(venue.description ? { description: venue.description } : {}),
    ...(venue.website ? { sameAs: venue.website } : {}),
  };
}
