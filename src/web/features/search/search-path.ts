import type { Locale } from '../../../shared/locales';
import { localePath } from '../../lib/use-locale';

/** The search results page for a query, in the given language. */
export function searchPath(locale: Locale, q: string): string {
  return `${localePath(locale, '/search')}?q=${encodeURIComponent(q.trim())}`;
}
