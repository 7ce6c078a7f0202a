import { INTL_LOCALE, type Locale } from '../../shared/locales';

// Building an Intl formatter costs far more than using one; a page renders dozens of cards, so keep them.
const dateFormatters = new Map<string, Intl.DateTimeFormat>();
const moneyFormatters = new Map<string, Intl.NumberFormat>();

function eventDateFormatter(locale: Locale, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(INTL_LOCALE[locale], {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
    });
    dateFormatters.set(key, formatter);
  }
  return formatter;
}

/** Date and time in the event's own time zone, written the reader's way (DESIGN §3). */
export function formatEventDate(iso: string, timeZone: string, locale: Locale): string {
  return eventDateFormatter(locale, timeZone).format(new Date(iso));
}

/** Money is kept in minor units (para for RSD). */
export function formatMoney(minor: number, currency: string, locale: Locale): string {
  const fraction = minor % 100 === 0 ? 0 : 2;
  const key = `${locale}|${currency}|${fraction}`;
  let formatter = moneyFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency, maximumFractionDigits: fraction });
    moneyFormatters.set(key, formatter);
  }
  return formatter.format(minor / 100);
}

const distanceFormatters = new Map<Locale, Intl.NumberFormat>();

/**
 * A distance in kilometres as a number the reader's way ("1.2", "1,2"): one decimal under 10 km, whole
 * kilometres beyond (a card needs "how far", not the metre). The unit is the catalogue's text.
 */
export function formatDistanceNumber(km: number, locale: Locale): string {
  let formatter = distanceFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(INTL_LOCALE[locale], { maximumFractionDigits: 1, minimumFractionDigits: 1 });
    distanceFormatters.set(locale, formatter);
  }
  return km >= 10 ? String(Math.round(km)) : formatter.format(Math.max(km, 0.1));
}
