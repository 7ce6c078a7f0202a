import type { Locale } from '../../shared/locales';
import { localePath } from './use-locale';

/** The value of `?city=` on the /city answer that forgets the remembered city: every city. */
export const ALL_CITIES = 'all';

/**
 * The link that chooses a city (null: all) and comes back to `back`: the server remembers the choice in a
 * cookie and redirects (routes/city.tsx). A plain link, so a tap before hydration, or without JavaScript,
 * is never lost.
 */
export function cityChoiceHref(locale: Locale, city: string | null, back: string): string {
  const params = new URLSearchParams({ city: city ?? ALL_CITIES, back });
  return `${localePath(locale, '/city')}?${params.toString()}`;
}

/**
 * Where the /city answer may send the reader back to: a path of this site (never another origin), without
 * the `city` the link carried (the new choice is the cookie's) nor a page cursor. Anything else: home.
 */
export function safeCityBack(back: string | null, fallback: string): string {
  if (!back || !back.startsWith('/') || back.startsWith('//') || back.startsWith('/\\')) return fallback;
  const url = new URL(back, 'http://kuda.invalid');
  if (url.origin !== 'http://kuda.invalid') return fallback;
  url.searchParams.delete('city');
  url.searchParams.delete('cursor');
  const search = url.searchParams.toString();
  return `${url.pathname}${search ? `?${search}` : ''}`;
}
