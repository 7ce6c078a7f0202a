import { parseCityCookie } from '../../shared/city-cookie';
import { DEFAULT_TIME_ZONE } from '../../shared/constants';
import { isLocale } from '../../shared/locales';
import { isTonight, localParts } from '../../shared/zoned-time';

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
  /** A city of GET /cities (`?city=`, else the remembered city, issue 11); null = every city. */
  city: string | null;
  tags: string[];
  date: DateConstraint;
  free: boolean;
  reservable: boolean;
}

export const EMPTY_ARGS: ListingArgs = { category: null, subcategory: null, city: null, tags: [], date: null, free: false, reservable: false };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const SLUG = /^[a-z0-9-]{1,80}$/;

function isPreset(value: string | null): value is DatePreset {
  return value !== null && (DATE_PRESETS as readonly string[]).includes(value);
}

function validDay(value: string | null): value is string {
  return value !== null && DAY.test(value) && !Number.isNaN(new Date(`${value}T00:00:00Z`).getTime());
}

/** Which cities a listing URL may name, and the one the reader chose before (city-cookie.ts). */
export interface CityChoice {
  known: readonly string[];
  remembered?: string | null;
}

/**
 * Reads the filters of a listing URL; anything malformed is ignored rather than failing the page. With
 * `knownTags`, tags that no longer exist are dropped too: a shared link must survive a renamed tag. With
 * `cities`, `?city=` names a known city, else the remembered one applies (the URL wins).
 */
export function parseListingSearch(
  search: URLSearchParams,
  path: { category?: string | null; subcategory?: string | null } = {},
  knownTags?: readonly string[],
  cities?: CityChoice,
): ListingArgs {
  const tags = (search.get('tags') ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => SLUG.test(tag) && (!knownTags || knownTags.includes(tag)));
  const when = search.get('when');
  const from = search.get('from');
  // A range form sent without its end day (no JavaScript) is that one day.
  const to = search.get('to') || from;
  let date: DateConstraint = null;
  if (isPreset(when)) date = { kind: 'preset', preset: when };
  else if (validDay(from) && validDay(to)) date = from <= to ? { kind: 'range', from, to } : { kind: 'range', from: to, to: from };
  const named = search.get('city');
  const known = (city: string | null | undefined): city is string => Boolean(city && cities?.known.includes(city));
  return {
    category: path.category ?? null,
    subcategory: path.subcategory ?? null,
    city: known(named) ? named : known(cities?.remembered) ? cities.remembered : null,
    tags: [...new Set(tags)].sort(),
    date,
    free: search.get('free') === '1' || search.get('free') === 'true',
    reservable: search.get('reservable') === '1' || search.get('reservable') === 'true',
  };
}

/**
 * The one query string of a listing, whatever page shows it (home, category, search), so the same page is
 * never split across parameter orders (canonical URL, server render, the event list's session copy):
 * q, category (when not in the path), city, tags, when | from, to, free, reservable, sort. Defaults are
 * left out.
 */
export function listingQueryString(
  args: ListingArgs,
  extra: { q?: string; categoryInQuery?: boolean; near?: string | null; sort?: string | null } = {},
): string {
  const params = new URLSearchParams();
  if (extra.q) params.set('q', extra.q);
  if (extra.categoryInQuery && args.category) params.set('category', args.category);
  if (args.city) params.set('city', args.city);
  if (args.tags.length) params.set('tags', [...args.tags].sort().join(','));
  if (args.date?.kind === 'preset') params.set('when', args.date.preset);
  if (args.date?.kind === 'range') {
    params.set('from', args.date.from);
    params.set('to', args.date.to);
  }
  if (args.free) params.set('free', '1');
  if (args.reservable) params.set('reservable', '1');
  if (extra.near) params.set('near', extra.near);
  if (extra.sort) params.set('sort', extra.sort);
  // The point's comma stays a comma, as "Near me" writes it (near-me.ts): a readable, shareable link.
  const text = params.toString().replace(/\+/g, '%20').replace(/(^|&)near=([^&]*)/, (_, lead: string, point: string) => `${lead}near=${point.replace(/%2C/g, ',')}`);
  return text ? `?${text}` : '';
}

/** The query string of a listing page (path parts excluded), in the one order. */
export function listingSearch(args: ListingArgs): string {
  return listingQueryString(args);
}

export function sameArgs(a: ListingArgs | null, b: ListingArgs | null): boolean {
  if (!a || !b) return a === b;
  return (
    a.category === b.category &&
    a.subcategory === b.subcategory &&
    (a.city ?? null) === (b.city ?? null) &&
    a.free === b.free &&
    a.reservable === b.reservable &&
    a.tags.join(',') === b.tags.join(',') &&
    JSON.stringify(a.date) === JSON.stringify(b.date)
  );
}

/** Whether the reader narrowed the listing (the city is a place, not a filter: "All" stays "All" in a city). */
export function hasFilters(args: ListingArgs): boolean {
  return args.tags.length > 0 || args.date !== null || args.free || args.reservable;
}

/** Query parameters for GET /events (DESIGN §10). */
export function listingApiQuery(args: ListingArgs, extra: { cursor?: string | null; limit?: number } = {}): Record<string, string | number | boolean | undefined> {
  return {
    category: args.category ?? undefined,
    subcategory: args.subcategory ?? undefined,
    city: args.city ?? undefined,
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

/**
 * What a listing page's loader needs to know about the reader's date and city (issue 11): the cities it
 * may name with the remembered one (the city cookie), and, for the WhenFilter, whether "today" is
 * "tonight" now (from 18:00 in Belgrade, as the server's presetRange counts it) and Belgrade's today.
 */
export function listingCityChoice(cities: readonly { slug: string }[], cookieHeader: string | null): CityChoice {
  return { known: cities.map((city) => city.slug), remembered: parseCityCookie(cookieHeader) };
}

export function whenContext(now = new Date()): { tonight: boolean; today: string } {
  const { year, month, day } = localParts(now, DEFAULT_TIME_ZONE);
  return { tonight: isTonight(now, DEFAULT_TIME_ZONE), today: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` };
}

/**
 * The canonical query of a listing page: what makes it another page — the city its URL names (a city
 * only remembered in a cookie is not the URL's) and the date — in the one order. Tags, free and
 * reservable variants are the same page for search engines.
 */
export function canonicalListingQuery(args: ListingArgs, search: URLSearchParams): string {
  return listingQueryString({ ...EMPTY_ARGS, city: linkArgs(args, search).city, date: args.date });
}

/**
 * The arguments a page's links carry: its own, with the city only when its URL named it. A remembered
 * city stays in the cookie, so choosing another city later is not overruled by links that carry the old.
 */
export function linkArgs(args: ListingArgs, search: URLSearchParams): ListingArgs {
  return search.get('city') === args.city ? args : { ...args, city: null };
}
