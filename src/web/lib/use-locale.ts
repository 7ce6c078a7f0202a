import { useLocation } from 'react-router';
import { localeFromPath, type Locale } from '../../shared/locales';

/** The page's language, from the first path segment (spec §2). */
export function useLocale(): Locale {
  return localeFromPath(useLocation().pathname);
}

/** A path inside the given language: localePath('en', '/privacy-policy') → '/en/privacy-policy'. */
export function localePath(locale: Locale, path = '/'): string {
  const rest = path === '/' ? '' : path.startsWith('/') ? path : `/${path}`;
  return `/${locale}${rest}`;
}

/** A reservation's page (the notifications and the reservations pages both link to it). */
export function reservationLink(locale: Locale, id: number): string {
  return localePath(locale, `/reservation/${id}`);
}
