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

  it('offers only the encodings the caller lists, best first', () => {
    expect(negotiateEncoding('gzip, deflate, br', ['gzip', 'br'])).toBe('gzip');
    expect(negotiateEncoding('deflate', ['br', 'gzip'])).toBeUndefined();
    expect(negotiateEncoding('*', ['br', 'gzip'])).toBe('br');
  });

  it('loads an answer once for concurrent misses and keeps it for its time', async () => {
    const cache = new ResponseCache({ ttlMs: 50, maxBytes: 1_000_000 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return `body ${loads}`;
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => cache.fetch('a', load)));
    expect(loads).toBe(1);
    expect(new Set(answers.map((answer) => answer.body.toString()))).toEqual(new Set(['body 1']));
    expect(answers[0]!.etag).toMatch(/^W\/"/);
    expect((await cache.fetch('a', load)).body.toString()).toBe('body 1');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await cache.fetch('a', load)).body.toString()).toBe('body 2');
  });

  it('evicts the least recently used answers past its byte budget', async () => {
    // Each 100-character answer counts 200 bytes (text plus room for its compressed copies).
    const cache = new ResponseCache({ ttlMs: 60_000, maxBytes: 500 });
    const loads: string[] = [];
    const load = (key: string) => async () => (loads.push(key), key.repeat(100));
    await cache.fetch('a', load('a'));
    await cache.fetch('b', load('b'));
    await cache.fetch('a', load('a')); // a is now the most recent
    await cache.fetch('c', load('c')); // b goes
    expect(cache.size).toBe(2);
    await cache.fetch('a', load('a'));
    await cache.fetch('b', load('b'));
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
  });

  it('answers a load that was pushed out (or cleared) while it ran, instead of failing the request', async () => {
    const cache = new ResponseCache({ ttlMs: 60_000, maxBytes: 500 });
    let release = () => {};
    const slow = new Promise<string>((resolve) => (release = () => resolve('s'.repeat(100))));
    const pending = cache.fetch('slow', () => slow);
    // Answers that come in while the slow one is still loading fill the budget and push it out.
    for (const key of ['a', 'b', 'c']) await cache.fetch(key, async () => key.repeat(100));
    const cleared = cache.fetch('cleared', () => slow);
    cache.clear();
    release();
    expect((await pending).body.toString()).toBe('s'.repeat(100));
    expect((await cleared).body.toString()).toBe('s'.repeat(100));
  });

  it('shares a failed load with its concurrent askers and keeps nothing', async () => {
    const cache = new ResponseCache({ ttlMs: 60_000, maxBytes: 1_000_000 });
    let loads = 0;
    const failing = async () => {
      loads += 1;
      throw new Error('database down');
    };
    const results = await Promise.allSettled([cache.fetch('a', failing), cache.fetch('a', failing)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(loads).toBe(1);
    expect(cache.size).toBe(0);
  });
});
