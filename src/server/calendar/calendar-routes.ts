import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FeedFormat, FeedKind } from '../../shared/calendar-paths';
import { isLocale, type Locale } from '../../shared/locales';
import { etagMatches } from '../catalog/http-cache';
import { publicOrigin, requestOrigin } from '../config';
import type { Services } from '../services';
import type { FeedBody } from './calendar-service';

/** Calendar clients poll hourly at most; a few minutes in shared caches keeps a popular venue's feed cheap. */
const PUBLIC_FEED_CACHE = 'public, max-age=300, stale-while-revalidate=3600';
/** The personal feed is one person's: never in a shared cache, and revalidated on every poll. */
const PERSONAL_FEED_CACHE = 'private, no-cache';

const TYPES: Record<FeedFormat, string> = {
  ics: 'text/calendar; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
};

/** A strong validator over the exact bytes of the body: the same feed, the same tag. */
export function strongEtag(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/** RFC 9110 §13.1.3: If-Modified-Since counts only without If-None-Match, at one-second precision. */
function notModifiedSince(request: FastifyRequest, lastModified: Date | null): boolean {
  const header = request.headers['if-modified-since'];
  if (!header || request.headers['if-none-match'] || !lastModified) return false;
  const since = Date.parse(header);
  return Number.isFinite(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}

function sendFeed(request: FastifyRequest, reply: FastifyReply, feed: FeedBody, format: FeedFormat, cacheControl: string) {
  const etag = strongEtag(feed.body);
  reply.header('cache-control', cacheControl).header('etag', etag);
  if (feed.lastModified) reply.header('last-modified', feed.lastModified.toUTCString());
  if (etagMatches(request.headers['if-none-match'], etag) || notModifiedSince(request, feed.lastModified)) return reply.code(304).send();
  return reply.type(TYPES[format]).send(feed.body);
}

/** `?lang=` names the language of the feed's texts and event links; anything else is the default. */
function queryLocale(request: FastifyRequest): Locale | null {
  const lang = (request.query as { lang?: unknown }).lang;
  return isLocale(lang) ? lang : null;
}

/** "12.ics" → { key: "12", format: "ics" }; the formats a route allows, else null. */
function parseFile(file: string, formats: readonly FeedFormat[]): { key: string; format: FeedFormat } | null {
  const match = /^([a-z0-9-]{1,100})\.(ics|atom)$/.exec(file);
  if (!match?.[1] || !formats.includes(match[2] as FeedFormat)) return null;
  return { key: match[1], format: match[2] as FeedFormat };
}

const OWNER_FOLDERS: Record<string, FeedKind> = { venues: 'venue', organizers: 'organizer', categories: 'category' };

/**
 * The calendar and Atom feeds (DESIGN §15, issue #12): outside /api/v1 and its bearer token, beside the
 * sitemap. Calendar apps subscribe to these URLs and poll them, so they answer ETag and Last-Modified.
 */
export async function calendarRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { calendar } = services;
  const origin = (request: FastifyRequest) => publicOrigin(services.config, requestOrigin(request));
  const hidden = { schema: { hide: true } };

  app.get<{ Params: { file: string } }>('/calendar/events/:file', hidden, async (request, reply) => {
    const file = parseFile(request.params.file, ['ics']);
    const id = file && /^\d{1,15}$/.test(file.key) ? Number(file.key) : null;
    const feed = id ? await calendar.eventCalendar(id, queryLocale(request) ?? 'sr', origin(request)) : null;
    if (!feed) return reply.callNotFound();
    // "Add to calendar" saves a file the calendar app then opens (the slug is ASCII by construction).
    reply.header('content-disposition', `attachment; filename="${feed.fileName ?? 'event.ics'}"`);
    return sendFeed(request, reply, feed, 'ics', PUBLIC_FEED_CACHE);
  });

  app.get<{ Params: { folder: string; file: string } }>('/calendar/:folder/:file', hidden, async (request, reply) => {
    const kind = OWNER_FOLDERS[request.params.folder];
    const file = kind ? parseFile(request.params.file, ['ics', 'atom']) : null;
    if (!kind || !file) return reply.callNotFound();
    const locale = queryLocale(request) ?? 'sr';
    const feed =
      file.format === 'ics'
        ? await calendar.ownerCalendar(kind, file.key, locale, origin(request))
        : await calendar.ownerAtom(kind, file.key, locale, origin(request));
    if (!feed) return reply.callNotFound();
    return sendFeed(request, reply, feed, file.format, PUBLIC_FEED_CACHE);
  });

  // The URL is the secret: this route writes no request log line (the URL would carry it into the log).
  app.get<{ Params: { file: string } }>('/calendar/me/:file', { ...hidden, logLevel: 'silent' }, async (request, reply) => {
    const secret = /^([A-Za-z0-9_-]{20,100})\.ics$/.exec(request.params.file)?.[1];
    const feed = secret ? await calendar.personalCalendar(secret, queryLocale(request), origin(request)) : null;
    // Unknown, reset or malformed: the same bare 404, so a guess learns nothing.
    if (!feed) return reply.header('cache-control', 'no-store').code(404).type('text/plain; charset=utf-8').send('Not Found');
    // Someone's own calendar: kept out of search engines even if its URL leaks into a page somewhere.
    reply.header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex, nofollow');
    return sendFeed(request, reply, feed, 'ics', PERSONAL_FEED_CACHE);
  });
}
