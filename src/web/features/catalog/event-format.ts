import { DEFAULT_TIME_ZONE } from '../../../shared/constants';
import { dateTimeFormat } from '../../../shared/intl-format';
import { INTL_LOCALE, type Locale } from '../../../shared/locales';

/**
 * Today's calendar date (YYYY-MM-DD) in Belgrade, the zone the listing's days are counted in (DESIGN §3,
 * §10 `from`/`to`). Not the UTC date: from 23:00 (00:00 in summer) to midnight the two differ, and the
 * date picker would offer yesterday or refuse today.
 */
export function todayInBelgrade(now: Date = new Date()): string {
  const parts = dateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * Dates on the event page: in the event's own time zone (DESIGN §3), written the reader's way, with the
 * zone's short name so a visitor from elsewhere is not misled.
 */
export function formatEventDay(iso: string, timeZone: string, locale: Locale): string {
  return dateTimeFormat(INTL_LOCALE[locale], { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(new Date(iso));
}

export function formatEventTime(iso: string, timeZone: string, locale: Locale, withZone = false): string {
  return dateTimeFormat(INTL_LOCALE[locale], {
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    ...(withZone ? { timeZoneName: 'short' as const } : {}),
  }).format(new Date(iso));
}

function dayKey(iso: string, timeZone: string): string {
  return dateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(new Date(iso));
}

/** "Saturday, 5 December 2026" and "20:00 – 23:00 CET" (or the end day when the event runs overnight into another day). */
export function formatEventWhen(startsAt: string, endsAt: string | null, timeZone: string, locale: Locale): { day: string; time: string } {
  const day = formatEventDay(startsAt, timeZone, locale);
  if (!endsAt) return { day, time: formatEventTime(startsAt, timeZone, locale, true) };
  const start = formatEventTime(startsAt, timeZone, locale);
  const sameDay = dayKey(startsAt, timeZone) === dayKey(endsAt, timeZone);
  const end = sameDay
    ? formatEventTime(endsAt, timeZone, locale, true)
    : `${dateTimeFormat(INTL_LOCALE[locale], { day: 'numeric', month: 'short', timeZone }).format(new Date(endsAt))} ${formatEventTime(endsAt, timeZone, locale, true)}`;
  return { day, time: `${start} – ${end}` };
}

/** A short date for titles and link previews: "Sat 5 Dec". */
export function formatShortDate(iso: string, timeZone: string, locale: Locale): string {
  return dateTimeFormat(INTL_LOCALE[locale], { weekday: 'short', day: 'numeric', month: 'short', timeZone }).format(new Date(iso));
}

/** A calendar day (YYYY-MM-DD) written the reader's way, for the date-range pill. */
export function formatDay(day: string, locale: Locale): string {
  return dateTimeFormat(INTL_LOCALE[locale], { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** OpenStreetMap link for a point (a link only: nothing is fetched from third parties). */
export function osmUrl(lat: number, lng: number): string {
  const la = lat.toFixed(6);
  const lo = lng.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${la}&mlon=${lo}#map=17/${la}/${lo}`;
}
