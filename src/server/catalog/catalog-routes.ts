import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CategoryTreeSchema,
  CityListSchema,
  EventDetailSchema,
  EventMapQuerySchema,
  EventPageSchema,
  EventPointListSchema,
  EventQuerySchema,
  HomeQuerySchema,
  HomeSchema,
  SearchQuerySchema,
  SearchResultSchema,
  SuggestionListSchema,
  SuggestQuerySchema,
  TagListSchema,
  VenueDetailSchema,
} from '../../shared/schemas/catalog';
import { IdParamsSchema } from '../../shared/schemas/common';
import { ProblemSchema } from '../../shared/schemas/problem';
import { requestOrigin } from '../config';
import type { Principal } from '../auth/auth-service';
import { AppError, gone } from '../lib/errors';
import type { CatalogService } from './catalog-service';
import { ResponseCache, sendCacheable } from './http-cache';

/** Reads that take no parameters refuse unknown ones, as GET /events does (a typo should not pass silently). */
const NoQuerySchema = z.strictObject({});

/** How long the same public read is answered from memory (see ResponseCache). */
const RESPONSE_CACHE_TTL_MS = 5_000;

const errors = { 400: ProblemSchema, 401: ProblemSchema };
const cacheable = { 304: z.null().describe('Not modified (If-None-Match matched the ETag)') };

/**
 * Discovery reads (DESIGN §10). Answers are localised by Accept-Language, carry Cache-Control, Vary and a
 * weak ETag (304 on If-None-Match), and are compressed by the app's compression plugin.
 */
export const catalogRoutes: FastifyPluginAsyncZod<{
  catalog: CatalogService;
  /** Told when a person opens a category listing's first page (a "for you" signal, foryou/for-you-service.ts). */
  onCategoryListing?: (principal: Principal, categorySlug: string) => void;
}> = async (app, { catalog, onCategoryListing }) => {
  const store = new ResponseCache({ ttlMs: RESPONSE_CACHE_TTL_MS, maxBytes: 16 * 1024 * 1024 });
  const send = (request: FastifyRequest, reply: FastifyReply, load: () => Promise<unknown>) =>
    sendCacheable(request, reply, load, { store, version: catalog.cacheVersion });

  app.get(
    '/categories',
    {
      config: { publicCache: true },
      schema: {
        tags: ['catalog'],
        summary: 'The category tree, localised',
        querystring: NoQuerySchema,
        response: { 200: CategoryTreeSchema, ...cacheable, ...errors },
      },
    },
    async (request, reply) => send(request, reply, async () => ({ items: await catalog.categories(request.locale) })),
  );

  app.get(
    '/tags',
    {
      config: { publicCache: true },
      schema: {
        tags: ['catalog'],
        summary: 'Quick-filter tags, localised',
        querystring: NoQuerySchema,
        response: { 200: TagListSchema, ...cacheable, ...errors },
      },
    },
    async (request, reply) => send(request, reply, async () => ({ items: await catalog.tags(request.locale) })),
  );

  app.get(
    '/cities',
    {
      config: { publicCache: true },
      schema: {
        tags: ['catalog'],
        summary: 'The cities venues are in, with their names in every language',
        querystring: NoQuerySchema,
        response: { 200: CityListSchema, ...cacheable, ...errors },
      },
    },
    async (request, reply) => send(request, reply, async () => ({ items: await catalog.cities() })),
  );

  app.get(
    '/events',
    {
      config: { publicCache: true },
      schema: {
        tags: ['catalog'],
        summary: 'Upcoming events, filtered, in date order, cursor-paginated',
        description:
          'Filters combine with AND. `when` presets and `from`/`to` days are Europe/Belgrade local time; ' +
          '`tags` matches events carrying any of the listed tags; `q` searches across scripts and typos. ' +
          'Pass `next_cursor` back as `cursor` for the next page (same filters). Unknown parameters are refused. ' +
          'With `near`, each event carries `distance_km`; `sort=distance` (needs `near`) puts the nearest first, then by date.',
        querystring: EventQuerySchema,
        response: { 200: EventPageSchema, ...cacheable, ...errors },
      },
    },
    async (request, reply) => {
      const { category, cursor } = request.query;
      if (onCategoryListing && category && !cursor && request.principal) onCategoryListing(request.principal, category);
      return send(request, reply, () => catalog.listEvents({ locale: request.locale, ...request.query }));
    },
  );

  app.get(
    '/events/map',
    {
      config: { publicCache: true },
      schema: {
        tags: ['catalog'],
        summary: 'Every event of a listing as a map point (venue coordinates), soonest first',
        description:
          'Takes the filters of `GET /events` (same names and rules), without paging or order. At most 500 ' +
          'points; `truncated` says when more matched. Events without a venue (online) have no point.',
        querystring: EventMapQuerySchema,
        response: { 200: EventPointListSchema, ...cacheable, ...errors },
      },
    },
    async (request, reply) => send(request, reply, () => catalog.eventPoints({ locale: request.locale, ...request.query })),
  );

  app.get(
    '/events/home',
    {
      config: { publicCache: true },
      schema: {
        tags: ['catalog'],
        summary: 'Home page rows: the next events of every category',
        description:
          'With `reservable=true`, only events that take reservations (the reserve filter). `when`, `from`/`to` ' +
          'and `city` narrow every row as they narrow `GET /events`; the rows keep their order.',
        querystring: HomeQuerySchema,
        response: { 200: HomeSchema, ...cacheable, ...errors },
      },
    },
    async (request, reply) =>
      send(request, reply, () => {
        const { reservable, ...narrowing } = request.query;
        return catalog.home(request.locale, { ...narrowing, reservable: reservable === 'true' });
      }),
  );

  app.get(
    '/events/:id',
    {
      config: { publicCache: true },
      schema: {
        tags: ['catalog'],
        summary: 'One event, localised, with its JSON-LD and per-language URLs',
        querystring: NoQuerySchema,
        params: IdParamsSchema,
        response: { 200: EventDetailSchema, ...cacheable, ...errors, 404: ProblemSchema, 410: ProblemSchema },
      },
    },
    async (request, reply) =>
      send(request, reply, async () => {
        const event = await catalog.eventById(request.params.id, request.locale, { origin: requestOrigin(request) });
        if (!event && (await catalog.eventRemoved(request.params.id))) throw gone('event_removed');
        if (!event) throw new AppError('not_found', 'event_not_found');
        return event;
      }),
  );

  app.get(
    '/venues/:id',
    {
      config: { publicCache: true },
      schema: {
        tags: ['catalog'],
        summary: 'A venue and its upcoming events',
        querystring: NoQuerySchema,
        params: IdParamsSchema,
        response: { 200: VenueDetailSchema, ...cacheable, ...errors, 404: ProblemSchema },
      },
    },
    async (request, reply) =>
      send(request, reply, async () => {
        const venue = await catalog.venueById(request.params.id, request.locale, { origin: requestOrigin(request) });
        if (!venue) throw new AppError('not_found', 'venue_not_found');
        return venue;
      }),
  );

  app.get(
    '/search',
    {
      config: { publicCache: true },
      schema: {
        tags: ['catalog'],
        summary: 'Events, venues and categories matching a query, across scripts, diacritics and typos',
        description:
          'Takes the filters of `GET /events` (same names and rules) and `sort` (`relevance`, the default, or ' +
          '`soonest`). Events come a page at a time: pass `next_cursor` back as `cursor` with the same query; ' +
          '`total` counts every matching event. Venues and categories come with the first page only.',
        querystring: SearchQuerySchema,
        response: { 200: SearchResultSchema, ...cacheable, ...errors },
      },
    },
    async (request, reply) =>
      send(request, reply, () => {
        const { q, ...options } = request.query;
        return catalog.search(q, request.locale, options);
      }),
  );

  app.get(
    '/search/suggest',
    {
      config: { publicCache: true },
      schema: {
        tags: ['catalog'],
        summary: 'Suggestions while typing: categories, venues and events with the page to open',
        querystring: SuggestQuerySchema,
        response: { 200: SuggestionListSchema, ...cacheable, ...errors },
      },
    },
    async (request, reply) =>
      send(request, reply, async () => ({ items: await catalog.suggest(request.query.q, request.locale) })),
  );
};
