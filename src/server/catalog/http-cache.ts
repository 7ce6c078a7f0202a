import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, deflateSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
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

interface CachedBody {
  body: string;
  etag: string;
  expires: number;
  /** The body compressed once per encoding asked for, so a cached answer is not compressed again. */
  encoded: Map<Encoding, Buffer>;
}

type Encoding = 'br' | 'gzip' | 'deflate';
const ENCODINGS: readonly Encoding[] = ['br', 'gzip', 'deflate'];
/** Below this, compressing costs more than it saves (the app's compression plugin uses the same). */
const COMPRESS_THRESHOLD = 512;

/** The best encoding Accept-Encoding allows (br, then gzip, then deflate), or none. */
export function negotiateEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim() === 'x-gzip' ? 'gzip' : name.trim(), q ? Number(q.slice(2)) : 1);
  }
  return ENCODINGS.find((encoding) => (accepted.get(encoding) ?? accepted.get('*') ?? 0) > 0);
}

function encode(body: string, encoding: Encoding): Buffer {
  if (encoding === 'br') return brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } });
  if (encoding === 'gzip') return gzipSync(body);
  return deflateSync(body);
}

/**
 * A small in-memory cache of serialised public reads (DESIGN §13): the same URL in the same language
 * within a few seconds is answered without the database. Bounded; the oldest entries go first. Its
 * freshness is well inside the 30 s clients may cache the answer anyway, and a catalogue write on this
 * instance empties it at once (the key carries the service's cache version).
 */
export class ResponseCache {
  private readonly entries = new Map<string, CachedBody>();

  constructor(private readonly options: { ttlMs: number; maxEntries: number }) {}

  get(key: string): CachedBody | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, body: string): CachedBody {
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const entry: CachedBody = { body, etag: weakEtag(body), expires: Date.now() + this.options.ttlMs, encoded: new Map() };
    this.entries.set(key, entry);
    return entry;
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * Sends a public, cacheable JSON read: serialises once with the route's response schema (or takes the
 * body from `cache`), adds Cache-Control, Vary, Content-Language and a weak ETag, and answers 304 without
 * a body when the client already has it.
 */
export async function sendCacheable(
  request: FastifyRequest,
  reply: FastifyReply,
  load: () => Promise<unknown>,
  cache?: { store: ResponseCache; version: number },
): Promise<FastifyReply> {
  const locale = requestLocale(request);
  const key = `${cache?.version}|${locale}|${request.host}|${request.url}`;
  let entry = cache?.store.get(key);
  if (!entry) {
    const body = reply.serialize(await load()) as string;
    entry = cache ? cache.store.set(key, body) : { body, etag: weakEtag(body), expires: 0, encoded: new Map() };
  }
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
    encoded = encode(entry.body, encoding);
    entry.encoded.set(encoding, encoded);
  }
  // Already encoded: the compression plugin leaves a reply with a Content-Encoding alone.
  return reply.header('content-encoding', encoding).header('content-length', encoded.length).send(encoded);
}
