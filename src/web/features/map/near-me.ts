import { DEFAULT_RADIUS_KM } from '../../../shared/catalog-limits';
import type { EventPage } from '../../../shared/schemas/catalog';
import { type ApiResult, getApiClient, type QueryParams } from '../../lib/api-client';
import type { NearQuery } from '../../lib/near-point';

/**
 * "Near me" lives in the listing's URL (`near=lat,lng&sort=distance`), so the server renders the sorted
 * list, a reload keeps it and it can be shared; the point is rounded to three decimals (about 100 m), which
 * is all a city listing needs and less than the browser knows.
 */

export { nearFromSearch, type NearQuery } from '../../lib/near-point';

/** About 100 m: enough to sort a city's events, and no more of the reader's whereabouts than that. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** The listing's URL sorted by distance from a point, its other filters kept. */
export function nearHref(pathname: string, search: string, point: { lat: number; lng: number }): string {
  const params = new URLSearchParams(search);
  params.delete('near');
  params.delete('sort');
  const rest = params.toString();
  // Written by hand so the comma stays a comma (URLSearchParams would write %2C): a readable, shareable link.
  return `${pathname}?${rest ? `${rest}&` : ''}near=${roundCoordinate(point.lat)},${roundCoordinate(point.lng)}&sort=distance`;
}

/** The listing's URL without the point (back to date order). */
export function withoutNearHref(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete('near');
  params.delete('sort');
  const text = params.toString();
  return text ? `${pathname}?${text}` : pathname;
}

/** The radius a `near` listing covers (GET /events' default): the note under "Near me" says it. */
export const NEAR_RADIUS_KM = DEFAULT_RADIUS_KM;

/**
 * The next page of a listing sorted by distance: GET /events with the listing's own query and the point.
 * (EventListing's default loader knows only the filters of ListingArgs.)
 */
export function nearPageLoader(query: QueryParams, near: NearQuery) {
  return (cursor: string): Promise<ApiResult<EventPage>> =>
    getApiClient().get<EventPage>('/events', { query: { ...query, ...near, cursor } });
}
