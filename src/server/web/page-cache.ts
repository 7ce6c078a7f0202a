import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { CITY_COOKIE, parseCityCookie } from '../../shared/city-cookie';
import { parseConsent } from '../../shared/consent';
import { CONSENT_COOKIE } from '../../shared/constants';
import { LOCALES } from '../../shared/locales';
import { encode, etagMatches, negotiateEncoding, weakEtag } from '../catalog/http-cache';
import { requestOrigin } from '../config';

/**
 * A few-seconds cache of server-rendered pages for guests (DESIGN §13, docs/decisions/0006): every guest
 * sees the same HTML for the same URL, so one render serves everyone who asks within the TTL, and
 * concurrent first requests share that render (lru-cache's fetch).
 *
 * What keeps it correct:
 * - the render sees only what the key holds: the URL and the consent and city cookies' values. It is given a
 *   request built from those alone, so a loader that starts reading another header or cookie sees the
 *   guest's view, never one visitor's;
 * - requests with an Authorization header are rendered as before, uncached;
 * - the page is rendered without a nonce, and its CSP names the sha256 hash of each of its inline
 *   scripts, computed once: the page is the same bytes for every guest, so it is compressed once (gzip
 *   and brotli) and carries an ETag. Content cannot add a script: only the scripts rendered are hashed;
 * - only 200 answers without Set-Cookie are kept; they keep the headers the render gave them;
 * - the key carries the catalogue's version (CatalogService.cacheVersion): a write on this instance makes
 *   every earlier page unreachable at once; the TTL bounds what another instance wrote;
 * - bounded by bytes, least recently used first out.
 */

export interface PageCacheOptions {
  ttlMs: number;
  /** Memory the cached pages may take, their compressed bodies and headers. */
  maxBytes: number;
  /** Changes whenever the catalogue changes (CatalogService.cacheVersion). */
  version: () => number;
  /** The CSP of a page whose inline scripts have these sources (the security plugin's policy). */
  policy: (scriptSources: readonly string[]) => string;
  /** The clock, in milliseconds (tests move it). */
  now?: () => number;
}

/** Renders a page for `request`; `cspNonce` is '' here, so the page carries no nonce. */
export type RenderPage = (request: Request, cspNonce: string) => Promise<Response>;

interface CachedPage {
  status: number;
  headers: [string, string][];
  etag: string;
  gzip: Buffer;
  br: Buffer;
}

/** A render that must not be kept; thrown so that every concurrent asker gets it, and nothing is stored. */
class UncacheablePage extends Error {
  constructor(
    readonly status: number,
    readonly headers: [string, string][],
    readonly cookies: string[],
    readonly body: string,
  ) {
    super('uncacheable page');
  }
}

/** The CSP source for each distinct inline <script> in `html` (those without `src`), in page order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** A cached page is kept in these encodings (and unpacked for a client that takes neither). */
const PAGE_ENCODINGS = ['br', 'gzip'] as const;
const locales = LOCALES.join('|');
/** Guest-visible pages: home, category, event, venue, search and the fixed pages (privacy, about, terms, contact), in any language. */
const CACHEABLE_PATH = new RegExp(
  `^(?:/(?:${locales}))?(?:/|/(?:categories/[^/]+(?:/[^/]+)?|events/[^/]+|venues/[^/]+|search|privacy-policy|about|terms|contact)/?)?$`,
);

interface RenderContext {
  url: string;
  consent: string;
  /** The remembered city (city-cookie.ts): pages list that city's events, so each city is its own page. */
  city: string;
}

export class PageCache {
  private readonly pages: LRUCache<string, CachedPage, RenderContext>;

  constructor(
    private readonly render: RenderPage,
    private readonly options: PageCacheOptions,
  ) {
    const now = options.now ?? (() => performance.now());
    this.pages = new LRUCache<string, CachedPage, RenderContext>({
      ttl: options.ttlMs,
      // Read the clock on every look-up rather than once a millisecond: the tests move it between calls.
      ttlResolution: 0,
      perf: { now },
      maxSize: options.maxBytes,
      maxEntrySize: Math.floor(options.maxBytes / 4),
      sizeCalculation: (page) => page.gzip.length + page.br.length + JSON.stringify(page.headers).length,
      // An expired page stays until it is replaced, so it can be served while one render replaces it.
      noDeleteOnStaleGet: true,
      fetchMethod: (_key, _stale, { context }) => this.renderGuest(context),
    });
  }

  get size(): number {
    return this.pages.size;
  }

  /** What the kept pages take, as counted against `maxBytes`. */
  get bytes(): number {
    return this.pages.calculatedSize;
  }

  /** Whether this request gets the shared guest page. */
  accepts(request: FastifyRequest): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    if (request.headers.authorization !== undefined) return false;
    const query = request.url.indexOf('?');
    return CACHEABLE_PATH.test(query === -1 ? request.url : request.url.slice(0, query));
  }

  clear(): void {
    this.pages.clear();
  }

  /** Answers an accepted request from the cache, rendering (once for all concurrent askers) on a miss. */
  async send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const consent = parseConsent(request.headers.cookie) ?? '';
    const city = parseCityCookie(request.headers.cookie) ?? '';
    const url = `${requestOrigin(request)}${request.url}`;
    const key = `${this.options.version()}|${consent}|${city}|${url}`;
    // Expired less than a TTL ago: this and the next requests get it while one render replaces it,
    // instead of all of them waiting for that render. Older than that: everyone waits for the new page.
    const allowStale = this.pages.getRemainingTTL(key) > -this.options.ttlMs;
    let page: CachedPage;
    try {
      page = (await this.pages.fetch(key, { context: { url, consent, city }, allowStale }))!;
    } catch (error) {
      if (!(error instanceof UncacheablePage)) throw error;
      reply.status(error.status).headers(Object.fromEntries(error.headers));
      if (error.cookies.length) reply.header('set-cookie', error.cookies);
      return reply.send(error.body); // the compression plugin takes it from here
    }
    reply.status(page.status);
    for (const [name, value] of page.headers) reply.header(name, value);
    reply.header('etag', page.etag).header('vary', 'Accept-Encoding');
    if (etagMatches(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
    const encoding = negotiateEncoding(request.headers['accept-encoding'], PAGE_ENCODINGS);
    // Clients that take neither (deflate only, or none) are rare: the page is unpacked for them, and the
    // compression plugin deflates it if they asked for that.
    if (!encoding) return reply.send(gunzipSync(page.gzip).toString('utf8'));
    // Already encoded: the compression plugin leaves a reply with a Content-Encoding alone.
    const body = page[encoding];
    return reply.header('content-encoding', encoding).header('content-length', body.length).send(body);
  }

  private async renderGuest({ url, consent, city }: RenderContext): Promise<CachedPage> {
    const headers = new Headers();
    const cookies = [consent && `${CONSENT_COOKIE}=${consent}`, city && `${CITY_COOKIE}=${city}`].filter(Boolean);
    if (cookies.length) headers.set('cookie', cookies.join('; '));
    const response = await this.render(new Request(url, { method: 'GET', headers }), '');
    const body = await response.text();
    const kept: [string, string][] = [];
    for (const [name, value] of response.headers) {
      if (name !== 'set-cookie' && name !== 'content-length' && name !== 'content-security-policy') kept.push([name, value]);
    }
    // Every guest page's CSP names its own scripts, whether it is kept or not.
    kept.push(['content-security-policy', this.options.policy(inlineScriptHashes(body))]);
    const setCookies = response.headers.getSetCookie();
    if (response.status !== 200 || setCookies.length > 0) throw new UncacheablePage(response.status, kept, setCookies, body);
    return { status: response.status, headers: kept, etag: weakEtag(body), gzip: encode(body, 'gzip', 'page'), br: encode(body, 'br', 'page') };
  }
}
