import { dateTimeFormat } from '../../../shared/intl-format';
import { INTL_LOCALE, isLocale } from '../../../shared/locales';

/** A check-in time in the event's time zone (the door and the guest list show the same clock). */
export function formatTime(iso: string, language: string, timeZone: string): string {
  const locale = isLocale(language) ? INTL_LOCALE[language] : language;
  return dateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(iso));
}
