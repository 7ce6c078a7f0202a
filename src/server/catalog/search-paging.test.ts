import { beforeAll, expect, it, vi } from 'vitest';
import type { City, SearchResult } from '../../shared/schemas/catalog';
import type { Problem } from '../../shared/schemas/problem';
import { describeApi } from '../../../tests/support/test-app';
import type { DbOrTx } from '../db/client';
import { sql } from 'drizzle-orm';
import { events, eventSeries, organizers, tags, venues } from '../db/schema';
import { countEvents, listEvents, listEventsLiveFirst } from './catalog-repository';
import { searchEvents, searchEventsAtOnce } from './catalog-repository-search';
import { CatalogSearch } from './catalog-search';
import { TOTAL_TTL_MS } from './search-plan';
import { fixtureStart, insertCatalogFixtures, type FixtureIds } from './testing/catalog-fixtures';

/**
 * GET /search past its first page (issue 11): keyset pages in relevance and date order, the true total,
 * the listing's filters, and GET /cities. Besides the catalogue fixtures, 27 "zmaj" events that nothing
 * else matches: for "zmaj beograd", 12 + 2 dates of a series carry both words in the title (tier 0) and
 * 12 + 1 carry "beograd" only through their Belgrade venue (tier 1).
 */

const now = new Date();
const TITLE_TIER = Array.from({ length: 12 }, (_, index) => `zmaj-iz-beograda-${index + 1}`);
const ANYWHERE_TIER = Array.from({ length: 12 }, (_, index) => `zmaj-${index + 1}`);

async function insertZmajEvents(db: DbOrTx, ids: FixtureIds) {
  const category = ids.categories.get('koncerti')!;
  // Dates interleave the tiers, so relevance order and date order differ.
  await db.insert(events).values([
    ...TITLE_TIER.map((slug, index) => ({
      slug,
      title: { sr: `Zmaj iz Beograda ${index + 1}` },
      categoryId: category,
      venueId: ids.venues.get('petrovaradin')!,
      startsAt: fixtureStart(now, 60 + index * 2),
      priceMax: index % 2 === 0 ? 0 : 1500_00,
    })),
    ...ANYWHERE_TIER.map((slug, index) => ({
      slug,
      title: { sr: `Zmaj ${index + 1}` },
      categoryId: category,
      venueId: ids.venues.get('dom-omladine')!,
      startsAt: fixtureStart(now, 59 + index * 2),
      reservable: index % 2 === 0,
    })),
  ]);
  // A series with a date in each tier: it shows once, at its best-ranked date (tier 0, the earlier one).
  const [organizer] = await db.select({ id: organizers.id }).from(organizers).limit(1);
  const [series] = await db.insert(eventSeries).values({ organizerId: organizer!.id, rrule: 'FREQ=WEEKLY' }).returning({ id: eventSeries.id });
  await db.insert(events).values([
    { slug: 'zmaj-serija-1', title: { sr: 'Zmaj serija' }, categoryId: category, venueId: ids.venues.get('dom-omladine')!, startsAt: fixtureStart(now, 40), seriesId: series!.id },
    { slug: 'zmaj-serija-2', title: { sr: 'Zmaj serija Beograd' }, categoryId: category, startsAt: fixtureStart(now, 47), seriesId: series!.id },
    { slug: 'zmaj-serija-3', title: { sr: 'Zmaj serija Beograd' }, categoryId: category, startsAt: fixtureStart(now, 54), seriesId: series!.id },
  ]);
}

describeApi(
  'search pages',
  (t) => {
    let token: string;
    beforeAll(async () => {
      token = await t().guestToken();
    });
    const get = <T>(path: string, headers: Record<string, string> = {}) => t().json<T>('GET', `/api/v1${path}`, { token, headers });
    const slugs = (result: SearchResult) => result.events.map((event) => event.slug);

    /** Every page of a search, following next_cursor; the pages as they came. */
    async function walk(query: string, limit: number): Promise<SearchResult[]> {
      const pages: SearchResult[] = [];
      let cursor: string | null = null;
      do {
        const response: { status: number; body: SearchResult } = await get<SearchResult>(
          `/search?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(response.status, query).toBe(200);
        expect(response.body.events.length).toBeLessThanOrEqual(limit);
        pages.push(response.body);
        cursor = response.body.next_cursor;
      } while (cursor && pages.length < 20);
      return pages;
    }

    it('walks every page in relevance order with the true total: title matches first, each tier by date, a series once', async () => {
      const pages = await walk('q=zmaj%20beograd', 4);
      const seen = pages.flatMap(slugs);
      const titleTier = [...TITLE_TIER, 'zmaj-serija-2'].sort((a, b) => dayOf(a) - dayOf(b));
      const anywhereTier = [...ANYWHERE_TIER].sort((a, b) => dayOf(a) - dayOf(b));
      expect(seen).toEqual([...titleTier, ...anywhereTier]);
      expect(new Set(seen).size).toBe(seen.length);
      expect(pages.length).toBe(Math.ceil(seen.length / 4));
      expect(pages.at(-1)?.next_cursor).toBeNull();
      for (const page of pages) expect(page.total).toBe(25);
      // One request for all of them gives the same order: the pages neither skip nor repeat.
      expect(slugs((await get<SearchResult>('/search?q=zmaj%20beograd&limit=50')).body)).toEqual(seen);
    });

    it('reads a first page in one statement exactly as the relevance tiers read it, near words and series included', async () => {
      // search-pages.ts reads a first page of a word matching few events with searchEventsAtOnce: the same
      // rows, ranks and order as one statement per tier, for any filter and page size.
      const db = t().services.database.db;
      const planner = new CatalogSearch({ db, taxonomy: () => Promise.reject(new Error('not used')), now: () => new Date() });
      const ranks = new Set<number>();
      let series = 0;
      for (const q of ['zmaj beograd', 'zmaj', 'beograd', 'koncert', 'konsert', 'kontsert', 'dzez', 'Београдски џез', 'Chaika', 'hamlte', 'xyzzy']) {
        const plan = (await planner.queryPlan(q))!;
        for (const filter of [{ from: new Date() }, { from: new Date(), free: true }, { from: new Date(), reservable: false }]) {
          for (const limit of [51, 3]) {
            const tiers = await searchEvents(db, { ...plan, filter, limit });
            expect(await searchEventsAtOnce(db, { ...plan, filter, limit }), `${q} ${JSON.stringify(filter)} ${limit}`).toEqual(tiers);
            for (const row of tiers) ranks.add(row.rank);
            series += tiers.filter((row) => row.seriesId !== null).length;
          }
        }
      }
      // The cases reach every tier and a series, so the comparison covers what each tier excludes.
      expect([...ranks].sort()).toEqual([0, 1, 2, 3]);
      expect(series).toBeGreaterThan(0);
    });

    it('answers from the in-memory index exactly what the database reads: totals, tiers, series, filters and cursors', async () => {
      const db = t().services.database.db;
      const searcher = new CatalogSearch({ db, taxonomy: () => Promise.reject(new Error('not used')), now: () => new Date() });
      // Two more dates at the very start of another: a cursor must tell them apart by id.
      const twin = (await db.select().from(events).where(sql`${events.slug} = 'zmaj-iz-beograda-3'`))[0]!;
      const twins = await db
        .insert(events)
        .values(['zmaj-blizanac-1', 'zmaj-blizanac-2'].map((slug) => ({ slug, title: { sr: 'Zmaj blizanac' }, categoryId: twin.categoryId, venueId: twin.venueId, startsAt: twin.startsAt })))
        .returning({ id: events.id });
      try {
        await searcher.index.load();
        const ids = { koncerti: (await db.select({ id: events.categoryId }).from(events).limit(1))[0]!.id };
        const [organizer] = await db.select({ id: organizers.id }).from(organizers).limit(1);
        const venue = (await db.select({ id: events.venueId }).from(events).where(sql`${events.slug} = 'zmaj-iz-beograda-1'`))[0]!.id!;
        const from = new Date();
        const filters = [
          { from },
          { from, free: true },
          { from, free: false },
          { from, reservable: true },
          { from, categoryId: ids.koncerti },
          { from, venueIds: [venue] },
          { from, organizerId: organizer!.id },
          { from, cancelled: false },
        { from, tagIds: (await db.select({ id: tags.id }).from(tags)).map((row) => row.id).slice(0, 2) },
          { from, to: fixtureStart(now, 50) },
          { from: fixtureStart(now, 45) },
        ];
        let compared = 0;
        const ranks = new Set<number>();
        for (const q of ['zmaj beograd', 'zmaj', 'beograd', 'koncert', 'konsert', 'kontsert', 'dzez', 'Београдски џез', 'Chaika', 'hamlte', 'xyzzy', 'b']) {
          const plan = (await searcher.queryPlan(q))!;
          for (const filter of filters) {
            const label = `${q} ${JSON.stringify(filter)}`;
            const total = await countEvents(db, { ...filter, tsquery: plan.expanded });
            const byTiers = await searchEvents(db, { ...plan, filter, limit: 200 });
            const ranked = await searcher.index.answer({ plan, filter, sort: 'relevance', limit: 200 });
            expect(ranked, label).toEqual({ total, rows: byTiers.map((row) => ({ id: Number(row.id), rank: row.rank })) });
            for (const row of byTiers) ranks.add(row.rank);
            const byDate = await listEvents(db, { ...filter, tsquery: plan.expanded, limit: 200 });
            expect((await searcher.index.answer({ plan, filter, sort: 'soonest', limit: 200 }))?.rows.map((row) => row.id), label).toEqual(byDate.map((row) => Number(row.id)));
            // From every third row on, as a cursor would resume.
            for (const row of byTiers.filter((_, index) => index % 3 === 0)) {
              const after = { rank: row.rank, startsAt: row.startsAt, id: Number(row.id) };
              const next = await searchEvents(db, { ...plan, filter, limit: 4, after });
              expect((await searcher.index.answer({ plan, filter, sort: 'relevance', limit: 4, after: { ...after, at: after.startsAt } }))?.rows, label).toEqual(
                next.map((found) => ({ id: Number(found.id), rank: found.rank })),
              );
              compared += 1;
            }
          }
        }
        expect(compared).toBeGreaterThan(50);
        expect([...ranks].sort()).toEqual([0, 1, 2, 3]);
        // A start before what the index covers is the database's to answer.
        const plan = (await searcher.queryPlan('zmaj'))!;
        expect(await searcher.index.answer({ plan, filter: { from: new Date(Date.now() - 3 * 86_400_000) }, sort: 'relevance', limit: 5 })).toBeNull();
      } finally {
        await db.delete(events).where(sql`${events.id} IN (${twins[0]!.id}, ${twins[1]!.id})`);
        t().services.catalog.invalidate();
      }
    });

    it('chooses listing pages from the index exactly as the database lists them: live first, a series once, tags and cursors', async () => {
      const db = t().services.database.db;
      const searcher = new CatalogSearch({ db, taxonomy: () => Promise.reject(new Error('not used')), now: () => new Date() });
      // A listing does not wait for the first read: the database answers until it is in place.
      expect(await searcher.index.list({ filter: { from: new Date() }, limit: 5 })).toBeNull();
      await searcher.index.load();
      const tag = async (slug: string) => (await db.select({ id: tags.id }).from(tags).where(sql`${tags.slug} = ${slug}`))[0]!.id;
      const venueIds = (await db.select({ id: venues.id }).from(venues).limit(2)).map((row) => row.id);
      const [organizer] = await db.select({ id: organizers.id }).from(organizers).limit(1);
      const category = (await db.select({ id: events.categoryId }).from(events).limit(1))[0]!.id;
      const from = new Date();
      const filters = [
        { from },
        { from, tagIds: [await tag('uzivo')] },
        { from, tagIds: [await tag('napolju'), await tag('besplatno')] },
        { from, categoryId: category },
        { from, venueIds },
        { from, organizerId: organizer!.id },
        { from, free: true },
        { from, reservable: true },
        { from, to: fixtureStart(now, 50) },
        { from: fixtureStart(now, 45) },
        { from: new Date(Date.now() - 12 * 3_600_000) },
      ];
      let cancelled = 0;
      let series = 0;
      for (const filter of filters) {
        const label = JSON.stringify(filter);
        const listed = await listEventsLiveFirst(db, { ...filter, limit: 500 });
        expect(await searcher.index.list({ filter, limit: 500 }), label).toEqual(listed.map((row) => ({ id: Number(row.id), rank: row.rank })));
        cancelled += listed.filter((row) => row.rank === 1).length;
        series += listed.filter((row) => row.seriesId !== null).length;
        for (const row of listed.filter((_, index) => index % 3 === 0)) {
          const after = { rank: row.rank, startsAt: row.startsAt, id: Number(row.id) };
          const next = await listEventsLiveFirst(db, { ...filter, limit: 4, after });
          expect(await searcher.index.list({ filter, limit: 4, after: { ...after, at: after.startsAt } }), label).toEqual(next.map((found) => ({ id: Number(found.id), rank: found.rank })));
        }
      }
      // The cases hold cancelled events (the second tier) and series, so both rules are compared.
      expect(cancelled).toBeGreaterThan(0);
      expect(series).toBeGreaterThan(0);
      // Words are matched by the listing's own SQL.
      expect(await searcher.index.list({ filter: { from, tsquery: 'zmaj:*' }, limit: 5 })).toBeNull();
    });

    it('reads the index again after a catalogue write, and in the background once it is older than the kept answers', async () => {
      const db = t().services.database.db;
      const searcher = new CatalogSearch({ db, taxonomy: () => Promise.reject(new Error('not used')), now: () => new Date() });
      const plan = (await searcher.queryPlan('vodozmaj'))!;
      const filter = { from: new Date() };
      const found = async () => (await searcher.index.answer({ plan, filter, sort: 'relevance', limit: 5 }))?.total;
      // The first answer waits for the first read.
      expect(await found()).toBe(0);
      const category = (await db.select({ id: events.categoryId }).from(events).limit(1))[0]!.id;
      const [added] = await db.insert(events).values({ slug: 'vodozmaj', title: { sr: 'Vodozmaj' }, categoryId: category, startsAt: fixtureStart(now, 70) }).returning({ id: events.id });
      try {
        // Another instance's write: this index answers as it was until it is older than the kept answers,
        // then once more while it is read again beside.
        expect(await found()).toBe(0);
        vi.spyOn(Date, 'now').mockReturnValue(Date.now() + TOTAL_TTL_MS + 1);
        expect(await found()).toBe(0);
        await searcher.index.load();
        expect(await searcher.index.answer({ plan, filter, sort: 'relevance', limit: 5 })).toEqual({ total: 1, rows: [{ id: added!.id, rank: 0 }] });
        vi.restoreAllMocks();
        // This instance's write (clear()): the next answer waits for a new read and sees it.
        await db.update(events).set({ published: false, publication: 'archived' }).where(sql`${events.id} = ${added!.id}`);
        expect(await found()).toBe(1);
        searcher.clear();
        expect(await found()).toBe(0);
      } finally {
        vi.restoreAllMocks();
        await db.delete(events).where(sql`${events.id} = ${added!.id}`);
      }
    });

    it('walks every page soonest first when asked, with the same events and total', async () => {
      const pages = await walk('q=zmaj%20beograd&sort=soonest', 5);
      const seen = pages.flatMap(slugs);
      // In date order a series shows at its first matching date.
      const expected = [...TITLE_TIER, ...ANYWHERE_TIER, 'zmaj-serija-1'].sort((a, b) => dayOf(a) - dayOf(b));
      expect(seen).toEqual(expected);
      expect(pages[0]?.total).toBe(25);
      expect(pages.length).toBe(5);
    });

    it('answers venues and categories with the first page only', async () => {
      const first = await get<SearchResult>('/search?q=beograd&limit=2');
      expect(first.body.venues.length).toBeGreaterThan(0);
      const second = await get<SearchResult>(`/search?q=beograd&limit=2&cursor=${encodeURIComponent(first.body.next_cursor!)}`);
      expect(second.status).toBe(200);
      expect(second.body.events).toHaveLength(2);
      expect(second.body).toMatchObject({ venues: [], categories: [], total: first.body.total });
      expect(slugs(second.body)).not.toContain(first.body.events[0]?.slug);
    });

    it('filters as GET /events does: city, free, reservable, category, days; the total follows', async () => {
      const cases: [string, string[]][] = [
        ['city=novi-sad', TITLE_TIER],
        ['free=true', TITLE_TIER.filter((_, index) => index % 2 === 0)],
        ['reservable=true', ANYWHERE_TIER.filter((_, index) => index % 2 === 0)],
        ['category=sport', []],
        ['category=koncerti&city=beograd&reservable=false', [...ANYWHERE_TIER.filter((_, index) => index % 2 === 1), 'zmaj-serija-1']],
        [`from=${belgradeDate(fixtureStart(now, 60))}&to=${belgradeDate(fixtureStart(now, 62))}`, ['zmaj-iz-beograda-1', 'zmaj-iz-beograda-2', 'zmaj-2']],
      ];
      for (const [filters, expected] of cases) {
        const response = await get<SearchResult>(`/search?q=zmaj%20beograd&${filters}&limit=50`);
        expect(response.status, filters).toBe(200);
        expect([...slugs(response.body)].sort(), filters).toEqual([...expected].sort());
        expect(response.body.total, filters).toBe(expected.length);
      }
    });

    it('refuses a bad cursor, a cursor of the other order and the filters /events refuses, naming the field', async () => {
      const relevance = await get<SearchResult>('/search?q=zmaj&limit=2');
      const soonest = await get<SearchResult>('/search?q=zmaj&limit=2&sort=soonest');
      for (const [query, field] of [
        ['cursor=bm9wZQ', 'cursor'],
        [`sort=soonest&cursor=${encodeURIComponent(relevance.body.next_cursor!)}`, 'cursor'],
        [`cursor=${encodeURIComponent(soonest.body.next_cursor!)}`, 'cursor'],
        ['sort=best', 'sort'],
        ['city=atlantis', 'city'],
        ['subcategory=dzez', 'subcategory'],
        ['from=2026-05-10&to=2026-05-01', 'to'],
        ['free=1', 'free'],
        ['limit=51', 'limit'],
        ['sort=distance', 'sort'],
        ['near=95,19', 'near'],
      ] as const) {
        const response = await get<Problem>(`/search?q=zmaj&${query}`, { 'accept-language': 'en' });
        expect(response.status, query).toBe(400);
        expect(response.body.code, query).toBe('validation_failed');
        expect(Object.keys(response.body.errors ?? {}), query).toEqual([field]);
      }
    });

    it('offers the nearest known words for a word the index does not hold', async () => {
      expect((await get<SearchResult>('/search?q=hamlte')).body.spelling).toBe('Hamlet');
      expect((await get<SearchResult>('/search?q=hamlte%20xyzzy', { 'accept-language': 'uk' })).body.spelling).toBe('Гамлет xyzzy');
      expect((await get<SearchResult>('/search?q=hamlet')).body.spelling).toBeNull();
      expect((await get<SearchResult>('/search?q=xyzzy')).body).toMatchObject({ events: [], total: 0, next_cursor: null, spelling: null });
    });

    it('lists the cities with their names in every language, cacheable', async () => {
      const response = await get<{ items: City[] }>('/cities', { 'accept-language': 'uk' });
      expect(response.status).toBe(200);
      expect(response.body.items).toEqual([
        { id: expect.any(Number), slug: 'beograd', name: { sr: 'Beograd', en: 'Belgrade', uk: 'Белград', ru: 'Белград' } },
        { id: expect.any(Number), slug: 'novi-sad', name: { sr: 'Novi Sad', en: 'Novi Sad', uk: 'Нові Сад', ru: 'Нови-Сад' } },
      ]);
      expect(response.headers.get('cache-control')).toBe('public, max-age=30, stale-while-revalidate=300');
      expect((await get('/cities?city=beograd')).status).toBe(400);
    });
  },
  {
    prepare: async (services) => {
      const ids = await insertCatalogFixtures(services.database.db, now);
      await insertZmajEvents(services.database.db, ids);
    },
  },
);

/** The day offset an inserted slug starts at (see insertZmajEvents). */
function dayOf(slug: string): number {
  const index = Number(slug.split('-').at(-1)) - 1;
  if (slug.startsWith('zmaj-serija-')) return [40, 47, 54][index]!;
  if (slug.startsWith('zmaj-iz-beograda-')) return 60 + index * 2;
  return 59 + index * 2;
}

/** The calendar date (YYYY-MM-DD) of an instant in Belgrade. */
function belgradeDate(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Belgrade', year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}
