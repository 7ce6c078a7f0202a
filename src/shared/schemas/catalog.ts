import { MAX_PAGE_SIZE, MAX_QUERY_LENGTH, MAX_RADIUS_KM } from '../catalog-limits';
import { EventCursorSchema, IdSchema, SearchCursorSchema } from './common';
import { ImageVariantSchema } from './organizer-workspace';
import { singleLineText, z } from './zod';

/**
 * Discovery contract shared by the server (routes validate and serialise with these schemas, services
 * return their types) and the web (route loaders call the catalog service in-process; the browser calls
 * the API). Names here are stable: add, never rename.
 */

export const EventStatusSchema = z.enum(['scheduled', 'cancelled', 'postponed', 'rescheduled', 'moved_online']);
export type EventStatus = z.infer<typeof EventStatusSchema>;
export const AttendanceModeSchema = z.enum(['offline', 'online', 'mixed']);
export type AttendanceMode = z.infer<typeof AttendanceModeSchema>;

export const SubcategorySchema = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });
export type Subcategory = z.infer<typeof SubcategorySchema>;
export const CategorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  icon: z.string(),
  subcategories: z.array(SubcategorySchema),
});
export const CategoryTreeSchema = z.object({ items: z.array(CategorySchema) });
export type Category = z.infer<typeof CategorySchema>;

export const TagSchema = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });
export const TagListSchema = z.object({ items: z.array(TagSchema) });
export type Tag = z.infer<typeof TagSchema>;

/**
 * An event's picture. `url`, `width` and `height` are the picture itself (the largest JPEG of an uploaded
 * image, or the demo artwork); an uploaded image adds its derivatives (`variants`: AVIF/WebP/JPEG per width,
 * `full`, 16:9 `card` and 1200×630 `social` crops) with its dominant colour and tiny placeholder, which
 * the pages draw with `<picture>`. Demo artwork has no variants.
 */
export const ImageSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
  variants: z.array(ImageVariantSchema).optional(),
  dominant_color: z.string().nullable().optional(),
  placeholder: z.string().nullable().optional(),
});
export type Image = z.infer<typeof ImageSchema>;

/** Prices are integer minor units (DESIGN §3): 150000 RSD-minor = 1 500,00 RSD. `null` = not announced. */
export const PriceSchema = z.object({
  min: z.number().int().nullable(),
  max: z.number().int().nullable(),
  currency: z.string(),
});

/** The short venue shown on cards and in search results. */
export const VenueSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  locality: z.string(),
  /** Where it is, so a map can place the card (always on event cards; search's venue matches leave it out). */
  lat: z.number().optional(),
  lng: z.number().optional(),
  /** The city the venue is in (a city of GET /cities), named in the reader's language: cards show it beside the venue. */
  city: z.object({ slug: z.string(), name: z.string() }),
});
export type VenueSummary = z.infer<typeof VenueSummarySchema>;

export const EventSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  time_zone: z.string(),
  status: EventStatusSchema,
  attendance_mode: AttendanceModeSchema,
  category: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
  venue: VenueSummarySchema.nullable(),
  image: ImageSchema.nullable(),
  price: PriceSchema,
  is_free: z.boolean(),
  reservable: z.boolean(),
  /** Postponed with the new date still to be announced (`starts_at` is then the old date). */
  date_tba: z.boolean(),
  /** The date it had before it was moved (status `rescheduled`, or `postponed`), else null. */
  previous_starts_at: z.string().nullable(),
  /** Part of a series: listings show the series once, at its next date, with how many later dates it has. */
  series_id: z.number().int().nullable(),
  more_dates: z.number().int(),
  /** Kilometres from the listing's `near` point to the venue; null without `near` (absent outside listings). */
  distance_km: z.number().nullable().optional(),
});
export type EventSummary = z.infer<typeof EventSummarySchema>;

export const EventPageSchema = z.object({ items: z.array(EventSummarySchema), next_cursor: z.string().nullable() });
export type EventPage = z.infer<typeof EventPageSchema>;

export const HomeRowSchema = z.object({
  category: z.object({ id: z.number().int(), slug: z.string(), name: z.string(), icon: z.string() }),
  events: z.array(EventSummarySchema),
});
export const HomeSchema = z.object({ rows: z.array(HomeRowSchema) });
export type Home = z.infer<typeof HomeSchema>;

// ---------------------------------------------------------------------------------------------------------
// GET /events query
// ---------------------------------------------------------------------------------------------------------

// The limits live in ../catalog-limits (no zod, for the pages); re-exported here for the schemas' users.
export { DEFAULT_PAGE_SIZE, DEFAULT_RADIUS_KM, MAX_PAGE_SIZE, MAX_QUERY_LENGTH, MAX_RADIUS_KM, VENUE_PAGE_SIZE } from '../catalog-limits';

/**
 * Date presets, computed in Europe/Belgrade local time and never reaching back before "now":
 * - `today`: now → end of the local calendar day; from 18:00 on it is "tonight": now → 06:00 the next morning;
 * - `tomorrow`: the whole next local day;
 * - `weekend`: Friday 17:00 → end of Sunday of the current week (on Sat/Sun: now → end of Sunday);
 * - `week`: now → end of the local Sunday of this week (on Sunday: end of today).
 * `from`/`to` are local calendar days (inclusive); with a preset, both apply (intersection).
 */
export const DatePresetSchema = z.enum(['today', 'tomorrow', 'weekend', 'week']);
export type DatePreset = z.infer<typeof DatePresetSchema>;

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'field.invalid_format' }).max(80);
const flag = z.enum(['true', 'false']);


/**
 * The filters a listing and search share (one definition, DESIGN §5): category/subcategory/city slugs,
 * tags (any of), a date preset and/or a range of Belgrade days, free, reservable. Wire format: strings.
 */
const listingFilters = {
  category: slug.optional(),
  subcategory: slug.optional(),
  city: slug.optional(),
  tags: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*(?:,[a-z0-9]+(?:-[a-z0-9]+)*){0,19}$/, { error: 'field.invalid_format' })
    .optional(),
  when: DatePresetSchema.optional(),
  from: z.iso.date({ error: 'field.invalid_format' }).optional(),
  to: z.iso.date({ error: 'field.invalid_format' }).optional(),
  reservable: flag.optional(),
  free: flag.optional(),
};

type ListingFilterValues = { [K in keyof typeof listingFilters]?: z.output<(typeof listingFilters)[K]> };

/** The checks between the shared filters: a subcategory needs its category; a range runs forward. */
function checkListingFilters(query: ListingFilterValues, context: z.RefinementCtx) {
  if (query.subcategory && !query.category) {
    context.addIssue({ code: 'custom', path: ['subcategory'], message: 'field.required_category' });
  }
  if (query.from && query.to && query.to < query.from) {
    context.addIssue({ code: 'custom', path: ['to'], message: 'field.range_order' });
  }
}

/**
 * `GET /events/home` query: `reservable=true` keeps only events that take reservations (spec §3 reserve
 * filter); `when`, `from`/`to` and `city` mean what they mean on `GET /events`. Rows keep their order.
 */
export const HomeQuerySchema = z
  .strictObject({
    reservable: flag.optional(),
    city: listingFilters.city,
    when: listingFilters.when,
    from: listingFilters.from,
    to: listingFilters.to,
  })
  .superRefine(checkListingFilters);
export type HomeQuery = z.output<typeof HomeQuerySchema>;

/** A page size: at least 1, above `max` capped to it. */
const pageLimit = (max: number) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .transform((value) => Math.min(value, max));

/**
 * `GET /events` query parameters (wire format: all strings; numbers coerced). Unknown parameters → 400.
 * Filters combine with AND; `tags` lists slugs of which an event must carry at least one.
 * `limit` above MAX_PAGE_SIZE is capped to it. `cursor` is opaque (take it from `next_cursor`).
 */
/** `sort` of GET /events: `date` (the default) or `distance` from `near` (nearest first, then by date). */
export const EventSortSchema = z.enum(['date', 'distance']);
export type EventSort = z.infer<typeof EventSortSchema>;

/** The filters of GET /events, shared by its map (GET /events/map), which takes no paging or order. */
const eventFilters = {
  ...listingFilters,
  q: singleLineText().max(MAX_QUERY_LENGTH).optional(),
  near: z
    .string()
    .regex(/^-?\d{1,2}(?:\.\d{1,8})?,-?\d{1,3}(?:\.\d{1,8})?$/, { error: 'field.invalid_format' })
    .refine(
      (value) => {
        const [lat = 0, lng = 0] = value.split(',').map(Number);
        return Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
      },
      { error: 'field.invalid' },
    )
    .optional(),
  radius_km: z.coerce.number().positive().max(MAX_RADIUS_KM).optional(),
  /** A venue's id: that venue's events only (its page loads further pages with this). */
  venue: IdSchema.optional(),
  /** An organizer's id: that organizer's events only (its page, issue 12, loads further pages with this). */
  organizer: IdSchema.optional(),
};

function checkEventFilters(query: ListingFilterValues & { near?: string; radius_km?: number; sort?: string }, context: z.RefinementCtx) {
  checkListingFilters(query, context);
  if (query.radius_km !== undefined && !query.near) {
    context.addIssue({ code: 'custom', path: ['radius_km'], message: 'field.requires_near' });
  }
  if (query.sort === 'distance' && !query.near) {
    context.addIssue({ code: 'custom', path: ['sort'], message: 'field.requires_near' });
  }
}

/**
 * `GET /events` query parameters (wire format: all strings; numbers coerced). Unknown parameters → 400.
 * Filters combine with AND; `tags` lists slugs of which an event must carry at least one.
 * `limit` above MAX_PAGE_SIZE is capped to it. `cursor` is opaque (take it from `next_cursor`).
 * `sort=distance` needs `near`.
 */
export const EventQuerySchema = z
  .strictObject({
    ...eventFilters,
    sort: EventSortSchema.optional(),
    cursor: EventCursorSchema.optional(),
    limit: pageLimit(MAX_PAGE_SIZE).optional(),
  })
  .superRefine(checkEventFilters);
/** What the service's `listEvents` takes besides `locale` (the parsed query). */
export type EventQuery = z.output<typeof EventQuerySchema>;
/** What a client may send (strings). */
export type EventQueryInput = z.input<typeof EventQuerySchema>;

/** `GET /events/map` query: the filters of `GET /events`, without paging or order (every point at once). */
export const EventMapQuerySchema = z.strictObject(eventFilters).superRefine(checkEventFilters);
export type EventMapQuery = z.output<typeof EventMapQuerySchema>;
export type EventMapQueryInput = z.input<typeof EventMapQuerySchema>;

/** The most points one map answer holds: a city's month of events, and still a small answer. */
export const MAX_MAP_POINTS = 500;

/** One marker: where an event is, and just enough to label it (its card is fetched when opened). */
export const EventPointSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  starts_at: z.string(),
  lat: z.number(),
  lng: z.number(),
  category_icon: z.string(),
});
export type EventPoint = z.infer<typeof EventPointSchema>;
/** `truncated`: more events matched than MAX_MAP_POINTS (the soonest are shown). */
export const EventPointListSchema = z.object({ items: z.array(EventPointSchema), truncated: z.boolean() });
export type EventPointList = z.infer<typeof EventPointListSchema>;

// ---------------------------------------------------------------------------------------------------------
// Event detail, venue detail
// ---------------------------------------------------------------------------------------------------------

/** `href` is absolute; `hreflang` is a locale or `x-default` (the Serbian page). */
export const AlternateSchema = z.object({ hreflang: z.string(), href: z.string() });
export type Alternate = z.infer<typeof AlternateSchema>;

export const VenueSchema = VenueSummarySchema.extend({
  street_address: z.string(),
  postal_code: z.string(),
  country: z.string(),
  lat: z.number(),
  lng: z.number(),
  website: z.string().nullable(),
  city: z.object({ slug: z.string(), name: z.string() }),
  /** A map link (OpenStreetMap) for the venue's coordinates. */
  map_url: z.string(),
});
export type Venue = z.infer<typeof VenueSchema>;

export const PerformerSchema = z.object({ name: z.string(), type: z.enum(['Person', 'PerformingGroup']) });
/** `id`: what a report about the organizer names (POST /reports). */
export const OrganizerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  website: z.string().nullable(),
  /** With `id`, the organizer's public page (`/{lang}/organizers/{slug}-{id}`, issue 12). */
  slug: z.string(),
});

/** Aggregate offer in minor units (see PriceSchema); `offer_count` = number of ticket kinds. */
export const OffersSchema = z.object({
  currency: z.string(),
  low_price: z.number().int().nullable(),
  high_price: z.number().int().nullable(),
  offer_count: z.number().int(),
  is_free: z.boolean(),
});

/** Another date of the same series (upcoming, published), for the event page's list of dates. */
export const SeriesDateSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  starts_at: z.string(),
  time_zone: z.string(),
  status: EventStatusSchema,
  path: z.string(),
});
export type SeriesDate = z.infer<typeof SeriesDateSchema>;

export const EventDetailSchema = EventSummarySchema.extend({
  /** A line or two about the event (in the reader's language, with the event's fallback); may be empty. */
  summary: z.string(),
  description: z.string(),
  /** The other upcoming dates of its series, in date order (empty for a single event). */
  series_dates: z.array(SeriesDateSchema),
  images: z.array(ImageSchema),
  venue: VenueSchema.nullable(),
  subcategory: SubcategorySchema.nullable(),
  tags: z.array(TagSchema),
  organizer: OrganizerSchema.nullable(),
  performers: z.array(PerformerSchema),
  offers: OffersSchema,
  online_url: z.string().nullable(),
  updated_at: z.string(),
  /** Locale-prefixed path of this page and its absolute canonical URL. */
  path: z.string(),
  canonical_url: z.string(),
  alternates: z.array(AlternateSchema),
  /** schema.org `Event` (spec §1), ready for `<script type="application/ld+json">`. */
  json_ld: z.record(z.string(), z.unknown()),
});
export type EventDetail = z.infer<typeof EventDetailSchema>;

/**
 * What the public page of a place or a publisher carries besides itself: its first page of upcoming events
 * and the cursor of the next, its URLs, and its schema.org description (venue and organizer pages).
 */
export const placePageFields = {
  events: z.array(EventSummarySchema),
  next_cursor: z.string().nullable(),
  path: z.string(),
  canonical_url: z.string(),
  alternates: z.array(AlternateSchema),
  json_ld: z.record(z.string(), z.unknown()),
};

export const VenueDetailSchema = z.object({
  venue: VenueSchema.extend({ description: z.string() }),
  /** The venue's photos in the organizer's order (the first heads the page); empty without any. */
  images: z.array(ImageSchema),
  /** The venue's next upcoming events (first page, date order); `json_ld` is a schema.org `Place`. */
  ...placePageFields,
});
export type VenueDetail = z.infer<typeof VenueDetailSchema>;

// ---------------------------------------------------------------------------------------------------------
// Search and suggestions
// ---------------------------------------------------------------------------------------------------------

/** Search orders: `relevance` (every word in a title first, then anywhere, then through typos; each by date) or `soonest`. */
/** `distance` (nearest first, then by date) needs `near`, as on GET /events. */
export const SearchSortSchema = z.enum(['relevance', 'soonest', 'distance']);
export type SearchSort = z.infer<typeof SearchSortSchema>;
export const MAX_SEARCH_PAGE_SIZE = 50;

/**
 * `GET /search` query: the words, the listing's filters (same names and rules as `GET /events`), the
 * order, and paging. Pass `next_cursor` back as `cursor` with the same query for the next page of events;
 * a cursor of the other `sort` is refused (400).
 */
export const SearchQuerySchema = z
  .strictObject({
    q: singleLineText().min(1).max(MAX_QUERY_LENGTH),
    ...listingFilters,
    // "Near me" on search (issue #11): the listing's point and radius, as GET /events takes them.
    near: eventFilters.near,
    radius_km: eventFilters.radius_km,
    sort: SearchSortSchema.optional(),
    cursor: SearchCursorSchema.optional(),
    limit: z.coerce.number().int().min(1).max(MAX_SEARCH_PAGE_SIZE).optional(),
  })
  .superRefine(checkEventFilters);
export type SearchQuery = z.output<typeof SearchQuerySchema>;
export type SearchQueryInput = z.input<typeof SearchQuerySchema>;

/** A matching category; `subcategory` is set when the match was one of its subcategories. */
export const SearchCategorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  icon: z.string(),
  subcategory: SubcategorySchema.nullable(),
});

export const SearchResultSchema = z.object({
  query: z.string(),
  events: z.array(EventSummarySchema),
  /** Venues and categories come with the first page only (empty on pages asked for with a cursor). */
  venues: z.array(VenueSummarySchema),
  categories: z.array(SearchCategorySchema),
  /** The next page of events (same query and `sort`), or null after the last. */
  next_cursor: z.string().nullable(),
  /** How many events match in all (a series counts once, as the list shows it). */
  total: z.number().int(),
  /**
   * The query with each word the index does not hold replaced by its nearest one ("hamlte" → "hamlet"),
   * or null when every word is known or none has a near word.
   */
  spelling: z.string().nullable(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SuggestQuerySchema = z.strictObject({ q: singleLineText().min(1).max(MAX_QUERY_LENGTH) });

/** One suggestion as the user types; `path` is the locale-prefixed page to open. */
export const SuggestionSchema = z.object({
  kind: z.enum(['event', 'venue', 'category']),
  id: z.number().int(),
  label: z.string(),
  /** A second line: date and venue for events, locality for venues, parent for subcategories. */
  secondary: z.string().nullable(),
  path: z.string(),
});
export type Suggestion = z.infer<typeof SuggestionSchema>;
export const SuggestionListSchema = z.object({ items: z.array(SuggestionSchema) });

/** `GET /cities`: the cities venues are in, with their names in every language (a filter's choices). */
export const CitySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.object({ sr: z.string(), en: z.string(), uk: z.string(), ru: z.string() }),
});
export type City = z.infer<typeof CitySchema>;
export const CityListSchema = z.object({ items: z.array(CitySchema) });

// ---------------------------------------------------------------------------------------------------------
// Public paths (DESIGN §3) live in ../paths (no zod, so the browser can link without loading it); re-exported
// here for the modules that already import them with the schemas.
// ---------------------------------------------------------------------------------------------------------

export { categoryPath, eventPath, idFromSlugParam, jsonLdScriptContent, venuePath } from '../paths';
