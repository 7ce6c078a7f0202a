import { LOCALES, type Locale } from '../../../shared/locales';
import { type CreateEventInput, EVENT_TEXT_LIMITS, LocaleSchema, localizedText, MAX_CAPACITY, MAX_PRICE_MINOR, type OrganizerEvent } from '../../../shared/schemas/organizer-workspace';
import { z } from '../../../shared/schemas/zod';
import { DEFAULT_TIME_ZONE, isoToWallClock, wallClockToIso } from './zoned-time';

/**
 * The editor's form: the shared event schema's fields in the shapes people type (a date and a time, dinars,
 * "free / a price / a range"), with the same rules and messages; `toEventBody` turns it into the API's body.
 */

const idText = z.string().regex(/^\d*$/, 'field.invalid');
const dinars = z
  .string()
  .trim()
  .regex(/^(\d+([.,]\d{1,2})?)?$/, 'field.invalid')
  .refine((value) => value === '' || toMinor(value) <= MAX_PRICE_MINOR, 'field.invalid');
const count = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d*$/, 'field.invalid')
    .refine((value) => value === '' || (Number(value) >= min && Number(value) <= max), 'field.invalid');

export const PRICE_KINDS = ['free', 'fixed', 'range', 'unknown'] as const;
export const RESERVATION_MODES = ['none', 'instant', 'approval'] as const;

export const EventFormSchema = z
  .object({
    source_locale: LocaleSchema,
    title: localizedText(EVENT_TEXT_LIMITS.title),
    summary: localizedText(EVENT_TEXT_LIMITS.summary),
    description: localizedText(EVENT_TEXT_LIMITS.description),
    category_id: idText,
    subcategory_id: idText,
    tag_ids: z.array(z.number().int()).max(20, 'field.too_many_items'),
    place: z.enum(['venue', 'online']),
    venue_id: idText,
    online_url: z.union([z.literal(''), z.url({ protocol: /^https?$/, message: 'field.url' }).max(500, 'field.too_long')]),
    time_zone: z.string().min(1, 'field.required'),
    start: z.object({ date: z.string(), time: z.string() }),
    end: z.object({ date: z.string(), time: z.string() }),
    price_kind: z.enum(PRICE_KINDS),
    price: z.object({ min: dinars, max: dinars }),
    performers: z.array(z.object({ name: z.string().trim().min(1, 'field.required').max(120, 'field.too_long') })).max(30, 'field.too_many_items'),
    image_id: z.string().nullable(),
    reservation_mode: z.enum(RESERVATION_MODES),
    reservation: z.object({
      capacity: count(1, MAX_CAPACITY),
      party_min: count(1, 50),
      party_max: count(1, 50),
      deadline: z.object({ date: z.string(), time: z.string() }),
      waitlist: z.boolean(),
    }),
  })
  .superRefine((form, ctx) => {
    if (!form.title[form.source_locale]?.trim()) {
      ctx.addIssue({ code: 'custom', message: 'field.source_title_required', path: ['title', form.source_locale] });
    }
    if (!form.category_id) ctx.addIssue({ code: 'custom', message: 'field.required', path: ['category_id'] });
    if (!form.start.date) ctx.addIssue({ code: 'custom', message: 'field.required', path: ['start', 'date'] });
    if (!form.start.time) ctx.addIssue({ code: 'custom', message: 'field.required', path: ['start', 'time'] });
    const starts = wallClockToIso(form.start, form.time_zone);
    const ends = form.end.date ? wallClockToIso({ date: form.end.date, time: form.end.time || '23:59' }, form.time_zone) : null;
    if (starts && ends && Date.parse(ends) <= Date.parse(starts)) {
      ctx.addIssue({ code: 'custom', message: 'field.ends_before_start', path: ['end', 'date'] });
    }
    if (form.price_kind === 'fixed' && !form.price.min) ctx.addIssue({ code: 'custom', message: 'field.required', path: ['price', 'min'] });
    if (form.price_kind === 'range') {
      if (!form.price.min) ctx.addIssue({ code: 'custom', message: 'field.required', path: ['price', 'min'] });
      if (!form.price.max) ctx.addIssue({ code: 'custom', message: 'field.required', path: ['price', 'max'] });
      else if (form.price.min && toMinor(form.price.max) < toMinor(form.price.min)) {
        ctx.addIssue({ code: 'custom', message: 'field.price_range', path: ['price', 'max'] });
      }
    }
    if (form.reservation_mode !== 'none') {
      const { capacity, party_min: min, party_max: max } = form.reservation;
      if (!capacity) ctx.addIssue({ code: 'custom', message: 'field.required', path: ['reservation', 'capacity'] });
      if (min && max && Number(max) < Number(min)) ctx.addIssue({ code: 'custom', message: 'field.party_range', path: ['reservation', 'party_max'] });
    }
  });

export type EventFormValues = z.input<typeof EventFormSchema>;

/** "1.500,50"-free input: dinars with an optional decimal comma or point → RSD minor units (para). */
export function toMinor(dinarsText: string): number {
  return Math.round(Number(dinarsText.replace(',', '.')) * 100);
}

function fromMinor(minor: number | null | undefined): string {
  if (minor === null || minor === undefined) return '';
  return minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2);
}

const emptyText = () => Object.fromEntries(LOCALES.map((locale) => [locale, ''])) as Record<Locale, string>;

export function emptyEventForm(sourceLocale: Locale): EventFormValues {
  return {
    source_locale: sourceLocale,
    title: emptyText(),
    summary: emptyText(),
    description: emptyText(),
    category_id: '',
    subcategory_id: '',
    tag_ids: [],
    place: 'venue',
    venue_id: '',
    online_url: '',
    time_zone: DEFAULT_TIME_ZONE,
    start: { date: '', time: '20:00' },
    end: { date: '', time: '' },
    price_kind: 'unknown',
    price: { min: '', max: '' },
    performers: [],
    image_id: null,
    reservation_mode: 'none',
    reservation: { capacity: '', party_min: '1', party_max: '8', deadline: { date: '', time: '' }, waitlist: true },
  };
}

function priceKind(price: OrganizerEvent['price']): (typeof PRICE_KINDS)[number] {
  if (!price) return 'unknown';
  if (!price.min && !price.max) return 'free';
  return price.max !== null && price.max !== price.min ? 'range' : 'fixed';
}

export function eventToForm(event: OrganizerEvent): EventFormValues {
  const zone = event.time_zone || DEFAULT_TIME_ZONE;
  const text = (value: Record<string, string>) => ({ ...emptyText(), ...value });
  return {
    source_locale: event.source_locale,
    title: text(event.title),
    summary: text(event.summary),
    description: text(event.description),
    category_id: String(event.category_id),
    subcategory_id: event.subcategory_id ? String(event.subcategory_id) : '',
    tag_ids: event.tag_ids,
    place: event.online_url ? 'online' : 'venue',
    venue_id: event.venue_id ? String(event.venue_id) : '',
    online_url: event.online_url ?? '',
    time_zone: zone,
    start: isoToWallClock(event.starts_at, zone),
    end: isoToWallClock(event.ends_at, zone),
    price_kind: priceKind(event.price),
    price: { min: fromMinor(event.price?.min), max: fromMinor(event.price?.max) },
    performers: event.performers.map((performer) => ({ name: performer.name })),
    image_id: event.image_id,
    reservation_mode: event.reservation?.mode ?? 'none',
    reservation: {
      capacity: event.reservation ? String(event.reservation.capacity) : '',
      party_min: String(event.reservation?.party_min ?? 1),
      party_max: String(event.reservation?.party_max ?? 8),
      deadline: isoToWallClock(event.reservation?.deadline, zone),
      waitlist: event.reservation?.waitlist ?? true,
    },
  };
}

const written = (text: Partial<Record<Locale, string>>) =>
  Object.fromEntries(LOCALES.map((locale) => [locale, text[locale]?.trim() ?? ''])) as Record<Locale, string>;

/** The API body: every language sent (an emptied language is cleared), amounts in minor units, ISO with the zone's offset. */
export function toEventBody(form: z.output<typeof EventFormSchema>): CreateEventInput {
  const zone = form.time_zone;
  const price =
    form.price_kind === 'unknown'
      ? null
      : form.price_kind === 'free'
        ? { min: 0, max: 0, currency: 'RSD' as const }
        : form.price_kind === 'fixed'
          ? { min: toMinor(form.price.min), currency: 'RSD' as const }
          : { min: toMinor(form.price.min), max: toMinor(form.price.max), currency: 'RSD' as const };
  const deadline = form.reservation.deadline.date
    ? wallClockToIso({ date: form.reservation.deadline.date, time: form.reservation.deadline.time || '23:59' }, zone)
    : null;
  return {
    title: written(form.title),
    summary: written(form.summary),
    description: written(form.description),
    source_locale: form.source_locale,
    category_id: Number(form.category_id),
    subcategory_id: form.subcategory_id ? Number(form.subcategory_id) : null,
    tag_ids: form.tag_ids,
    venue_id: form.place === 'venue' && form.venue_id ? Number(form.venue_id) : null,
    online_url: form.place === 'online' && form.online_url ? form.online_url : null,
    starts_at: wallClockToIso(form.start, zone) ?? '',
    ends_at: form.end.date ? wallClockToIso({ date: form.end.date, time: form.end.time || '23:59' }, zone) : null,
    time_zone: zone,
    price,
    performers: form.performers.map((performer) => ({ name: performer.name.trim() })),
    image_id: form.image_id,
    reservation:
      form.reservation_mode === 'none'
        ? null
        : {
            mode: form.reservation_mode,
            capacity: Number(form.reservation.capacity),
            party_min: Number(form.reservation.party_min || 1),
            party_max: Number(form.reservation.party_max || 8),
            deadline,
            waitlist: form.reservation.waitlist,
          },
  };
}

/** Server field paths (`title.sr`, `price.max`, `starts_at`) → the form field that shows them. */
export function formFieldOfServerPath(path: string): string | null {
  const direct: Record<string, string> = {
    starts_at: 'start.date',
    ends_at: 'end.date',
    'reservation.deadline': 'reservation.deadline.date',
    venue_id: 'venue_id',
    online_url: 'online_url',
    category_id: 'category_id',
    subcategory_id: 'subcategory_id',
    tag_ids: 'tag_ids',
    time_zone: 'time_zone',
    image_id: 'image_id',
  };
  if (direct[path]) return direct[path];
  if (/^(title|summary|description)\.(sr|en|uk|ru)$/.test(path)) return path;
  if (/^price\.(min|max)$/.test(path)) return path;
  if (/^reservation\.(capacity|party_min|party_max)$/.test(path)) return path;
  if (/^performers\.\d+\.name$/.test(path)) return path;
  return null;
}

export const EVENT_FORM_FIELDS = [
  ...LOCALES.flatMap((locale) => [`title.${locale}`, `summary.${locale}`, `description.${locale}`]),
  'start.date',
  'end.date',
  'reservation.deadline.date',
  'venue_id',
  'online_url',
  'category_id',
  'subcategory_id',
  'tag_ids',
  'time_zone',
  'image_id',
  'price.min',
  'price.max',
  'reservation.capacity',
  'reservation.party_min',
  'reservation.party_max',
] as const;
