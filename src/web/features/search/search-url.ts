import type { Locale } from '../../../shared/locales';
import type { EventPage, SearchQuery, SearchResult, SearchSort } from '../../../shared/schemas/catalog';
import { type ApiResult, getApiClient, type QueryParams } from '../../lib/api-client';
import { type ListingArgs, parseListingSearch } from '../../lib/listing-args';
import { localePath } from '../../lib/use-locale';

/**
 * What a search page shows: the words, the listing's filters (`args`: category from the query string,
 * not the path), the city and the order. One URL per search: the parameters always in one order, so the
 * same page is never split across orders (canonical URL, server render, the event list's session copy).
 */
export interface SearchState {
  q: string;
  args: ListingArgs;
  city: string | null;
  sort: SearchSort;
}

/** The slugs a search URL may name; anything else in the URL is dropped rather than failing the page. */
export interface KnownSlugs {
  categories: readonly string[];
  cities: readonly string[];
  tags: readonly string[];
}

export function parseSearchUrl(search: URLSearchParams, known: KnownSlugs, maxQueryLength: number): SearchState {
  const category = search.get('category');
  const city = search.get('city');
  const args = parseListingSearch(search, { category: category && known.categories.includes(category) ? category : null }, known.tags);
  return {
    q: (search.get('q') ?? '').trim().slice(0, maxQueryLength),
    args,
    city: city && known.cities.includes(city) ? city : null,
    sort: search.get('sort') === 'soonest' ? 'soonest' : 'relevance',
  };
}

/** The query string of a search page, in its one order: q, category, city, tags, when | from, to, free, reservable, sort. */
export function searchQueryString(state: SearchState): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.args.category) params.set('category', state.args.category);
  if (state.city) params.set('city', state.city);
  if (state.args.tags.length) params.set('tags', [...state.args.tags].sort().join(','));
  if (state.args.date?.kind === 'preset') params.set('when', state.args.date.preset);
  if (state.args.date?.kind === 'range') {
    params.set('from', state.args.date.from);
    params.set('to', state.args.date.to);
  }
  if (state.args.free) params.set('free', '1');
  if (state.args.reservable) params.set('reservable', '1');
  if (state.sort !== 'relevance') params.set('sort', state.sort);
  const text = params.toString().replace(/\+/g, '%20');
  return text ? `?${text}` : '';
}

export function searchHref(locale: Locale, state: SearchState): string {
  return `${localePath(locale, '/search')}${searchQueryString(state)}`;
}

/** The search's filters and order as GET /search (and the catalog service in-process) take them. */
export function searchFilters(state: SearchState): Omit<SearchQuery, 'q' | 'cursor' | 'limit'> {
  const { args } = state;
  return {
    category: args.category ?? undefined,
    city: state.city ?? undefined,
    tags: args.tags.length ? args.tags.join(',') : undefined,
    when: args.date?.kind === 'preset' ? args.date.preset : undefined,
    from: args.date?.kind === 'range' ? args.date.from : undefined,
    to: args.date?.kind === 'range' ? args.date.to : undefined,
    free: args.free ? 'true' : undefined,
    reservable: args.reservable ? 'true' : undefined,
    sort: state.sort === 'relevance' ? undefined : state.sort,
  };
}

/** GET /search's parameters for a page of a search's events. */
export function searchApiQuery(state: SearchState, extra: { cursor?: string; limit?: number } = {}): QueryParams {
  return { q: state.q, ...searchFilters(state), cursor: extra.cursor, limit: extra.limit };
}

/** The next page of a search's events, in the event list's shape (the listing's infinite scroll loads it). */
export async function fetchSearchPage(state: SearchState, cursor: string, limit: number): Promise<ApiResult<EventPage>> {
  const result = await getApiClient().get<SearchResult>('/search', { query: searchApiQuery(state, { cursor, limit }) });
  return result.ok ? { ...result, data: { items: result.data.events, next_cursor: result.data.next_cursor } } : result;
}
