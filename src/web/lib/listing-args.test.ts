import { describe, expect, it } from 'vitest';
import { EMPTY_ARGS, isListingPath, listingApiQuery, listingSearch, parseListingSearch, sameArgs } from './listing-args';

describe('listing arguments', () => {
  it('reads tags, a date preset and the free and reservable flags from the query string', () => {
    const args = parseListingSearch(new URLSearchParams('tags=rok,dzez&when=weekend&free=1&reservable=1'), { category: 'koncerti' });
    expect(args).toEqual({ category: 'koncerti', subcategory: null, city: null, tags: ['dzez', 'rok'], date: { kind: 'preset', preset: 'weekend' }, free: true, reservable: true });
  });

  it('reads a date range and puts it in order', () => {
    expect(parseListingSearch(new URLSearchParams('from=2026-12-10&to=2026-12-01')).date).toEqual({ kind: 'range', from: '2026-12-01', to: '2026-12-10' });
  });

  it('ignores malformed values instead of failing the page', () => {
    expect(parseListingSearch(new URLSearchParams('tags=<script>,ok&when=someday&from=yesterday&to=2026-01-01'))).toEqual({ ...EMPTY_ARGS, tags: ['ok'] });
  });

  it('drops tags that no longer exist, so a shared link survives a renamed tag', () => {
    const known = ['sport', 'uzivo'];
    expect(parseListingSearch(new URLSearchParams('tags=nope'), {}, known).tags).toEqual([]);
    expect(parseListingSearch(new URLSearchParams('tags=sport,nope,uzivo'), {}, known).tags).toEqual(['sport', 'uzivo']);
  });

  it('writes the same filters back to a stable query string', () => {
    const args = parseListingSearch(new URLSearchParams('reservable=1&tags=rok,dzez&when=today'));
    expect(listingSearch(args)).toBe('?tags=dzez%2Crok&when=today&reservable=1');
    expect(listingSearch(EMPTY_ARGS)).toBe('');
    expect(sameArgs(parseListingSearch(new URLSearchParams(listingSearch(args).slice(1))), args)).toBe(true);
  });

  it('takes the city the URL names, else the remembered one, and only a known city', () => {
    const cities = { known: ['beograd', 'novi-sad'], remembered: 'novi-sad' };
    expect(parseListingSearch(new URLSearchParams('city=beograd'), {}, undefined, cities).city).toBe('beograd');
    expect(parseListingSearch(new URLSearchParams(''), {}, undefined, cities).city).toBe('novi-sad');
    expect(parseListingSearch(new URLSearchParams('city=atlantis'), {}, undefined, cities).city).toBe('novi-sad');
    expect(parseListingSearch(new URLSearchParams(''), {}, undefined, { known: ['beograd'], remembered: 'novi-sad' }).city).toBeNull();
    expect(parseListingSearch(new URLSearchParams('city=beograd')).city).toBeNull();
  });

  it('reads a range sent without its end day as that one day', () => {
    expect(parseListingSearch(new URLSearchParams('from=2026-12-10&to=')).date).toEqual({ kind: 'range', from: '2026-12-10', to: '2026-12-10' });
  });

  it('writes one query string whatever order the parameters came in', () => {
    const orders = ['to=2026-12-02&city=novi-sad&from=2026-12-01&free=1', 'free=true&from=2026-12-01&to=2026-12-02&city=novi-sad'];
    const cities = { known: ['novi-sad'] };
    const written = orders.map((query) => listingSearch(parseListingSearch(new URLSearchParams(query), {}, undefined, cities)));
    expect(written).toEqual(['?city=novi-sad&from=2026-12-01&to=2026-12-02&free=1', '?city=novi-sad&from=2026-12-01&to=2026-12-02&free=1']);
  });

  it('builds the GET /events query', () => {
    const query = listingApiQuery({ ...EMPTY_ARGS, category: 'sport', city: 'novi-sad', date: { kind: 'range', from: '2026-12-01', to: '2026-12-02' }, free: true }, { cursor: 'abc', limit: 24 });
    expect(query).toMatchObject({ category: 'sport', city: 'novi-sad', from: '2026-12-01', to: '2026-12-02', free: true, cursor: 'abc', limit: 24 });
    expect(query.reservable).toBeUndefined();
  });

  it('knows listing paths (spec §2)', () => {
    expect(isListingPath('/')).toBe(true);
    expect(isListingPath('/en')).toBe(true);
    expect(isListingPath('/en/')).toBe(true);
    expect(isListingPath('/en/categories/koncerti/dzez')).toBe(true);
    expect(isListingPath('/categories/sport')).toBe(true);
    expect(isListingPath('/en/events/x-1')).toBe(false);
    expect(isListingPath('/en/search')).toBe(false);
  });
});
