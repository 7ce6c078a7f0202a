import { join } from 'node:path';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { publicOrigin, requestOrigin } from '../config';
import type { Services } from '../services';
import { PageCache } from './page-cache';
import { loadServerBuild, projectRoot } from './server-build';

declare module 'react-router' {
  interface AppLoadContext {
    services: Services;
    cspNonce: string;
    /**
     * The site's origin for absolute URLs in a page (canonical, hreflang, og:image): PUBLIC_URL when the
     * deployment sets it, else the origin the request came to (`publicOrigin`, the server's one rule).
     */
    origin: string;
  }
}

/** What vite-plugin-pwa writes into build/client (scripts/service-worker-options.mjs), served as /sw.js. */
const SERVICE_WORKER_FILE = 'service-worker.js';
/** The build's folders served as files (build/client): scripts and styles, the demo's pictures, the app icons. */
const STATIC_FOLDERS = ['assets', 'images', 'icons'] as const;

/** How long a guest page is served from memory (page-cache.ts); the API's answer cache keeps 5 s too. */
const PAGE_CACHE_TTL_MS = 5_000;

function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const url = new URL(request.url, requestOrigin(request));
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else headers.set(name, value);
  }
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  const init: RequestInit = { method: request.method, headers, signal: controller.signal };
  if (request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined) {
    init.body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
  }
  return new Request(url, init);
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

/**
 * Serves the React Router app from the same process (DESIGN §12): built assets with long-lived caching,
 * every other GET rendered on the server with the domain services in its load context. In development
 * Vite runs in middleware mode and the server build is loaded through it, so edits hot-reload.
 */
export const webPlugin = fp(async (app: FastifyInstance, { services }: { services: Services }) => {
  const root = projectRoot();
  const development = services.config.NODE_ENV === 'development';
  let getBuild: () => Promise<ServerBuild>;

  if (development) {
    const [{ createServer }, { default: middie }] = await Promise.all([import('vite'), import('@fastify/middie')]);
    const vite = await createServer({ root, server: { middlewareMode: true }, appType: 'custom' });
    await app.register(middie);
    app.use(vite.middlewares);
    app.addHook('onClose', async () => vite.close());
    getBuild = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
  } else {
    const clientDir = join(root, 'build', 'client');
    // Usually under way already (server.ts starts it beside the database); the plugin waits for it, so
    // the instance listens, and answers healthy, only once it can render pages.
    const build = await loadServerBuild();
    getBuild = async () => build;
    const staticOptions: Omit<FastifyStaticOptions, 'root'> = {
      index: false,
      // The build keeps brotli and gzip copies of its text files (scripts/precompress.mjs): sent as they are.
      preCompressed: true,
      // Cache-Control is set below alone: with the plugin's own on, its "max-age=0" replaced ours.
      cacheControl: false,
      setHeaders: (res, path) => {
        // Fingerprinted assets never change; everything else is revalidated (the service worker: below).
        if (!path.endsWith(SERVICE_WORKER_FILE)) {
          res.setHeader('cache-control', path.includes(`${join('client', 'assets')}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        }
        // A cache in between must keep the brotli, gzip and plain copies apart.
        res.setHeader('vary', 'accept-encoding');
      },
    };
    // One wildcard route per folder of the build, not one per file: with `wildcard: false` the plugin read
    // the whole folder at start and registered GET and HEAD for each of its ~840 files (the compressed
    // copies included), 0.1–0.15 s of every start. A path under these folders that names no file answers
    // a plain 404; every other path still reaches the pages below.
    for (const [index, folder] of STATIC_FOLDERS.entries()) {
      await app.register(fastifyStatic, { ...staticOptions, root: join(clientDir, folder), prefix: `/${folder}/`, decorateReply: index === 0 });
    }
    app.get('/favicon.svg', { schema: { hide: true } }, (_request, reply) => reply.sendFile('favicon.svg', clientDir));
    // The worker's source is src/web/sw/service-worker.ts; its public name is the short one, at the root so
    // that its scope is the whole site.
    // Checked on every visit (no-cache), so that a new release takes over at once.
    app.get('/sw.js', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile(SERVICE_WORKER_FILE, clientDir, { cacheControl: false }),
    );
  }

  const mode = development ? 'development' : 'production';
  let cached: ReturnType<typeof createRequestHandler> | undefined;
  const render = async (request: Request, cspNonce: string) => {
    const handle = cached ?? createRequestHandler(await getBuild(), mode);
    if (!development) cached = handle;
    return handle(request, { services, cspNonce, origin: publicOrigin(services.config, new URL(request.url).origin) });
  };
  // In development every request renders afresh, so edits show at once.
  const pages = development
    ? undefined
    : new PageCache(render, {
        ttlMs: PAGE_CACHE_TTL_MS,
        maxBytes: 32 * 1024 * 1024,
        version: () => services.catalog.cacheVersion,
        policy: app.contentSecurityPolicy,
      });
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith('/api/')) return reply.callNotFound();
    if (pages?.accepts(request)) return pages.send(request, reply);
    return sendWebResponse(reply, await render(toWebRequest(request, reply), request.cspNonce));
  };
  app.route({ method: ['GET', 'HEAD', 'POST'], url: '/*', handler });
  app.route({ method: ['GET', 'HEAD'], url: '/', handler });
});
