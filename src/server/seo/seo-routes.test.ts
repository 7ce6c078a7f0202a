import { expect, it } from 'vitest';
import { describeApi } from '../../../tests/support/test-app';
import { FIXTURE_EVENTS, insertCatalogFixtures, type FixtureIds } from '../catalog/testing/catalog-fixtures';
import { robotsTxt, sitemapIndex } from './sitemap';

const ORIGIN = 'https://kuda.example';
let ids: FixtureIds;

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

/** Past events are listed too (their pages stay); unpublished ones are not. */
const PUBLISHED_EVENTS = FIXTURE_EVENTS.filter((event) => event.published !== false).length;

describeApi(
  'robots.txt and sitemap.xml',
  (t) => {
    it('serves robots.txt pointing at the sitemap, keeping crawlers out of the API and private pages', async () => {
      const response = await t().http('/robots.txt');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      const text = await response.text();
      expect(text).toContain('User-agent: *');
      expect(text).toContain('Disallow: /api/');
      expect(text).toContain('Disallow: /*/reservation');
      expect(text).toContain('Disallow: /*/profile');
      expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
      expect(text).not.toMatch(/Disallow: \/\*\/events/);
    });

    it('sends /favicon.ico to the icon rather than answering it with a page', async () => {
      const response = await t().http('/favicon.ico', { redirect: 'manual' });
      expect(response.status).toBe(301);
      expect(response.headers.get('location')).toBe('/favicon.svg');
    });

    it('lists every public page in every language with its alternates', async () => {
      const response = await t().http('/sitemap.xml');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
      expect(response.headers.get('cache-control')).toMatch(/^public/);
      const xml = await response.text();
      expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
      expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
      const urls = locs(xml);
      for (const lang of ['sr', 'en', 'uk', 'ru']) {
        expect(urls).toContain(`${ORIGIN}/${lang}/`);
        for (const page of ['privacy-policy', 'about', 'terms', 'contact']) expect(urls).toContain(`${ORIGIN}/${lang}/${page}`);
        expect(urls).toContain(`${ORIGIN}/${lang}/categories/koncerti`);
        expect(urls).toContain(`${ORIGIN}/${lang}/categories/koncerti/dzez`);
        expect(urls).toContain(`${ORIGIN}/${lang}/venues/kolarac-${ids.venues.get('kolarac')}`);
        for (const event of FIXTURE_EVENTS) {
          const url = `${ORIGIN}/${lang}/events/${event.slug}-${ids.events.get(event.slug)}`;
          if (event.published === false) expect(urls).not.toContain(url);
          else expect(urls, url).toContain(url);
        }
      }
      // 5 fixed pages, 9 categories, 4 subcategories, 9 venues, the published events; 4 languages each.
      expect(urls).toHaveLength((5 + 9 + 4 + 9 + PUBLISHED_EVENTS) * 4);
      expect(new Set(urls).size).toBe(urls.length);

      const hamlet = `/events/hamlet-${ids.events.get('hamlet')}`;
      const entry = xml.split('\n').find((line) => line.includes(`<loc>${ORIGIN}/en${hamlet}</loc>`))!;
      expect(entry).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T/);
      for (const lang of ['sr', 'en', 'uk', 'ru']) {
        expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="${lang}" href="${ORIGIN}/${lang}${hamlet}"/>`);
      }
      expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${ORIGIN}/sr${hamlet}"/>`);
    });

    it('answers 304 to a matching ETag', async () => {
      const first = await t().http('/sitemap.xml');
      const etag = first.headers.get('etag')!;
      const again = await t().http('/sitemap.xml', { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
    });

    it('serves the parts a split sitemap links to', async () => {
      const pages = await t().http('/sitemaps/pages.xml');
      expect(pages.status).toBe(200);
      expect(locs(await pages.text())).toHaveLength((5 + 9 + 4 + 9) * 4);
      const events = await t().http('/sitemaps/events-1.xml');
      expect(locs(await events.text())).toHaveLength(PUBLISHED_EVENTS * 4);
      expect((await t().http('/sitemaps/events-2.xml')).status).toBe(404);
      expect((await t().http('/sitemaps/nope.xml')).status).toBe(404);
    });
  },
  {
    env: { PUBLIC_URL: ORIGIN },
    prepare: async (services) => {
      ids = await insertCatalogFixtures(services.database.db);
    },
  },
);

it('writes a sitemap index and robots.txt for any origin', () => {
  expect(sitemapIndex(ORIGIN, ['pages.xml', 'events-1.xml'])).toBe(
    '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      `<sitemap><loc>${ORIGIN}/sitemaps/pages.xml</loc></sitemap>\n<sitemap><loc>${ORIGIN}/sitemaps/events-1.xml</loc></sitemap>\n</sitemapindex>\n`,
  );
  expect(robotsTxt('http://localhost:3000')).toContain('Sitemap: http://localhost:3000/sitemap.xml');
});
