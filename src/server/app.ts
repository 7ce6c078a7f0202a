import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_BASE } from '../shared/constants';
import { adminRoutes } from './admin/admin-routes';
import { organizerApplicationsRoutes } from './admin/applications-routes';
import { organizerNotesRoutes } from './admin/moderation-routes';
import { reportsPublicRoutes } from './admin/reports-public-routes';
import { authRoutes } from './auth/auth-routes';
import { calendarRoutes } from './calendar/calendar-routes';
import { catalogRoutes } from './catalog/catalog-routes';
import { ANSWER_COMPRESSION } from './catalog/http-cache';
import { followsRoutes } from './follows/follows-routes';
import { forYouRoutes } from './foryou/for-you-routes';
import { imagesRoutes, mediaRoutes } from './images/images-routes';
import { rateLimited, unavailable } from './lib/errors';
import { failoverRateLimitStore, watchRedis } from './lib/redis-failover';
import { lazyChildLoggerFactory } from './lib/lazy-request-logger';
import { RequestLogController } from './lib/request-log-controller';
import { createResponseSerializerCompiler } from './lib/response-serializer';
import { authenticationPlugin } from './plugins/authentication';
import { gracefulDrainPlugin } from './plugins/graceful-drain';
import { apiConventionsPlugin } from './plugins/api-conventions';
import { clientErrorHandler, frameworkErrorHandler, problemDetailsPlugin } from './plugins/problem-details';
import { baselineSecurityHeaders, securityPlugin } from './plugins/security';
import { seoRoutes } from './seo/seo-routes';
import { manifestRoutes } from './web/manifest-routes';
import { consentRoutes } from './web/consent-routes';
import { unsubscribeRoutes } from './notifications/unsubscribe-routes';
import { usersRoutes } from './users/users-routes';
import { notificationsRoutes } from './notifications/notifications-routes';
import { pushRoutes } from './push/push-routes';
import { organizerEventsRoutes } from './organizer/organizer-events-routes';
import { organizerRoutes } from './organizer/organizer-routes';
import { organizerDoorRoutes } from './organizer/organizer-door-routes';
import { organizerTeamRoutes } from './organizer/organizer-team-routes';
import { organizerVenuesRoutes } from './organizer/organizer-venues-routes';
import { reservationsRoutes } from './reservations/reservations-routes';
import { savedRoutes } from './saved/saved-routes';
import type { Services } from './services';

export interface BuildAppOptions {
  services: Services;
  logger?: FastifyServerOptions['logger'];
  /** An existing pino logger (the server shares one with the services). */
  loggerInstance?: FastifyServerOptions['loggerInstance'];
  /** Mount the server-rendered web app (off in API-only tests). */
  web?: boolean;
}

/** Builds the whole app as a plugin tree and never listens (STYLE 2); `server.ts` starts it. */
export async function buildApp({ services, logger = false, loggerInstance, web = false }: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = services;
  // What Fastify and Node answer on their own, before any hook, is a problem document too.
  const rawSecurityHeaders = baselineSecurityHeaders(config.NODE_ENV === 'development');
  const app = Fastify({
    ...(loggerInstance ? { loggerInstance } : { logger }),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    genReqId: () => crypto.randomUUID(),
    logController: new RequestLogController(),
    childLoggerFactory: lazyChildLoggerFactory,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrorHandler(rawSecurityHeaders),
    clientErrorHandler: clientErrorHandler(rawSecurityHeaders),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Compiled from each response schema; outside production also checked against zod's own (lib/response-serializer.ts).
  app.setSerializerCompiler(createResponseSerializerCompiler({ checked: config.NODE_ENV !== 'production' }));

  // Set as the request arrives (a synchronous hook, not a promise per answer at onSend); an error answer
  // keeps the headers set before it.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  // Infrastructure first (STYLE 2): errors, security, compression, cookies, rate limits, OpenAPI.
  await app.register(problemDetailsPlugin);
  // SIGTERM drains before it closes (server.ts): new requests meet 503 + Connection: close, not a reset.
  await app.register(gracefulDrainPlugin);
  await app.register(securityPlugin, {
    development: config.NODE_ENV === 'development',
    analyticsOrigin: config.ANALYTICS_URL ? new URL(config.ANALYTICS_URL).origin : undefined,
    // Facebook sign-in: the browser asks the Graph API whose token it holds (web auth-callback route).
    connectOrigins: config.FACEBOOK_APP_ID && config.FACEBOOK_APP_SECRET ? [new URL(config.FACEBOOK_GRAPH_URL).origin] : [],
    mapOrigin: new URL(config.MAP_STYLE_URL).origin,
  });
  // The spec's clients ask for zlib: deflate is offered alongside br and gzip. Compressed as the API's
  // reads are (catalog/http-cache.ts ANSWER_COMPRESSION).
  await app.register(compress, {
    encodings: ['br', 'gzip', 'deflate'],
    threshold: 512,
    zlibOptions: { level: ANSWER_COMPRESSION.gzipLevel },
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT, [zlibConstants.BROTLI_PARAM_QUALITY]: ANSWER_COMPRESSION.brotliQuality } },
  });
  await app.register(cookie);
  // Rate limits never fail open (DESIGN §9): with REDIS_URL they are shared through Redis while it answers
  // and counted in process while it does not (lib/redis-failover.ts). Commands fail at once instead of
  // queueing while Redis is away, and within a second when it hangs, so an outage costs no request any time.
  // The client is imported only when there is a Redis to talk to (some 0.1 s of a start otherwise).
  const redis = config.REDIS_URL
    ? new (await import('ioredis')).Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2_000, commandTimeout: 1_000 })
    : undefined;
  const redisGate = redis ? watchRedis(redis, app.log) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
  await app.register(rateLimit, {
    global: false,
    nameSpace: 'kuda-rl:',
    ...(redisGate ? { store: failoverRateLimitStore(redisGate, 'kuda-rl:') } : {}),
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return rateLimited(seconds);
    },
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Kuda API', version: '1.0.0', description: 'Events in the city and reservations.' },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      // One body parser and one cache policy for every route (plugins/api-conventions.ts).
      await api.register(apiConventionsPlugin);
      await api.register(authenticationPlugin, { auth: services.auth, docsPrefix: `${API_BASE}/docs` });
      api.get(
        '/health',
        {
          config: { public: true },
          schema: {
            tags: ['system'],
            summary: 'Readiness: the server and its database answer',
            security: [],
            response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) },
          },
        },
        async () => {
          try {
            await services.database.ping();
          } catch {
            throw unavailable('database_unavailable');
          }
          return { status: 'ok' as const, database: services.database.kind };
        },
      );
      api.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
      await api.register(swaggerUi, {
        routePrefix: '/docs',
        staticCSP: true,
        uiConfig: { url: `${API_BASE}/openapi.json` },
        uiHooks: {},
      });
      await api.register(authRoutes, { auth: services.auth });
      await api.register(forYouRoutes, { forYou: services.forYou });
      await api.register(catalogRoutes, { catalog: services.catalog, onCategoryListing: (principal, slug) => services.forYou.noteCategoryVisit(principal, slug) });
      await api.register(usersRoutes, { users: services.users, redis: redisGate });
      await api.register(reservationsRoutes, { reservations: services.reservations });
      await api.register(organizerRoutes, { organizer: services.organizer });
      await api.register(imagesRoutes, { images: services.images });
      await api.register(organizerEventsRoutes, { events: services.organizerEvents });
      await api.register(organizerVenuesRoutes, { venues: services.organizerVenues });
      await api.register(organizerTeamRoutes, { team: services.organizerTeam });
      await api.register(organizerDoorRoutes, { door: services.organizerDoor });
      await api.register(organizerApplicationsRoutes, { applications: services.admin.applications });
      await api.register(organizerNotesRoutes, { moderation: services.admin.moderation });
      await api.register(notificationsRoutes, { notifications: services.notifications });
      await api.register(followsRoutes, { follows: services.follows });
      await api.register(pushRoutes, { push: services.push });
      await api.register(savedRoutes, { saved: services.saved });
      await api.register(reportsPublicRoutes, { reports: services.admin.reports });
      await api.register(adminRoutes, { prefix: '/admin', admin: services.admin });
    },
    { prefix: API_BASE },
  );

  // robots.txt and sitemaps live at the site root, outside the API and its bearer-token hook.
  await app.register(seoRoutes, { services });
  // Calendar and Atom feeds (DESIGN §15): polled by calendar apps, outside the API's bearer token too.
  await app.register(calendarRoutes, { services });
  await app.register(manifestRoutes);
  // The cookie banner's no-JavaScript form (web/consent-routes.ts), a page action beside the pages.
  await app.register(consentRoutes);
  await app.register(unsubscribeRoutes, { settings: services.users.notificationSettings });
  await app.register(mediaRoutes, { images: services.images });

  if (web) {
    const { webPlugin } = await import('./web/web-plugin');
    await app.register(webPlugin, { services });
  }
  return app;
}
