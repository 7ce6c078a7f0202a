import { isLocale } from '../../shared/locales';

/** Date presets of DESIGN §5; a chosen range is `from`/`to` instead. */
export const DATE_PRESETS = ['today', 'tomorrow', 'weekend', 'week'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** Spec §3 "date constraint": a preset, a chosen range of calendar days (YYYY-MM-DD), or none. */
export type DateConstraint = { kind: 'preset'; preset: DatePreset } | { kind: 'range'; from: string; to: string } | null;

/**
 * Spec §3 "arguments": what a listing was loaded with. Category and subcategory come from the path; the
 * rest from the query string, so a filtered listing is a link that can be shared and is rendered on the
 * server.
 */
export interface ListingArgs {
  category: string | null;
  subcategory: string | null;
  tags: string[];
  date: DateConstraint;
  free: boolean;
  reservable: boolean;
}

export const EMPTY_ARGS: ListingArgs = { category: null, subcategory: null, tags: [], date: null, free: false, reservable: false };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const SLUG = /^[a-z0-9-]{1,80}$/;

function isPreset(value: string | null): value is DatePreset {
  return value !== null && (DATE_PRESETS as readonly string[]).includes(value);
}

function validDay(value: string | null): value is string {
  return value !== null && DAY.test(value) && !Number.isNaN(new Date(`${value}T00:00:00Z`).getTime());
}

/**
 * Reads the filters of a listing URL; anything malformed is ignored rather than failing the page. With
 * `knownTags`, tags that no longer exist are dropped too: a shared link must survive a renamed tag.
 */
export function parseListingSearch(
  search: URLSearchParams,
  path: { category?: string | null; subcategory?: string | null } = {},
  knownTags?: readonly string[],
): ListingArgs {
  const tags = (search.get('tags') ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => SLUG.test(tag) && (!knownTags || knownTags.includes(tag)));
  const when = search.get('when');
  const from = search.get('from');
  const to = search.get('to');
  let date: DateConstraint = null;
  if (isPreset(when)) date = { kind: 'preset', preset: when };
  else if (validDay(from) && validDay(to)) date = from <= to ? { kind: 'range', from, to } : { kind: 'range', from: to, to: from };
  return {
    category: path.category ?? null,
    subcategory: path.subcategory ?? null,
    tags: [...new Set(tags)].sort(),
    date,
    free: search.get('free') === '1' || search.get('free') === 'true',
    reservable: search.get('reservable') === '1' || search.get('reservable') === 'true',
  };
}

/** The query string of a listing page (path parts excluded), in a stable order. */
export function listingSearch(args: ListingArgs): string {
  const params = new URLSearchParams();
  if (args.tags.length) params.set('tags', [...args.tags].sort().join(','));
  if (args.date?.kind === 'preset') params.set('when', args.date.preset);
  if (args.date?.kind === 'range') {
    params.set('from', args.date.from);
    params.set('to', args.date.to);
  }
  if (args.free) params.set('free', '1');
  if (args.reservable) params.set('reservable', '1');
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function sameArgs(a: ListingArgs | null, b: ListingArgs | null): boolean {
  if (!a || !b) return a === b;
  return (
    a.category === b.category &&
    a.subcategory === b.subcategory &&
    a.free === b.free &&
    a.reservable === b.reservable &&
    a.tags.join(',') === b.tags.join(',') &&
    JSON.stringify(a.date) === JSON.stringify(b.date)
  );
}

export function hasFilters(args: ListingArgs): boolean {
  return args.tags.length > 0 || args.date !== null || args.free || args.reservable;
}

/** Query parameters for GET /events (DESIGN §10). */
export function listingApiQuery(args: ListingArgs, extra: { cursor?: string | null; limit?: number } = {}): Record<string, string | number | boolean | undefined> {
  return {
    category: args.category ?? undefined,
    subcategory: args.subcategory ?? undefined,
    tags: args.tags.length ? args.tags.join(',') : undefined,
    when: args.date?.kind === 'preset' ? args.date.preset : undefined,
    from: args.date?.kind === 'range' ? args.date.from : undefined,
    to: args.date?.kind === 'range' ? args.date.to : undefined,
    free: args.free ? true : undefined,
    reservable: args.reservable ? true : undefined,
    cursor: extra.cursor ?? undefined,
    limit: extra.limit,
  };
}

/**
 * Spec §2: the home path (empty after trimming a trailing slash) and any path containing "categories" are
 * event-listing pages. Our home paths carry the language first ("/en/"), so that segment is set aside.
 */
export function isListingPath(pathname: string): boolean {
  const parts = pathname.split('/').filter(Boolean);
  if (isLocale(parts[0])) parts.shift();
  return parts.length === 0 || pathname.includes('categories');
}
