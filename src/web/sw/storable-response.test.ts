import { describe, expect, it } from 'vitest';
import { isStorable, storableResponsePlugin } from './storable-response';

const answer = (cacheControl: string | null, init: ResponseInit = {}) =>
  new Response('{}', { status: 200, ...init, headers: { ...(cacheControl ? { 'cache-control': cacheControl } : {}), ...(init.headers as Record<string, string>) } });

describe('what the service worker may store', () => {
  it.each([
    ['public, max-age=30, stale-while-revalidate=300', true],
    ['no-cache', true],
    [null, true],
    ['private, no-store', false],
    ['no-store', false],
    ['No-Store', false],
    ['max-age=0, NO-STORE', false],
    ['private', false],
    ['private, max-age=60', false],
  ])('Cache-Control %s → %s in a shared cache', (cacheControl, storable) => {
    expect(isStorable(answer(cacheControl))).toBe(storable);
  });

  it('keeps a private answer only in one person’s own cache, and a no-store answer nowhere', () => {
    expect(isStorable(answer('private, max-age=60'), { personal: true })).toBe(true);
    expect(isStorable(answer('private, no-store'), { personal: true })).toBe(false);
  });

  it('stores only complete answers', () => {
    expect(isStorable(answer('public', { status: 206 }))).toBe(false);
    expect(isStorable(answer('public', { status: 404 }))).toBe(false);
    expect(isStorable(new Response(null, { status: 500 }))).toBe(false);
    expect(isStorable(answer('public', { headers: { vary: '*' } }))).toBe(false);
  });

  it('as a Workbox plugin: cacheWillUpdate hands back what may be stored and null for the rest', async () => {
    const plugin = storableResponsePlugin();
    const request = new Request('https://kuda.example/api/v1/events');
    const event = new Event('fetch') as never;
    const kept = answer('public, max-age=30');
    expect(await plugin.cacheWillUpdate!({ request, response: kept, event, state: undefined })).toBe(kept);
    expect(await plugin.cacheWillUpdate!({ request, response: answer('private, no-store'), event, state: undefined })).toBeNull();
  });
});
