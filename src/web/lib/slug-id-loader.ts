import { data, redirect } from 'react-router';
import { type Locale, localeFromPath } from '../../shared/locales';
import { idFromSlugParam } from '../../shared/paths';

/**
 * The loader rule of every "{slug}-{id}" page (events, venues; DESIGN §3): the id picks the record, a
 * missing id or record is a 404, and any other address of the record (an old or mistyped slug) moves
 * permanently to its one current path in the language, keeping the query.
 */
export async function loadBySlugId<T extends { path: string }>(
  request: Request,
  slugId: string | undefined,
  find: (id: number, locale: Locale) => Promise<T | null | undefined>,
  options: {
    /** A record that existed and was taken down on purpose (an event removed by moderation): 410, not 404. */
    gone?: (id: number) => Promise<boolean>;
  } = {},
): Promise<{ locale: Locale; found: T }> {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const id = idFromSlugParam(slugId);
  if (id === null) throw data(null, { status: 404 });
  const found = await find(id, locale);
  if (!found && (await options.gone?.(id))) throw data(null, { status: 410 });
  if (!found) throw data(null, { status: 404 });
  if (url.pathname !== found.path) throw redirect(`${found.path}${url.search}`, 301);
  return { locale, found };
}
