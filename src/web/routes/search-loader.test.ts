import type { AppLoadContext } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { loader } from './search';

/** The search page's loader: the filters of its URL reach the catalogue, and the canonical URL has one order. */
const CATEGORIES = [{ id: 1, slug: 'koncerti', name: 'Concerts', icon: 'music_note', subcategories: [] }];
const CITIES = [{ id: 1, slug: 'novi-sad', name: { sr: 'Novi Sad', en: 'Novi Sad', uk: 'Нові Сад', ru: 'Нови-Сад' } }];

async function load(path: string) {
  const search = vi.fn(async (q: string) => ({ query: q, events: [], venues: [], categories: [], next_cursor: null, total: 0, spelling: null }));
  const context = {
    origin: 'http://kuda.test',
    services: { catalog: { categories: async () => CATEGORIES, cities: async () => CITIES, tags: async () => [], search } },
  } as unknown as AppLoadContext;
  const data = await loader({ context, request: new Request(`http://kuda.test${path}`), params: {} } as unknown as Parameters<typeof loader>[0]);
  return { data, search };
}

describe('the search page loader', () => {
  it('hands the URL’s filters to the search and names one canonical URL for every order of them', async () => {
    const { data, search } = await load('/uk/search?sort=soonest&free=1&city=novi-sad&q=jazz&category=koncerti&when=today');
    expect(search).toHaveBeenCalledWith('jazz', 'uk', {
      category: 'koncerti',
      city: 'novi-sad',
      when: 'today',
      free: 'true',
      sort: 'soonest',
      limit: 24,
      tags: undefined,
      from: undefined,
      to: undefined,
      reservable: undefined,
    });
    expect(data.canonical).toBe('http://kuda.test/uk/search?q=jazz&category=koncerti&city=novi-sad&when=today&free=1&sort=soonest');
    expect(data.cities).toEqual([{ slug: 'novi-sad', name: 'Нові Сад' }]);
  });

  it('drops filters the catalogue does not know, and searches nothing without words', async () => {
    const unknown = await load('/en/search?q=jazz&city=atlantis&category=nope');
    expect(unknown.data.canonical).toBe('http://kuda.test/en/search?q=jazz');
    const empty = await load('/en/search?city=novi-sad');
    expect(empty.search).not.toHaveBeenCalled();
    expect(empty.data.result).toBeNull();
  });
});
