import { LOCALES } from '../locales';
import { DatedCursorSchema } from './common';
import { multiLineText, personName, singleLineText, z } from './zod';

/**
 * The organizer workspace's shapes (issue 9, DESIGN §14): one schema per body, used by the API to validate
 * and by the editor forms to check before sending. Unknown fields are refused (strictObject).
 * Field messages are catalogue keys (`field.*`), translated by the problem-details handler and the forms.
 */

export const LocaleSchema = z.enum(LOCALES);
export const ORGANIZER_ROLES = ['owner', 'manager', 'door', 'viewer'] as const;
export const OrganizerRoleSchema = z.enum(ORGANIZER_ROLES);
export type OrganizerRole = z.infer<typeof OrganizerRoleSchema>;

/** What each role may do; `requireOrganizerRole(target, capability)` reads this one table. */
export const ROLE_CAPABILITIES = {
  owner: ['read', 'events', 'venues', 'reservations', 'door', 'team'],
  manager: ['read', 'events', 'venues', 'reservations', 'door'],
  door: ['door'],
  viewer: ['read'],
} as const satisfies Record<OrganizerRole, readonly string[]>;
export type OrganizerCapability = (typeof ROLE_CAPABILITIES)[OrganizerRole][number];

export const PUBLICATION_STATES = ['draft', 'pending_review', 'scheduled', 'published', 'archived'] as const;
/** The organizer's view of an event's state: the publication, or the published event's own fate. */
export const OrganizerEventStatusSchema = z.enum([...PUBLICATION_STATES, 'postponed', 'rescheduled', 'cancelled']);
export type OrganizerEventStatus = z.infer<typeof OrganizerEventStatusSchema>;

/** Limits shared by the API and the editor. */
export const EVENT_TEXT_LIMITS = { title: 140, summary: 300, description: 8000 } as const;
export const MAX_PRICE_MINOR = 100_000_000;
export const MAX_CAPACITY = 100_000;
export const MAX_SERIES_DATES = 60;
export const MAX_VENUE_IMAGES = 6;
export const IMAGE_MIN_WIDTH = 1200;
export const IMAGE_MIN_HEIGHT = 630;
export const IMAGE_MAX_BYTES = 15 * 1024 * 1024;
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/heic', 'image/heif'] as const;

/*
 * Free text follows the one rule of zod.ts (a control character is never text; a 400 names the field):
 * what is shown as a name — titles, venue and performer names, addresses — is one visible line (no
 * right-to-left override or zero-width character making one look like another); alt text and searches
 * are one line; summaries, descriptions, accessibility notes and messages may have several lines.
 */
export const nameText = (max: number) => personName().max(max, 'field.too_long');
export const lineText = (max: number) => singleLineText().max(max, 'field.too_long');
export const messageText = (max: number) => multiLineText().max(max, 'field.too_long');
type TextRule = typeof nameText;

/** `{sr?, en?, uk?, ru?}` of one kind of text (a name by default); an empty string means "not written". */
export const localizedText = (max: number, text: TextRule = nameText) =>
  z.strictObject({ sr: text(max).optional(), en: text(max).optional(), uk: text(max).optional(), ru: text(max).optional() });
export type LocalizedInput = z.infer<ReturnType<typeof localizedText>>;

export const isoDateTime = z.iso.datetime({ offset: true, message: 'field.datetime' });
/** A path or body id: a positive 32-bit integer. */
export const id = z.number().int('field.invalid').positive('field.invalid').max(2_147_483_647, 'field.invalid');
const httpsUrl = z
  .url({ protocol: /^https?$/, message: 'field.url' })
  .max(500, 'field.too_long');

export const TimeZoneSchema = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, 'field.time_zone');

/** null = "not announced yet"; {min: 0, max: 0} = free; {min} a price; {min, max} a range (RSD minor units). */
export const PriceInputSchema = z
  .strictObject({
    min: z.number().int('field.invalid').min(0, 'field.invalid').max(MAX_PRICE_MINOR, 'field.invalid').optional(),
    max: z.number().int('field.invalid').min(0, 'field.invalid').max(MAX_PRICE_MINOR, 'field.invalid').optional(),
    currency: z.enum(['RSD', 'EUR']).default('RSD'),
  })
  .refine((price) => price.min === undefined || price.max === undefined || price.max >= price.min, {
    message: 'field.price_range',
    path: ['max'],
  });

export const ReservationSettingsInputSchema = z
  .strictObject({
    mode: z.enum(['instant', 'approval']),
    capacity: z.number().int('field.invalid').min(1, 'field.invalid').max(MAX_CAPACITY, 'field.invalid'),
    party_min: z.number().int('field.invalid').min(1, 'field.invalid').max(50, 'field.invalid').default(1),
    party_max: z.number().int('field.invalid').min(1, 'field.invalid').max(50, 'field.invalid').default(8),
    deadline: isoDateTime.nullish(),
    waitlist: z.boolean().default(true),
  })
  .refine((settings) => settings.party_max >= settings.party_min, { message: 'field.party_range', path: ['party_max'] });

export const PerformerInputSchema = z.strictObject({ name: nameText(120).min(1, 'field.required') });

const eventFields = {
  title: localizedText(EVENT_TEXT_LIMITS.title),
  summary: localizedText(EVENT_TEXT_LIMITS.summary, messageText).optional(),
  description: localizedText(EVENT_TEXT_LIMITS.description, messageText).optional(),
  source_locale: LocaleSchema,
  category_id: id,
  subcategory_id: id.nullish(),
  tag_ids: z.array(id).max(20, 'field.too_many_items').optional(),
  venue_id: id.nullish(),
  online_url: httpsUrl.nullish(),
  starts_at: isoDateTime,
  ends_at: isoDateTime.nullish(),
  time_zone: TimeZoneSchema.default('Europe/Belgrade'),
  price: PriceInputSchema.nullable().optional(),
  performers: z.array(PerformerInputSchema).max(30, 'field.too_many_items').optional(),
  image_id: z.uuid('field.invalid').nullish(),
  reservation: ReservationSettingsInputSchema.nullable().optional(),
};

type EventRuleInput = {
  title?: LocalizedInput;
  source_locale?: z.infer<typeof LocaleSchema>;
  starts_at?: string;
  ends_at?: string | null;
  venue_id?: number | null;
  online_url?: string | null;
};

/** Rules across fields, shared by create and edit (on edit, only where both fields are sent). */
function eventRules(event: EventRuleInput, ctx: z.core.$RefinementCtx) {
  if (event.title && event.source_locale && !event.title[event.source_locale]?.trim()) {
    ctx.addIssue({ code: 'custom', message: 'field.source_title_required', path: ['title', event.source_locale] });
  }
  if (event.starts_at && event.ends_at && Date.parse(event.ends_at) <= Date.parse(event.starts_at)) {
    ctx.addIssue({ code: 'custom', message: 'field.ends_before_start', path: ['ends_at'] });
  }
  if (event.venue_id && event.online_url) {
    ctx.addIssue({ code: 'custom', message: 'field.venue_or_online', path: ['online_url'] });
  }
}

export const CreateEventSchema = z.strictObject(eventFields).superRefine(eventRules);
export type CreateEventInput = z.infer<typeof CreateEventSchema>;

export const UpdateEventSchema = z.strictObject(eventFields).partial().superRefine(eventRules);
export type UpdateEventInput = z.infer<typeof UpdateEventSchema>;

/** At once, or at `publish_at`; no body at all (or `{}`) publishes at once, as EmptyBodySchema reads one. */
export const PublishEventSchema = z.strictObject({ publish_at: isoDateTime.optional() }).nullish();

/** A new date, or the date to be announced; the holders of reservations are told (message optional). */
export const PostponeEventSchema = z
  .strictObject({
    starts_at: isoDateTime.optional(),
    ends_at: isoDateTime.nullish(),
    date_tba: z.boolean().default(false),
    message: messageText(1000).optional(),
  })
  .refine((body) => body.date_tba || body.starts_at, { message: 'field.required', path: ['starts_at'] });

export const DuplicateEventSchema = z.strictObject({
  starts_at: isoDateTime,
  copy: z
    .strictObject({
      description: z.boolean().default(true),
      image: z.boolean().default(true),
      tags: z.boolean().default(true),
      performers: z.boolean().default(true),
      reservation: z.boolean().default(true),
    })
    .optional(),
});

/**
 * A series from an existing event: an RFC 5545 RRULE (`FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;COUNT=8`,
 * `FREQ=MONTHLY;BYDAY=+2TU`, `FREQ=MONTHLY;BYMONTHDAY=15`), local dates to skip, each date a real event.
 */
export const CreateSeriesSchema = z.strictObject({
  event_id: id,
  rrule: z
    .string()
    .trim()
    .min(1, 'field.required')
    .max(300, 'field.too_long')
    .regex(/^(RRULE:)?[A-Z]+=[A-Z0-9,+\-:]+(;[A-Z]+=[A-Z0-9,+\-:]+)*$/, 'field.rrule'),
  exdates: z.array(z.iso.date('field.date')).max(MAX_SERIES_DATES, 'field.too_many_items').default([]),
});

export const EventListQuerySchema = z.strictObject({
  status: OrganizerEventStatusSchema.optional(),
  q: lineText(100).optional(),
  upcoming: z.enum(['true', 'false']).optional(),
  /** Newest start first: the cursor holds the start the page ends at. */
  cursor: DatedCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});



export const ImageVariantSchema = z.object({
  url: z.string(),
  format: z.enum(['avif', 'webp', 'jpeg']),
  width: z.number().int(),
  height: z.number().int(),
  crop: z.enum(['full', 'card', 'social']),
});
export const UploadedImageSchema = z.object({
  id: z.uuid(),
  width: z.number().int(),
  height: z.number().int(),
  status: z.enum(['processing', 'ready', 'failed']),
  focal_x: z.number(),
  focal_y: z.number(),
  alt: z.record(z.string(), z.string()),
  dominant_color: z.string().nullable(),
  placeholder: z.string().nullable(),
  variants: z.array(ImageVariantSchema).optional(),
});
export type UploadedImage = z.infer<typeof UploadedImageSchema>;


export const ImagePatchSchema = z.strictObject({
  focal_x: z.number().min(0, 'field.invalid').max(1, 'field.invalid').optional(),
  focal_y: z.number().min(0, 'field.invalid').max(1, 'field.invalid').optional(),
  alt: localizedText(250, lineText).optional(),
});

export const OrganizerEventSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  status: OrganizerEventStatusSchema,
  publish_at: z.string().nullable(),
  title: z.record(z.string(), z.string()),
  summary: z.record(z.string(), z.string()),
  description: z.record(z.string(), z.string()),
  source_locale: LocaleSchema,
  /** Per language: title written (and summary where the source has one). */
  completeness: z.record(z.string(), z.boolean()),
  category_id: z.number().int(),
  subcategory_id: z.number().int().nullable(),
  tag_ids: z.array(z.number().int()),
  venue_id: z.number().int().nullable(),
  online_url: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  time_zone: z.string(),
  date_tba: z.boolean(),
  price: z.object({ min: z.number().int().nullable(), max: z.number().int().nullable(), currency: z.string() }).nullable(),
  performers: z.array(z.object({ name: z.string() })),
  image_id: z.string().nullable(),
  image: UploadedImageSchema.nullable(),
  reservation: z
    .object({
      mode: z.enum(['instant', 'approval']),
      capacity: z.number().int(),
      party_min: z.number().int(),
      party_max: z.number().int(),
      deadline: z.string().nullable(),
      waitlist: z.boolean(),
    })
    .nullable(),
  series_id: z.number().int().nullable(),
  /** Taken off the site by the admin after a report (reports, issue 10): archived, its page answers 410. */
  removed_by_moderation: z.boolean(),
  /** The public page, when the event is public. */
  url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OrganizerEvent = z.infer<typeof OrganizerEventSchema>;

/** `POST /organizer/events/{id}/postpone`, `/duplicate`, `PATCH …`: the event as it is now. */
export const OrganizerEventAnswerSchema = z.object({ event: OrganizerEventSchema });

const StatusCountsSchema = z.object({
  pending: z.number().int(),
  action_needed: z.number().int(),
  accepted: z.number().int(),
  rejected: z.number().int(),
  cancelled: z.number().int(),
  waitlisted: z.number().int(),
});

/**
 * One item of `GET /organizer/events`: the event, with `title` in the reader's language (as this list has
 * always answered; every language is under `titles`) and, for a reservable event, the reservations board's
 * fields (capacity, places taken, counts per status) under the names it has always had.
 */
export const OrganizerEventListItemSchema = OrganizerEventSchema.omit({ title: true }).extend({
  title: z.string(),
  titles: z.record(z.string(), z.string()),
  event_id: z.number().int(),
  mode: z.enum(['instant', 'approval']).optional(),
  capacity: z.number().int().optional(),
  taken: z.number().int().optional(),
  remaining: z.number().int().optional(),
  waitlisted: z.number().int().optional(),
  waitlisted_people: z.number().int().optional(),
  party_min: z.number().int().optional(),
  party_max: z.number().int().optional(),
  deadline: z.string().optional(),
  counts: StatusCountsSchema.optional(),
});
export type OrganizerEventListItem = z.infer<typeof OrganizerEventListItemSchema>;
export const OrganizerEventListSchema = z.object({ items: z.array(OrganizerEventListItemSchema), next_cursor: z.string().nullable() });

export const OrganizerSeriesAnswerSchema = z.object({
  series: z.object({ id: z.number().int(), rrule: z.string(), exdates: z.array(z.string()) }),
  events: z.array(OrganizerEventSchema),
});
