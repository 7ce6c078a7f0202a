import { createHash } from 'node:crypto';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { CITY_COOKIE } from '../../shared/city-cookie';
import { CONSENT_COOKIE } from '../../shared/constants';
import { securityPlugin } from '../plugins/security';
import { inlineScriptHashes, PageCache, type PageCacheOptions } from './page-cache';

interface Harness {
  app: FastifyInstance;
  cache: PageCache;
  renders: { request: Request; nonce: string }[];
  setVersion: (version: number) => void;
  advance: (ms: number) => void;
}

/** A page like the real ones: inline scripts (boot code, hydration data), a body big enough to compress. */
function fakePage(request: Request, nonce: string, renderNumber: number): Response {
  const url = new URL(request.url);
  if (url.pathname.includes('missing')) return new Response('<html>not found</html>', { status: 404, headers: { 'content-type': 'text/html' } });
  const consent = request.headers.get('cookie') ?? 'no consent';
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : '';
  const html =
    `<!DOCTYPE html><html><head><script${nonceAttribute}>boot(${renderNumber})</script><script type="module" src="/assets/app.js"></script></head>` +
    `<body><h1>${url.pathname}${url.search}</h1><p>render ${renderNumber}</p>` +
    `<p>${consent}|${request.headers.get('authorization') ?? 'guest'}</p>${'<div class="card">Концерт</div>'.repeat(200)}` +
    `<script${nonceAttribute}>window.ctx=${JSON.stringify({ path: url.pathname })}</script></body></html>`;
  return new Response(html, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', 'content-language': 'en' } });
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function harness(options: Partial<PageCacheOptions> = {}): Promise<Harness> {
  let version = 1;
  let now = 1_000_000;
  const renders: Harness['renders'] = [];
  const app = Fastify();
  await app.register(securityPlugin, { development: false });
  await app.register(compress, { encodings: ['br', 'gzip', 'deflate'], threshold: 512 });
  const cache = new PageCache(
    async (request, nonce) => {
      renders.push({ request, nonce });
      await new Promise((resolve) => setTimeout(resolve, 5));
      return fakePage(request, nonce, renders.length);
    },
    { ttlMs: 5_000, maxBytes: 8 * 1024 * 1024, version: () => version, now: () => now, policy: app.contentSecurityPolicy, ...options },
  );
  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: async (request, reply) => {
      if (cache.accepts(request)) return cache.send(request, reply);
      return reply.type('text/html').send(`uncached ${request.cspNonce}`);
    },
  });
  apps.push(app);
  return { app, cache, renders, setVersion: (v) => (version = v), advance: (ms) => (now += ms) };
}

const scriptSources = (csp: string | string[] | number | undefined) => /script-src ([^;]*)/.exec(String(csp))?.[1]?.split(' ') ?? [];
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('the guest page cache', () => {
  it('renders a page once and answers the next guests from memory', async () => {
    const { app, renders } = await harness();
    const first = await app.inject({ url: '/en/' });
    const second = await app.inject({ url: '/en/' });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(renders).toHaveLength(1);
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(second.headers['cache-control']).toBe('no-cache');
    expect(second.headers['content-language']).toBe('en');
    expect(second.body).toContain('<h1>/en/</h1>');
  });

  it('renders without a nonce and sends a CSP naming the hash of every inline script on the page', async () => {
    const { app, renders } = await harness();
    const response = await app.inject({ url: '/en/events/jazz-1' });
    expect(renders[0]!.nonce).toBe('');
    expect(response.body).not.toContain('nonce=');
    const sources = scriptSources(response.headers['content-security-policy']);
    expect(sources).toContain(sha256('boot(1)'));
    expect(sources).toContain(sha256('window.ctx={"path":"/en/events/jazz-1"}'));
    expect(sources.filter((source) => source.startsWith("'nonce-"))).toEqual([]);
    // The external module script needs no hash: 'self' covers it.
    expect(sources.filter((source) => source.startsWith("'sha256-"))).toHaveLength(2);
  });

  it('gives two guests byte-identical bodies with the same ETag, and 304 when the client has it', async () => {
    const { app } = await harness();
    const first = await app.inject({ url: '/en/', headers: { 'accept-encoding': 'gzip' } });
    const second = await app.inject({ url: '/en/', headers: { 'accept-encoding': 'gzip' } });
    expect(Buffer.compare(first.rawPayload, second.rawPayload)).toBe(0);
    expect(first.headers.etag).toMatch(/^W\/"/);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    const revalidated = await app.inject({ url: '/en/', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('shares one render among concurrent first requests', async () => {
    const { app, renders } = await harness();
    const responses = await Promise.all(Array.from({ length: 10 }, () => app.inject({ url: '/sr/search?q=jazz' })));
    expect(renders).toHaveLength(1);
    expect(new Set(responses.map((response) => response.body)).size).toBe(1);
    expect(responses[0]!.body).toContain('<h1>/sr/search?q=jazz</h1>');
  });

  it('sends the brotli or gzip body compressed once, by Accept-Encoding, and the page itself to others', async () => {
    const { app } = await harness();
    await app.inject({ url: '/en/' });
    for (const [header, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip, br;q=0', 'gzip', gunzipSync],
      ['*', 'br', brotliDecompressSync],
    ] as const) {
      const response = await app.inject({ url: '/en/', headers: { 'accept-encoding': header } });
      expect(response.headers['content-encoding'], header).toBe(encoding);
      expect(response.headers.vary).toContain('Accept-Encoding');
      expect(decode(response.rawPayload).toString('utf8')).toContain('<h1>/en/</h1>');
    }
    // deflate alone: the compression plugin deflates the page as it does any other.
    const deflate = await app.inject({ url: '/en/', headers: { 'accept-encoding': 'deflate' } });
    expect(deflate.headers['content-encoding']).toBe('deflate');
    expect(inflateSync(deflate.rawPayload).toString('utf8')).toContain('<h1>/en/</h1>');
    const identity = await app.inject({ url: '/en/', headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toContain('<h1>/en/</h1>');
  });

  it('answers HEAD from the cache without a body', async () => {
    const { app, renders } = await harness();
    await app.inject({ url: '/en/' });
    const head = await app.inject({ method: 'HEAD', url: '/en/' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(renders).toHaveLength(1);
  });

  it('is not used for requests with an Authorization header, nor for other pages or methods', async () => {
    const { app, renders, cache } = await harness();
    const authorized = await app.inject({ url: '/en/', headers: { authorization: 'Bearer secret' } });
    expect(authorized.body).toMatch(/^uncached /);
    for (const url of ['/en/login', '/en/profile', '/en/reservations', '/en/events/a/b', '/api/v1/events']) {
      expect((await app.inject({ url })).body, url).toMatch(/^uncached /);
    }
    expect(renders).toHaveLength(0);
    expect(cache.size).toBe(0);
  });

  it('renders with nothing of the request but its URL and consent, and keys on the consent', async () => {
    const { app, renders } = await harness();
    const declined = await app.inject({ url: '/en/', headers: { cookie: `other=1; ${CONSENT_COOKIE}=declined`, 'accept-language': 'ru' } });
    const none = await app.inject({ url: '/en/', headers: { cookie: 'other=2' } });
    const again = await app.inject({ url: '/en/', headers: { cookie: `${CONSENT_COOKIE}=declined` } });
    expect(renders).toHaveLength(2);
    expect(declined.body).toContain(`<p>${CONSENT_COOKIE}=declined|guest</p>`);
    expect(none.body).toContain('<p>no consent|guest</p>');
    expect(again.body).toContain(`${CONSENT_COOKIE}=declined`);
    expect([...renders[0]!.request.headers.keys()]).toEqual(['cookie']);
  });

  it('keys on the remembered city: one city’s page is never served to a reader of another', async () => {
    const { app, renders } = await harness();
    const noviSad = await app.inject({ url: '/sr/', headers: { cookie: `${CITY_COOKIE}=novi-sad; ${CONSENT_COOKIE}=accepted` } });
    const beograd = await app.inject({ url: '/sr/', headers: { cookie: `${CONSENT_COOKIE}=accepted; ${CITY_COOKIE}=beograd` } });
    const all = await app.inject({ url: '/sr/', headers: { cookie: `${CONSENT_COOKIE}=accepted` } });
    const noviSadAgain = await app.inject({ url: '/sr/', headers: { cookie: `${CITY_COOKIE}=novi-sad; ${CONSENT_COOKIE}=accepted; x=1` } });
    expect(renders).toHaveLength(3);
    expect(noviSad.body).toContain(`<p>${CONSENT_COOKIE}=accepted; ${CITY_COOKIE}=novi-sad|guest</p>`);
    expect(beograd.body).toContain(`${CITY_COOKIE}=beograd|guest`);
    expect(all.body).not.toContain(CITY_COOKIE);
    expect(noviSadAgain.body).toBe(noviSad.body);
  });

  it('keys on the full URL, query included', async () => {
    const { app, renders } = await harness();
    await app.inject({ url: '/en/search?q=jazz' });
    const other = await app.inject({ url: '/en/search?q=rock' });
    expect(other.body).toContain('<h1>/en/search?q=rock</h1>');
    expect(renders).toHaveLength(2);
  });

  it('keeps only successful pages: a 404 is rendered each time and keeps its status, with its scripts hashed', async () => {
    const { app, renders, cache } = await harness();
    for (let i = 0; i < 2; i += 1) {
      const response = await app.inject({ url: '/en/events/missing-1' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    }
    expect(renders).toHaveLength(2);
    expect(cache.size).toBe(0);
  });

  it('shares one uncacheable render among concurrent requests without keeping it', async () => {
    const { app, renders, cache } = await harness();
    const responses = await Promise.all(Array.from({ length: 5 }, () => app.inject({ url: '/en/events/missing-2' })));
    expect(responses.map((response) => response.statusCode)).toEqual([404, 404, 404, 404, 404]);
    expect(renders).toHaveLength(1);
    expect(cache.size).toBe(0);
  });

  it('renders again once the TTL has passed, answering with the old page while that render runs', async () => {
    const { app, renders, advance } = await harness({ ttlMs: 3_000 });
    await app.inject({ url: '/en/' });
    advance(2_999);
    expect((await app.inject({ url: '/en/' })).body).toContain('render 1');
    expect(renders).toHaveLength(1);
    advance(2);
    expect((await app.inject({ url: '/en/' })).body).toContain('render 1');
    expect(renders).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await app.inject({ url: '/en/' })).body).toContain('render 2');
    // Long expired: nobody gets the old page.
    advance(6_001);
    expect((await app.inject({ url: '/en/' })).body).toContain('render 3');
    expect(renders).toHaveLength(3);
  });

  it('renders afresh once the catalogue changes', async () => {
    const { app, renders, setVersion } = await harness();
    await app.inject({ url: '/en/' });
    setVersion(2);
    expect((await app.inject({ url: '/en/' })).body).toContain('render 2');
    expect(renders).toHaveLength(2);
  });

  it('holds at most its byte budget, dropping the least recently used', async () => {
    const probe = await harness();
    await probe.app.inject({ url: '/en/events/a-1' });
    const pageBytes = probe.cache.bytes; // its gzip and brotli bodies and its headers
    // Room for four such pages (a page may take at most a quarter of the budget).
    const { app, cache, renders } = await harness({ maxBytes: Math.floor(pageBytes * 4.5) });
    for (const slug of ['a-1', 'b-2', 'c-3', 'd-4', 'a-1', 'e-5']) await app.inject({ url: `/en/events/${slug}` });
    expect(cache.size).toBe(4);
    expect(cache.bytes).toBeLessThanOrEqual(pageBytes * 4.5);
    expect(renders).toHaveLength(5);
    await app.inject({ url: '/en/events/a-1' }); // kept: used after b
    expect(renders).toHaveLength(5);
    await app.inject({ url: '/en/events/b-2' }); // the least recently used went first
    expect(renders).toHaveLength(6);
  });
});

describe('inlineScriptHashes', () => {
  it('hashes each distinct inline script once, and no script with a src', () => {
    const html = '<script>a()</script><script type="module" src="/x.js"></script><script type="application/ld+json">{}</script><script>a()</script><SCRIPT>\nb()\n</SCRIPT >';
    expect(inlineScriptHashes(html)).toEqual([sha256('a()'), sha256('{}'), sha256('\nb()\n')]);
  });
});
