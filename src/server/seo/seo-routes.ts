import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicOrigin, requestOrigin } from '../config';
import type { Services } from '../services';
import { etagMatches, weakEtag } from '../catalog/http-cache';
import { robotsTxt, rootSitemap, sitemapPart } from './sitemap';

/** Crawlers come back often; an hour of caching keeps sitemap generation off the hot path. */
const SEO_CACHE = 'public, max-age=3600, stale-while-revalidate=86400';

function send(request: FastifyRequest, reply: FastifyReply, type: string, body: string) {
  const etag = weakEtag(body);
  reply.header('cache-control', SEO_CACHE).header('etag', etag).type(type);
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.send(body);
}

/**
 * /robots.txt, /sitemap.xml and /sitemaps/{part}.xml at the site root (DESIGN §10: outside /api/v1).
 * Absolute URLs use the one public origin (`publicOrigin`: PUBLIC_URL when set, else the request's).
 */
export async function seoRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const origin = (request: FastifyRequest) => publicOrigin(services.config, requestOrigin(request));
  const hidden = { schema: { hide: true } };

  app.get('/robots.txt', hidden, async (request, reply) => send(request, reply, 'text/plain; charset=utf-8', robotsTxt(origin(request))));

  // Browsers and crawlers ask for /favicon.ico on their own; without this it would be read as a language
  // segment and answered with the Serbian home page (spec §2 fallback).
  app.get('/favicon.ico', hidden, async (_request, reply) => reply.header('cache-control', 'public, max-age=86400').redirect('/favicon.svg', 301));

  app.get('/sitemap.xml', hidden, async (request, reply) => {
    const sitemap = await rootSitemap(services.database.db, origin(request), new Date());
    return send(request, reply, 'application/xml; charset=utf-8', sitemap.xml);
  });

  app.get<{ Params: { part: string } }>('/sitemaps/:part', hidden, async (request, reply) => {
    const name = /^([a-z0-9-]{1,40})\.xml$/.exec(request.params.part)?.[1];
    const xml = name ? await sitemapPart(services.database.db, origin(request), new Date(), name) : null;
    if (!xml) return reply.callNotFound();
    return send(request, reply, 'application/xml; charset=utf-8', xml);
  });
}
