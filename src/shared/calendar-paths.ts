/**
 * Where the calendar and Atom feeds are served (DESIGN §15, outside /api/v1): the server's routes and the
 * pages' links and subscribe boxes use these. Imports nothing, like paths.ts, so pages pay no bundle for it.
 */

export type FeedKind = 'venue' | 'organizer' | 'category';
export type FeedFormat = 'ics' | 'atom';

const FOLDER: Record<FeedKind, string> = { venue: 'venues', organizer: 'organizers', category: 'categories' };

/** `/calendar/venues/12.ics?lang=en`; venues and organizers by id, categories by slug. */
export function feedPath(kind: FeedKind, key: number | string, format: FeedFormat, locale?: string): string {
  return `/calendar/${FOLDER[kind]}/${encodeURIComponent(String(key))}.${format}${locale ? `?lang=${locale}` : ''}`;
}

/** One event's calendar file. */
export function eventIcsPath(id: number, locale?: string): string {
  return `/calendar/events/${id}.ics${locale ? `?lang=${locale}` : ''}`;
}

/** The same feed for calendar apps: webcal:// opens the subscribe dialog instead of downloading a file. */
export function webcalUrl(httpUrl: string): string {
  return httpUrl.replace(/^https?:\/\//, 'webcal://');
}
