import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONSENT_COOKIE } from '../../shared/constants';
import { LOCALES } from '../../shared/locales';
import { SplicedBody, type SplicedEncoding } from './spliced-compression';

/**
 * A few-seconds cache of server-rendered pages for guests (DESIGN §13, docs/decisions/0006): every guest
 * sees the same HTML for the same URL, so one render serves everyone who asks within the TTL, and
 * concurrent first requests share that render.
 *
 * What keeps it correct:
 * - the render sees only what the key holds: the URL and the consent cookie's value. It is given a
 *   request built from those alone, so a loader that starts reading another header or cookie sees the
 *   guest's view, never one visitor's;
 * - requests with an Authorization header are rendered as before, uncached;
 * - the page is rendered with a per-process random token where the CSP nonce goes, and each response
 *   gets its own request's nonce in its place. Page content cannot carry the token: it is never sent;
 * - only 200 answers without Set-Cookie are kept; they keep the headers the render gave them;
 * - a catalogue write (CatalogService.invalidate) empties it; the TTL bounds what another instance wrote;
 * - bounded by entries and bytes, least recently used first out.
 */

export interface PageCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** Approximate memory the cached pages may take, text and compressed bodies together. */
  maxBytes: number;
  /** Changes whenever the catalogue changes (CatalogService.cacheVersion): the cache empties. */
  version: () => number;
  now?: () => number;
}

/** Renders a page for `request` with `cspNonce` wherever the page needs its nonce. */
export type RenderPage = (request: Request, cspNonce: string) => Promise<Response>;

interface RenderedPage {
  status: number;
  headers: [string, string][];
  cookies: string[];
  /** The page's text split where the nonce goes. */
  parts: string[];
  bytes: number;
}

interface CachedPage extends RenderedPage {
  expires: number;
  encoded: Map<SplicedEncoding, SplicedBody>;
}

const SPLICED: readonly SplicedEncoding[] = ['gzip', 'deflate'];

/** gzip, else deflate, when Accept-Encoding allows it (q > 0, or `*`). */
export function splicedEncoding(header: string | undefined): SplicedEncoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    weights.set(name.trim() === 'x-gzip' ? 'gzip' : name.trim(), q ? Number(q.slice(2)) : 1);
  }
  return SPLICED.find((encoding) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0);
}

const locales = LOCALES.join('|');
/** Guest-visible pages: home, category, event, venue, search and the privacy policy, in any language. */
const CACHEABLE_PATH = new RegExp(
  `^(?:/(?:${locales}))?(?:/|/(?:categories/[^/]+(?:/[^/]+)?|events/[^/]+|venues/[^/]+|search|privacy-policy)/?)?$`,
);

function consentOf(cookieHeader: string | undefined): string {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=(accepted|declined)(?:;|$)`));
  return match?.[1] ?? '';
}

export class PageCache {
  /** Stands in for the nonce while rendering; random per process, so no content can contain it. */
  readonly placeholder = `kudanonce${randomBytes(16).toString('hex')}`;
  private readonly entries = new Map<string, CachedPage>();
  private readonly rendering = new Map<string, Promise<RenderedPage | CachedPage>>();
  private bytes = 0;
  private version: number;
  private readonly now: () => number;

  constructor(
    private readonly render: RenderPage,
    private readonly options: PageCacheOptions,
  ) {
    this.version = options.version();
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Whether this request gets the shared guest page. */
  accepts(request: FastifyRequest): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    if (request.headers.authorization !== undefined) return false;
    const query = request.url.indexOf('?');
    return CACHEABLE_PATH.test(query === -1 ? request.url : request.url.slice(0, query));
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  /** Answers an accepted request from the cache, rendering (once for all concurrent askers) on a miss. */
  async send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const consent = consentOf(request.headers.cookie);
    const url = `${request.protocol}://${request.host}${request.url}`;
    const key = `${consent}|${url}`;
    const cached = this.get(key);
    if (!cached) return this.reply(request, reply, key, await this.renderShared(key, url, consent));
    // Just expired: this and the next requests get it while one render replaces it, instead of all of
    // them waiting for that render.
    if (cached.expires <= this.now()) this.renderShared(key, url, consent).catch(() => undefined);
    return this.reply(request, reply, key, cached);
  }

  /** A fresh entry, or one expired less than a TTL ago, which the caller must refresh. */
  private get(key: string): CachedPage | undefined {
    const version = this.options.version();
    if (version !== this.version) {
      this.version = version;
      this.clear();
      return undefined;
    }
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires + this.options.ttlMs <= this.now()) {
      this.bytes -= entry.bytes;
      return undefined;
    }
    this.entries.set(key, entry); // most recently used last
    return entry;
  }

  private renderShared(key: string, url: string, consent: string): Promise<RenderedPage | CachedPage> {
    const pending = this.rendering.get(key);
    if (pending) return pending;
    const version = this.version;
    const work = this.renderGuest(url, consent)
      .then((page) => {
        const keep = page.status === 200 && page.cookies.length === 0 && version === this.options.version();
        return (keep && this.store(key, page)) || page;
      })
      .finally(() => this.rendering.delete(key));
    this.rendering.set(key, work);
    return work;
  }

  private async renderGuest(url: string, consent: string): Promise<RenderedPage> {
    const headers = new Headers();
    if (consent) headers.set('cookie', `${CONSENT_COOKIE}=${consent}`);
    const response = await this.render(new Request(url, { method: 'GET', headers }), this.placeholder);
    const body = await response.text();
    const kept: [string, string][] = [];
    for (const [name, value] of response.headers) {
      if (name !== 'set-cookie' && name !== 'content-length') kept.push([name, value]);
    }
    // Text is held as UTF-16 at worst; the compressed bodies are a fraction on top.
    return { status: response.status, headers: kept, cookies: response.headers.getSetCookie(), parts: body.split(this.placeholder), bytes: body.length * 2 };
  }

  private store(key: string, page: RenderedPage): CachedPage | undefined {
    const { maxBytes, maxEntries, ttlMs } = this.options;
    if (page.bytes > maxBytes / 4) return undefined;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.bytes -= previous.bytes;
    }
    const entry: CachedPage = { ...page, expires: this.now() + ttlMs, encoded: new Map() };
    this.entries.set(key, entry);
    this.bytes += page.bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= maxEntries && this.bytes <= maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes;
    }
    return entry;
  }

  private reply(request: FastifyRequest, reply: FastifyReply, key: string, page: RenderedPage | CachedPage): FastifyReply {
    const nonce = request.cspNonce;
    reply.status(page.status);
    for (const [name, value] of page.headers) reply.header(name, value);
    if (page.cookies.length) reply.header('set-cookie', page.cookies);
    const encoding = 'encoded' in page && page.parts.length > 1 ? splicedEncoding(request.headers['accept-encoding']) : undefined;
    if (!encoding) return reply.send(page.parts.join(nonce)); // the compression plugin takes it from here
    const cached = page as CachedPage;
    let spliced = cached.encoded.get(encoding);
    if (!spliced) {
      spliced = new SplicedBody(page.parts, encoding, Buffer.byteLength(nonce));
      cached.encoded.set(encoding, spliced);
      if (this.entries.get(key) === cached) {
        cached.bytes += spliced.compressedSize;
        this.bytes += spliced.compressedSize;
      }
    }
    let body: Buffer;
    try {
      body = spliced.body(nonce);
    } catch {
      return reply.send(page.parts.join(nonce)); // a nonce of another length: compressed whole, as uncached
    }
    // Already encoded: the compression plugin leaves a reply with a Content-Encoding alone.
    return reply.header('vary', 'Accept-Encoding').header('content-encoding', encoding).send(body);
  }
}
