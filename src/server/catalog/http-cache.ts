import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, deflateSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { memoByHeader } from '../lib/header-memo';
import { requestLocale } from '../plugins/problem-details';

/** Public reads: short max-age with stale-while-revalidate (DESIGN §13); content varies by language. */
export const PUBLIC_CACHE = 'public, max-age=30, stale-while-revalidate=300';

/** A weak validator over the serialised body: equal bodies, equal tags, whatever the encoding. */
export function weakEtag(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** RFC 9110 §13.1.2: If-None-Match compares weakly; "*" matches any current representation. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

type Encoding = 'br' | 'gzip' | 'deflate';
const ENCODINGS: readonly Encoding[] = ['br', 'gzip', 'deflate'];
/** Below this, compressing costs more than it saves (the app's compression plugin uses the same). */
const COMPRESS_THRESHOLD = 512;

/**
 * The first of `offered` (best first) that Accept-Encoding allows (q > 0, or `*`), or none. The one
 * Accept-Encoding parser for every answer Kuda compresses itself (API reads here, guest pages).
 */
export function negotiateEncoding<E extends Encoding>(header: string | undefined, offered: readonly E[] = ENCODINGS as readonly E[]): E | undefined {
  let memo = negotiated.get(offered);
  if (!memo) negotiated.set(offered, (memo = memoByHeader((value) => parseAcceptEncoding(value, offered))));
  return memo(header) as E | undefined;
}

/** The choice per list of offered encodings (constants at each call site), then per header value. */
const negotiated = new WeakMap<readonly Encoding[], (header: string | undefined) => Encoding | undefined>();

function parseAcceptEncoding<E extends Encoding>(header: string | undefined, offered: readonly E[]): E | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim() === 'x-gzip' ? 'gzip' : name.trim(), q ? Number(q.slice(2)) : 1);
  }
  return offered.find((encoding) => (accepted.get(encoding) ?? accepted.get('*') ?? 0) > 0);
}

/**
 * How hard answers made per request are compressed (API reads here, and every answer of the compression
 * plugin, app.ts): gzip at level 3 and brotli at quality 4, as servers compress on the fly (nginx's own
 * default is gzip level 1). On a 23 KB page of 25 cards, gzip 6 took 0.20 ms and level 3 0.11 ms for 7 %
 * more bytes (3.9 KB against 3.7), brotli 5 0.33 ms and 4 0.25 ms for 4 % more: a tenth of a search
 * answer's CPU, for a few hundred bytes (docs/performance.md).
 */
export const ANSWER_COMPRESSION = { gzipLevel: 3, brotliQuality: 4 } as const;

/**
 * Compresses a whole body. An `answer` is compressed as it is sent (ANSWER_COMPRESSION); a `page` is kept
 * and sent many times (page-cache.ts): gzip's default level and brotli at quality 5.
 */
export function encode(body: string | Buffer, encoding: Encoding, kind: 'answer' | 'page'): Buffer {
  const answer = kind === 'answer';
  if (encoding === 'br') return brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: answer ? ANSWER_COMPRESSION.brotliQuality : 5 } });
  const options = answer ? { level: ANSWER_COMPRESSION.gzipLevel } : {};
  if (encoding === 'gzip') return gzipSync(body, options);
  return deflateSync(body, options);
}

interface CachedBody {
  /** The serialised answer as UTF-8, converted once: hashing, compressing and sending a string each convert it again. */
  body: Buffer;
  etag: string;
  /** The body compressed once per encoding asked for, so a cached answer is not compressed again. */
  encoded: Map<Encoding, Buffer>;
}

/** Produces the serialised body on a miss. */
type LoadBody = () => Promise<string>;

/**
 * A small in-memory cache of serialised public reads (DESIGN §13): the same URL in the same language
 * within a few seconds is answered without the database, and concurrent misses for one key share one
 * load (lru-cache's fetch). Bounded by bytes, least recently used first out. Its freshness is well inside
 * the 30 s clients may cache the answer anyway, and a catalogue write on this instance makes every
 * earlier key unreachable at once (the key carries the service's cache version).
 */
export class ResponseCache {
  private readonly entries: LRUCache<string, CachedBody, LoadBody>;

  constructor(options: { ttlMs: number; maxBytes: number }) {
    this.entries = new LRUCache<string, CachedBody, LoadBody>({
      ttl: options.ttlMs,
      maxSize: options.maxBytes,
      // The bytes, and as much again for their compressed copies (each smaller than the text), added later.
      sizeCalculation: (entry) => Math.max(1, entry.body.length * 2),
      // A load still running when newer answers push it out of the budget (many distinct URLs under load:
      // varied searches) or when clear() runs must still answer its requests; by default lru-cache
      // rejects them with "evicted", which failed those requests with a 500.
      ignoreFetchAbort: true,
      fetchMethod: async (_key, _stale, { context: load }) => {
        const body = Buffer.from(await load());
        return { body, etag: weakEtag(body), encoded: new Map() };
      },
    });
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached answer for `key` if it is there and fresh, without a promise (the common case under load). */
  get(key: string): CachedBody | undefined {
    return this.entries.get(key);
  }

  /** The cached answer for `key`, loading it once for all concurrent askers when missing or expired. */
  async fetch(key: string, load: LoadBody): Promise<CachedBody> {
    const entry = await this.entries.fetch(key, { context: load });
    // fetchMethod never resolves undefined (it has no abort path); a load that throws rejects instead.
    return entry!;
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * Sends a public, cacheable JSON read from `cache` (serialised once with the route's response schema on a
 * miss), adds Cache-Control, Vary, Content-Language and a weak ETag, and answers 304 without a body when
 * the client already has it.
 */
export function sendCacheable(
  request: FastifyRequest,
  reply: FastifyReply,
  load: () => Promise<unknown>,
  cache: { store: ResponseCache; version: number },
): FastifyReply | Promise<FastifyReply> {
  const locale = requestLocale(request);
  const serialize = async () => reply.serialize(await load()) as string;
  const key = `${cache.version}|${locale}|${request.host}|${request.url}`;
  // A hit is answered in this turn: no promise, no microtask (issue #13, the cached listing).
  const hit = cache.store.get(key);
  if (hit) return sendEntry(request, reply, locale, hit);
  return cache.store.fetch(key, serialize).then((entry) => sendEntry(request, reply, locale, entry));
}

function sendEntry(request: FastifyRequest, reply: FastifyReply, locale: string, entry: CachedBody): FastifyReply {
  reply
    .header('cache-control', PUBLIC_CACHE)
    .header('vary', 'Accept-Language, Accept-Encoding')
    .header('content-language', locale)
    .header('etag', entry.etag);
  if (etagMatches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = entry.body.length >= COMPRESS_THRESHOLD ? negotiateEncoding(request.headers['accept-encoding']) : undefined;
  if (!encoding) return reply.send(entry.body);
  let encoded = entry.encoded.get(encoding);
  if (!encoded) {
    encoded = encode(entry.body, encoding, 'answer');
    entry.encoded.set(encoding, encoded);
  }
  // Already encoded: the compression plugin leaves a reply with a Content-Encoding alone.
  return reply.header('content-encoding', encoding).header('content-length', encoded.length).send(encoded);
}
