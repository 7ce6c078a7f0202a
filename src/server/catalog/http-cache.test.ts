import { describe, expect, it } from 'vitest';
import { etagMatches, negotiateEncoding, ResponseCache } from './http-cache';

describe('HTTP caching helpers', () => {
  it('negotiates br, then gzip, then deflate, honouring q=0 and *', () => {
    expect(negotiateEncoding(undefined)).toBeUndefined();
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip;q=0.5, deflate')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, deflate')).toBe('deflate');
    expect(negotiateEncoding('x-gzip')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeUndefined();
  });

  it('matches ETags weakly', () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('*', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });

  it('keeps entries for their time and drops the oldest past its size', async () => {
    const cache = new ResponseCache({ ttlMs: 50, maxEntries: 2 });
    cache.set('a', '1');
    cache.set('b', '2');
    cache.set('c', '3');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.body).toBe('2');
    expect(cache.get('c')?.etag).toMatch(/^W\/"/);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(cache.get('c')).toBeUndefined();
  });
});
