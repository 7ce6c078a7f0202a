import type { AppLoadContext } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { CurrentListingSlugs } from '../lib/listing-redirect';
import { loader } from './category';

/**
 * Old listing URLs answer 301 to where their category, subcategory or tags live now (a rename, a merged
 * tag); the catalogue resolves the slugs (CatalogService.currentListingSlugs, tested through the admin
 * API), the loader turns the answer into the redirect and keeps the query string.
 */
const CATEGORIES = [{ id: 1, slug: 'pozoriste', name: 'Theatre', icon: 'theater_comedy', subcategories: [{ id: 5, slug: 'drama', name: 'Drama' }] }];
const TAGS = [{ id: 9, slug: 'besplatno', name: 'Free' }];
const CITIES = [
  { id: 1, slug: 'beograd', name: { sr: 'Beograd', en: 'Belgrade', uk: 'Белград', ru: 'Белград' } },
  { id: 2, slug: 'novi-sad', name: { sr: 'Novi Sad', en: 'Novi Sad', uk: 'Нові Сад', ru: 'Нови-Сад' } },
];
const listEvents = vi.fn(async (_query: Record<string, unknown>) => ({ items: [], next_cursor: null }));

/** The catalogue's history: the old slugs and the current ones they lead to. */
const MOVED: Record<string, string> = { teatar: 'pozoriste', 'stara-drama': 'drama', gratis: 'besplatno' };

async function load(path: string, headers: Record<string, string> = {}) {
  const request = new Request(`http://kuda.test${path}`, { headers });
  const [, , , category = '', subcategory] = new URL(request.url).pathname.split('/');
  const context = {
    cspNonce: 'nonce',
    origin: 'http://kuda.test',
    services: {
      catalog: {
        categories: async () => CATEGORIES,
        tags: async () => TAGS,
        cities: async () => CITIES,
        listEvents,
        currentListingSlugs: async (input: { category: string; subcategory?: string | null; tags?: string[] }): Promise<CurrentListingSlugs | null> => {
          const current = MOVED[input.category] ?? input.category;
          if (!CATEGORIES.some((item) => item.slug === current)) return null;
          const sub = input.subcategory ? (MOVED[input.subcategory] ?? input.subcategory) : null;
          return { category: current, subcategory: sub, tags: [...new Set((input.tags ?? []).map((tag) => MOVED[tag] ?? tag))] };
        },
      },
    },
  } as unknown as AppLoadContext;
  try {
    return await loader({ context, request, params: { category, subcategory } } as unknown as Parameters<typeof loader>[0]);
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get('location') };
    const refusal = thrown as { init?: { status?: number } };
    return { status: refusal.init?.status };
  }
}

describe('the category page loader', () => {
  it('answers 301 from a renamed category to its current slug, keeping the query string', async () => {
    expect(await load('/en/categories/teatar?when=today&free=1')).toEqual({ status: 301, location: '/en/categories/pozoriste?when=today&free=1' });
  });

  it('answers 301 from a renamed subcategory under a renamed category', async () => {
    expect(await load('/sr/categories/teatar/stara-drama')).toEqual({ status: 301, location: '/sr/categories/pozoriste/drama' });
  });

  it('answers 301 from a merged or renamed tag in ?tags= to the tag it went into', async () => {
    expect(await load('/en/categories/pozoriste?tags=gratis&when=week')).toEqual({ status: 301, location: '/en/categories/pozoriste?tags=besplatno&when=week' });
  });

  it('serves a current URL, and an unknown tag that never existed is dropped without a redirect', async () => {
    const page = (await load('/en/categories/pozoriste/drama?tags=nepoznato')) as { category?: { slug: string }; status?: number };
    expect(page.status).toBeUndefined();
    expect(page.category?.slug).toBe('pozoriste');
  });

  it('is 404 for a category the catalogue never knew (or a hidden one)', async () => {
    expect(await load('/en/categories/nema')).toEqual({ status: 404 });
  });

  it('lists the remembered city unless the URL names one, and names only the URL’s city and date in the canonical URL', async () => {
    const remembered = (await load('/en/categories/pozoriste?free=1', { cookie: 'kuda_city=novi-sad' })) as { canonical: string };
    expect(listEvents).toHaveBeenLastCalledWith(expect.objectContaining({ category: 'pozoriste', city: 'novi-sad', free: 'true' }));
    expect(remembered.canonical).toBe('http://kuda.test/en/categories/pozoriste');

    const named = (await load('/en/categories/pozoriste?when=today&free=1&city=beograd', { cookie: 'kuda_city=novi-sad' })) as { canonical: string };
    expect(listEvents).toHaveBeenLastCalledWith(expect.objectContaining({ city: 'beograd', when: 'today' }));
    expect(named.canonical).toBe('http://kuda.test/en/categories/pozoriste?city=beograd&when=today');

    await load('/en/categories/pozoriste', { cookie: 'kuda_city=atlantis' });
    expect(listEvents).toHaveBeenLastCalledWith(expect.objectContaining({ city: undefined }));
  });
});
