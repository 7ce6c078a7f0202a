import { describe, expect, it } from 'vitest';
import { parseSearchUrl, searchApiQuery, searchHref, searchQueryString } from './search-url';

const known = { categories: ['koncerti', 'pozoriste'], cities: ['beograd', 'novi-sad'], tags: ['napolju'] };
const parse = (query: string) => parseSearchUrl(new URLSearchParams(query), known, 100);

describe('search URLs', () => {
  it('write one URL for a search whatever order its link had, defaults left out', () => {
    const orders = [
      'q=dzez festival&city=beograd&free=1&when=weekend&category=koncerti&sort=soonest&reservable=true',
      'sort=soonest&reservable=1&category=koncerti&free=true&q=dzez%20festival&when=weekend&city=beograd',
    ];
    const urls = orders.map((query) => searchHref('sr', parse(query)));
    expect(urls[0]).toBe('/sr/search?q=dzez%20festival&category=koncerti&city=beograd&when=weekend&free=1&reservable=1&sort=soonest');
    expect(urls[1]).toBe(urls[0]);
    expect(searchQueryString(parse('q=koncert&sort=relevance&free=0'))).toBe('?q=koncert');
  });

  it('drops what the catalogue does not know or cannot read, rather than failing the page', () => {
    expect(parse('q=%20jazz%20&category=nope&city=atlantis&tags=nope,napolju&when=someday&sort=best&free=maybe')).toEqual({
      q: 'jazz',
      args: { category: null, subcategory: null, city: null, tags: ['napolju'], date: null, free: false, reservable: false },
      near: null,
      sort: 'relevance',
    });
    expect(parse(`q=${'a'.repeat(150)}`).q).toHaveLength(100);
  });

  it('asks GET /search with the same filter names as GET /events', () => {
    expect(searchApiQuery(parse('q=jazz&category=koncerti&city=novi-sad&from=2026-06-01&to=2026-06-03&free=1'), { cursor: 'abc', limit: 24 })).toEqual({
      q: 'jazz',
      category: 'koncerti',
      city: 'novi-sad',
      tags: undefined,
      when: undefined,
      from: '2026-06-01',
      to: '2026-06-03',
      free: 'true',
      reservable: undefined,
      near: undefined,
      sort: undefined,
      cursor: 'abc',
      limit: 24,
    });
  });

  it('keep "near me" in the URL, comma and all, and order by distance only with a point', () => {
    const near = parse('sort=distance&q=jazz&near=44.816%2C20.463');
    expect(near).toMatchObject({ near: '44.816,20.463', sort: 'distance' });
    expect(searchHref('en', near)).toBe('/en/search?q=jazz&near=44.816,20.463&sort=distance');
    expect(searchApiQuery(near)).toMatchObject({ near: '44.816,20.463', sort: 'distance' });
    // Without a point (or with a malformed one) distance means nothing: relevance, and no sort in the URL.
    expect(parse('q=jazz&sort=distance')).toMatchObject({ near: null, sort: 'relevance' });
    expect(parse('q=jazz&near=north&sort=distance')).toMatchObject({ near: null, sort: 'relevance' });
    // A point with another order keeps both.
    expect(searchQueryString(parse('q=jazz&near=44.816,20.463&sort=soonest'))).toBe('?q=jazz&near=44.816,20.463&sort=soonest');
  });
});
