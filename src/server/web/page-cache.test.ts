import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { gunzipSync, inflateSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { CONSENT_COOKIE } from '../../shared/constants';
import { securityPlugin } from '../plugins/security';
import { PageCache, type PageCacheOptions, splicedEncoding } from './page-cache';

interface Harness {
  app: FastifyInstance;
  cache: PageCache;
  renders: Request[];
  setVersion: (version: number) => void;
  advance: (ms: number) => void;
}

/** A page like the real ones: the nonce on scripts and in the hydration data, a body big enough to compress. */
function fakePage(request: Request, nonce: string, renderNumber: number): Response {
  const url = new URL(request.url);
  if (url.pathname.includes('missing')) return new Response('<html>not found</html>', { status: 404, headers: { 'content-type': 'text/html' } });
  const consent = request.headers.get('cookie') ?? 'no consent';
  const html =
    `<!DOCTYPE html><html><head><script nonce="${nonce}">boot()</script></head><body><h1>${url.pathname}${url.search}</h1><p>render ${renderNumber}</p>` +
    `<p>${consent}|${request.headers.get('authorization') ?? 'guest'}</p>${'<div class="card">Концерт</div>'.repeat(200)}` +
    `<script nonce="${nonce}">window.ctx=${JSON.stringify({ nonce })}</script></body></html>`;
  return new Response(html, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', 'content-language': 'en' } });
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function harness(options: Partial<PageCacheOptions> = {}): Promise<Harness> {
  let version = 1;
  let now = 1_000_000;
  const renders: Request[] = [];
  const cache = new PageCache(
    async (request, nonce) => {
      renders.push(request);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return fakePage(request, nonce, renders.length);
    },
    { ttlMs: 5_000, maxEntries: 100, maxBytes: 8 * 1024 * 1024, version: () => version, now: () => now, ...options },
  );
  const app = Fastify();
  await app.register(securityPlugin, { development: false });
  await app.register(compress, { encodings: ['br', 'gzip', 'deflate'], threshold: 512 });
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

const cspNonce = (csp: string | string[] | number | undefined) => /'nonce-([^']+)'/.exec(String(csp))?.[1];

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

  it('gives every response its own nonce, the one its CSP header names, in every place the page uses it', async () => {
    const { app, cache } = await harness();
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i += 1) {
      const response = await app.inject({ url: '/en/events/jazz-1' });
      const nonce = cspNonce(response.headers['content-security-policy']);
      expect(nonce).toBeTruthy();
      nonces.add(nonce!);
      expect(response.body.split(`nonce="${nonce}"`)).toHaveLength(3);
      expect(response.body).toContain(`"nonce":"${nonce}"`);
      expect(response.body).not.toContain(cache.placeholder);
    }
    expect(nonces.size).toBe(3);
  });

  it('shares one render among concurrent first requests', async () => {
    const { app, renders } = await harness();
    const responses = await Promise.all(Array.from({ length: 10 }, () => app.inject({ url: '/sr/search?q=jazz' })));
    expect(renders).toHaveLength(1);
    const nonces = responses.map((response) => cspNonce(response.headers['content-security-policy']));
    responses.forEach((response, index) => expect(response.body).toContain(`nonce="${nonces[index]}"`));
    expect(new Set(nonces).size).toBe(10);
  });

  it('sends gzip and deflate bodies that decode to the page with the response nonce', async () => {
    const { app } = await harness();
    await app.inject({ url: '/en/' });
    for (const [header, encoding, decode] of [
      ['gzip, deflate, br', 'gzip', gunzipSync],
      ['deflate', 'deflate', inflateSync],
    ] as const) {
      const response = await app.inject({ url: '/en/', headers: { 'accept-encoding': header } });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toContain('Accept-Encoding');
      const html = decode(response.rawPayload).toString('utf8');
      expect(html).toContain(`nonce="${cspNonce(response.headers['content-security-policy'])}"`);
      expect(html).toContain('<h1>/en/</h1>');
    }
    // br alone: the compression plugin compresses the page as it does any other.
    const br = await app.inject({ url: '/en/', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
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
    expect([...renders[0]!.headers.keys()]).toEqual(['cookie']);
  });

  it('keys on the full URL, query included', async () => {
    const { app, renders } = await harness();
    await app.inject({ url: '/en/search?q=jazz' });
    const other = await app.inject({ url: '/en/search?q=rock' });
    expect(other.body).toContain('<h1>/en/search?q=rock</h1>');
    expect(renders).toHaveLength(2);
  });

  it('keeps only successful pages: a 404 is rendered each time and keeps its status', async () => {
    const { app, renders, cache } = await harness();
    for (let i = 0; i < 2; i += 1) expect((await app.inject({ url: '/en/events/missing-1' })).statusCode).toBe(404);
    expect(renders).toHaveLength(2);
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

  it('empties when the catalogue changes', async () => {
    const { app, renders, setVersion, cache } = await harness();
    await app.inject({ url: '/en/' });
    await app.inject({ url: '/uk/' });
    setVersion(2);
    await app.inject({ url: '/en/' });
    expect(renders).toHaveLength(3);
    expect(cache.size).toBe(1);
  });

  it('holds at most its number of entries, dropping the least recently used', async () => {
    const { app, renders, cache } = await harness({ maxEntries: 2 });
    await app.inject({ url: '/en/events/a-1' });
    await app.inject({ url: '/en/events/b-2' });
    await app.inject({ url: '/en/events/a-1' }); // a is now the most recent
    await app.inject({ url: '/en/events/c-3' }); // b goes
    expect(cache.size).toBe(2);
    expect(renders).toHaveLength(3);
    await app.inject({ url: '/en/events/a-1' });
    expect(renders).toHaveLength(3);
    await app.inject({ url: '/en/events/b-2' });
    expect(renders).toHaveLength(4);
  });

  it('holds at most its byte budget', async () => {
    // Each fake page is ~7 KB of text, held as ~14 KB.
    const { app, cache } = await harness({ maxBytes: 60_000 });
    for (let i = 0; i < 10; i += 1) await app.inject({ url: `/en/events/e-${i}`, headers: { 'accept-encoding': 'gzip' } });
    expect(cache.size).toBeGreaterThan(0);
    expect(cache.size).toBeLessThanOrEqual(4);
  });
});

describe('splicedEncoding', () => {
  it('prefers gzip, then deflate, and honours q=0', () => {
    expect(splicedEncoding('br, gzip, deflate')).toBe('gzip');
    expect(splicedEncoding('deflate')).toBe('deflate');
    expect(splicedEncoding('gzip;q=0, deflate')).toBe('deflate');
    expect(splicedEncoding('*')).toBe('gzip');
    expect(splicedEncoding('br')).toBeUndefined();
    expect(splicedEncoding(undefined)).toBeUndefined();
  });
});
