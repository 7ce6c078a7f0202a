/**
 * A listing's "near me" point in its URL (`near=lat,lng&sort=distance`): read by the listing pages, search
 * and the map alike (features/map/near-me.ts writes it).
 */

const NEAR = /^-?\d{1,2}(?:\.\d{1,8})?,-?\d{1,3}(?:\.\d{1,8})?$/;

export interface NearQuery {
  near: string;
  sort: 'distance';
}

/** The listing's `near` point (sorted by distance), or null when the URL has none or a malformed one. */
export function nearFromSearch(search: URLSearchParams): NearQuery | null {
  const near = search.get('near');
  if (!near || !NEAR.test(near)) return null;
  const [lat = 0, lng = 0] = near.split(',').map(Number);
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { near, sort: 'distance' };
}

