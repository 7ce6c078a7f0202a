import { DEFAULT_TIME_ZONE } from '../../shared/constants';
import { dateTimeFormat } from '../../shared/intl-format';
import { INTL_LOCALE, type Locale } from '../../shared/locales';

const dayKey = (at: number) => dateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE }).format(at);

/**
 * "21:40" for the banner's "what you saw at …", in the city's time as the app writes event times; with the
 * day when the copy is from an earlier day, so an old copy never passes for today's.
 */
export function formatSeenAt(at: number, locale: Locale, now = Date.now()): string {
  const sameDay = dayKey(at) === dayKey(now);
  return dateTimeFormat(INTL_LOCALE[locale], {
    ...(sameDay ? {} : { weekday: 'short', day: 'numeric', month: 'short' }),
    hour: '2-digit',
    minute: '2-digit',
    timeZone: DEFAULT_TIME_ZONE,
  }).format(at);
}
