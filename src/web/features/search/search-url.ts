import type { Locale } from '../../../shared/locales';
import type { EventPage, SearchQuery, SearchResult, SearchSort } from '../../../shared/schemas/catalog';
import { type ApiResult, getApiClient, type QueryParams } from '../../lib/api-client';
import { type ListingArgs, listingQueryString, parseListingSearch } from '../../lib/listing-args';
import { localePath } from '../../lib/use-locale';
import { nearFromSearch } from '../../lib/near-point';

/**
 * What a search page shows: the words, the listing's filters (`args`: category from the query string,
 * not the path; the city too) and the order. One URL per search: the listings' one order
 * (listingQueryString), so the same page is never split across orders.
 */
export interface SearchState {
  q: string;
  args: ListingArgs;
  /** "Near me": the reader's rounded point (lat,lng), or null. `sort: 'distance'` needs it. */
  near?: string | null;
  sort: SearchSort;
}

/** The slugs a search URL may name; anything else in the URL is dropped rather than failing the page. */
export interface KnownSlugs {
  categories: readonly string[];
  cities: readonly string[];
  tags: readonly string[];
}

/** `rememberedCity`: the reader's chosen city (city-cookie.ts), applied when the URL names none. */
export function parseSearchUrl(search: URLSearchParams, known: KnownSlugs, maxQueryLength: number, rememberedCity?: string | null): SearchState {
  const category = search.get('category');
  const args = parseListingSearch(search, { category: category && known.categories.includes(category) ? category : null }, known.tags, {
    known: known.cities,
    remembered: rememberedCity,
  });
  const near = nearFromSearch(search)?.near ?? null;
  const sort = search.get('sort');
  return {
    q: (search.get('q') ?? '').trim().slice(0, maxQueryLength),
    args,
    near,
    sort: sort === 'soonest' ? 'soonest' : sort === 'distance' && near ? 'distance' : 'relevance',
  };
}

/** The query string of a search page, in the listings' one order (q first, category in the query, sort last). */
export function searchQueryString(state: SearchState): string {
  const sort = state.sort === 'distance' && !state.near ? 'relevance' : state.sort;
  return listingQueryString(state.args, { q: state.q, categoryInQuery: true, near: state.near, sort: sort === 'relevance' ? null : sort });
}

export function searchHref(locale: Locale, state: SearchState): string {
  return `${localePath(locale, '/search')}${searchQueryString(state)}`;
}

/** The search's filters and order as GET /search (and the catalog service in-process) take them. */
export function searchFilters(state: SearchState): Omit<SearchQuery, 'q' | 'cursor' | 'limit'> {
  const { args } = state;
  return {
    category: args.category ?? undefined,
    city: args.city ?? undefined,
    tags: args.tags.length ? args.tags.join(',') : undefined,
    when: args.date?.kind === 'preset' ? args.date.preset : undefined,
    from: args.date?.kind === 'range' ? args.date.from : undefined,
    to: args.date?.kind === 'range' ? args.date.to : undefined,
    free: args.free ? 'true' : undefined,
    reservable: args.reservable ? 'true' : undefined,
    near: state.near ?? undefined,
    sort: state.sort === 'relevance' || (state.sort === 'distance' && !state.near) ? undefined : state.sort,
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
