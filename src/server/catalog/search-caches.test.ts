import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeApi } from '../../../tests/support/test-app';
import { events } from '../db/schema';
import { fixtureStart, insertCatalogFixtures, type FixtureIds } from './testing/catalog-fixtures';

/**
 * Search keeps a query's `total` and its spelling suggestion's written form for a while (catalog-search.ts):
 * a catalogue write must drop them at once through invalidate(), as it drops the answer cache. Calls the
 * service directly, so the API's answer cache is not what is measured.
 */
let ids: FixtureIds;

describeApi(
  'search caches and catalogue writes',
  (t) => {
    const catalog = () => t().services.catalog;
    const db = () => t().services.database.db;

    it('counts the new match of a query after a catalogue write, not the total from before it', async () => {
      // Pages of two: a first page that holds every match is its own total and counts nothing.
      const before = (await catalog().search('koncert', 'sr', { limit: 2 })).total;
      expect(before).toBeGreaterThan(3);
      await db()
        .insert(events)
        .values({ slug: 'koncert-posle-upisa', title: { sr: 'Koncert posle upisa' }, categoryId: ids.categories.get('koncerti')!, startsAt: fixtureStart(new Date(), 5) });
      // Reused until the catalogue says it changed: the page size does not matter to the count.
      expect((await catalog().search('koncert', 'sr', { limit: 3 })).total).toBe(before);
      catalog().invalidate();
      expect((await catalog().search('koncert', 'sr', { limit: 2 })).total).toBe(before + 1);
      expect((await catalog().search('koncert', 'sr', { limit: 50 })).total).toBe(before + 1);
    });

    it('cuts pages from the kept first matches exactly as the database reads them, in both orders and with a typo', async () => {
      type Page = Awaited<ReturnType<ReturnType<typeof catalog>['search']>>;
      const walk = async (q: string, sort: 'relevance' | 'soonest', fromDatabase: boolean) => {
        const pages: Pick<Page, 'total' | 'next_cursor'>[] = [];
        const seen: number[] = [];
        let cursor: string | undefined;
        do {
          // invalidate() before a next page drops the kept matches, so that page is read from the database.
          if (fromDatabase) catalog().invalidate();
          const page: Page = await catalog().search(q, 'sr', { limit: 2, sort, cursor });
          pages.push({ total: page.total, next_cursor: page.next_cursor });
          seen.push(...page.events.map((event) => event.id));
          cursor = page.next_cursor ?? undefined;
        } while (cursor);
        return { pages, seen };
      };
      for (const q of ['koncert', 'konsert']) {
        for (const sort of ['relevance', 'soonest'] as const) {
          const read = await walk(q, sort, true);
          expect(read.seen.length, `${q} ${sort}`).toBeGreaterThan(3);
          expect(await walk(q, sort, false), `${q} ${sort}`).toEqual(read);
        }
      }
    });

    it('finds a new match of a query after a catalogue write, not the first matches kept from before it', async () => {
      const slugs = async () => (await catalog().search('koncert', 'sr', { limit: 50, sort: 'soonest' })).events.map((event) => event.slug);
      const before = await slugs();
      await db()
        .insert(events)
        .values({ slug: 'koncert-sutra-rano', title: { sr: 'Koncert sutra rano' }, categoryId: ids.categories.get('koncerti')!, startsAt: fixtureStart(new Date(), 1) });
      expect(await slugs()).toEqual(before);
      catalog().invalidate();
      expect(await slugs()).toContain('koncert-sutra-rano');
    });

    it('writes the spelling suggestion as the titles write it after a catalogue write', async () => {
      expect((await catalog().search('hamlte', 'sr')).spelling).toBe('Hamlet');
      await db()
        .update(events)
        .set({ title: sql`jsonb_set(${events.title}, '{sr}', '"HAMLET"')` })
        .where(eq(events.slug, 'hamlet'));
      expect((await catalog().search('hamlte', 'sr')).spelling).toBe('Hamlet');
      catalog().invalidate();
      expect((await catalog().search('hamlte', 'sr')).spelling).toBe('HAMLET');
    });
  },
  {
    prepare: async (services) => {
      ids = await insertCatalogFixtures(services.database.db);
    },
  },
);
