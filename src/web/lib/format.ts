import { dateTimeFormat, numberFormat } from '../../shared/intl-format';
import { INTL_LOCALE, type Locale } from '../../shared/locales';

/** How a card writes an event's date and time (the zone is the event's). */
export const EVENT_DATE_OPTIONS = { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' } as const satisfies Intl.DateTimeFormatOptions;

/** Date and time in the event's own time zone, written the reader's way (DESIGN §3). */
export function formatEventDate(iso: string, timeZone: string, locale: Locale): string {
  return dateTimeFormat(INTL_LOCALE[locale], { ...EVENT_DATE_OPTIONS, timeZone }).format(new Date(iso));
}

/** Money is kept in minor units (para for RSD). */
export function formatMoney(minor: number, currency: string, locale: Locale): string {
  const fraction = minor % 100 === 0 ? 0 : 2;
  return numberFormat(INTL_LOCALE[locale], { style: 'currency', currency, maximumFractionDigits: fraction }).format(minor / 100);
}

/**
 * A distance in kilometres as a number the reader's way ("1.2", "1,2"): one decimal under 10 km, whole
 * kilometres beyond (a card needs "how far", not the metre). The unit is the catalogue's text.
 */
export function formatDistanceNumber(km: number, locale: Locale): string {
  const formatter = numberFormat(INTL_LOCALE[locale], { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  return km >= 10 ? String(Math.round(km)) : formatter.format(Math.max(km, 0.1));
}
