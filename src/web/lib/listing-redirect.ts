import { categoryPath } from '../../shared/paths';

/** The slugs a listing URL should use now (CatalogService.currentListingSlugs). */
export interface CurrentListingSlugs {
  category: string;
  subcategory: string | null;
  tags: string[];
}

/** The `?tags=` slugs of a listing URL as written (unknown ones included: they may be old slugs). */
export function tagsInUrl(url: URL): string[] {
  return (url.searchParams.get('tags') ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/**
 * Where an old listing URL (a renamed category or subcategory, a renamed or merged tag) now lives: the
 * current path in the URL's language with the query string kept, `tags` rewritten only when one of them
 * moved. Null when nothing moved (the URL is already current, or names nothing the history knows).
 */
export function movedListingUrl(url: URL, locale: string, params: { category: string; subcategory?: string | null }, current: CurrentListingSlugs): string | null {
  const asked = tagsInUrl(url);
  const tagsMoved = asked.join(',') !== current.tags.join(',');
  const pathMoved = params.category !== current.category || (params.subcategory ?? null) !== current.subcategory;
  if (!tagsMoved && !pathMoved) return null;
  const search = new URLSearchParams(url.search);
  if (tagsMoved) search.set('tags', current.tags.join(','));
  const query = search.toString();
  const path = categoryPath(locale, { slug: current.category }, current.subcategory ? { slug: current.subcategory } : null);
  return `${path}${query ? `?${query}` : ''}`;
}
