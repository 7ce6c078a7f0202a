import { beforeAll, expect, it } from 'vitest';
import type { EventPage, EventSummary, Home } from '../../shared/schemas/catalog';
import type { Problem } from '../../shared/schemas/problem';
import type { Locale } from '../../shared/locales';
import { describeApi } from '../../../tests/support/test-app';
import type { DbOrTx } from '../db/client';
import { events } from '../db/schema';
import { CatalogService } from './catalog-service';
import { insertCatalogFixtures, type FixtureIds } from './testing/catalog-fixtures';

/**
 * "When" and "which city" (issue 11) on the home rows, and the date presets at their time-zone edges. The
 * edges run on a catalog service with its clock set (as the preset tests in zoned-time.test.ts set theirs)
 * over events at fixed instants around the 2026 clock changes in Europe/Belgrade; the parameters
 * themselves go through real HTTP with the real clock.
 */

const now = new Date();
let ids: FixtureIds;

/** Events of the clocked tests; "tz-" keeps them apart from the fixture's (which start around the real now). */
const EDGE_EVENTS = [
  // The night the clocks go back (Sunday 25 October 2026, 03:00 CEST → 02:00 CET).
  { slug: 'tz-autumn-sat-2330', at: '2026-10-24T23:30:00+02:00', venue: 'dom-omladine' },
  { slug: 'tz-autumn-sun-0230', at: '2026-10-25T02:30:00+01:00', venue: 'kc-novi-sad' },
  { slug: 'tz-autumn-sun-0545', at: '2026-10-25T05:45:00+01:00', venue: 'kc-novi-sad' },
  { slug: 'tz-autumn-sun-0600', at: '2026-10-25T06:00:00+01:00', venue: 'kc-novi-sad' },
  { slug: 'tz-autumn-sun-2330', at: '2026-10-25T23:30:00+01:00', venue: 'petrovaradin' },
  { slug: 'tz-autumn-mon-0030', at: '2026-10-26T00:30:00+01:00', venue: 'petrovaradin' },
  // The night the clocks go forward (Sunday 29 March 2026, 02:00 CET → 03:00 CEST).
  { slug: 'tz-spring-sat-2330', at: '2026-03-28T23:30:00+01:00', venue: 'dom-omladine' },
  { slug: 'tz-spring-sun-0330', at: '2026-03-29T03:30:00+02:00', venue: 'dom-omladine' },
  { slug: 'tz-spring-sun-0559', at: '2026-03-29T05:59:00+02:00', venue: 'dom-omladine' },
  { slug: 'tz-spring-sun-0615', at: '2026-03-29T06:15:00+02:00', venue: 'dom-omladine' },
] as const;

async function insertEdgeEvents(db: DbOrTx, fixture: FixtureIds) {
  await db.insert(events).values(
    EDGE_EVENTS.map((event) => ({
      slug: event.slug,
      title: { sr: event.slug },
      categoryId: fixture.categories.get('klubovi')!,
      venueId: fixture.venues.get(event.venue)!,
      startsAt: new Date(event.at),
    })),
  );
}

const edgeSlugs = (items: EventSummary[]) => items.map((event) => event.slug).filter((slug) => slug.startsWith('tz-'));
const homeEvents = (home: Home) => home.rows.flatMap((row) => row.events);

describeApi(
  'when and city',
  (t) => {
    let token: string;
    beforeAll(async () => {
      token = await t().guestToken();
    });
    const get = <T>(path: string, headers: Record<string, string> = {}) => t().json<T>('GET', `/api/v1${path}`, { token, headers });
    /** The catalog the web's loaders call, with its clock at `at`. */
    const catalogAt = (at: string) => new CatalogService({ db: t().services.database.db, now: () => new Date(at) });
    const locale: Locale = 'en';

    it('narrows the home rows to a city and a date preset as the listing narrows, rows in their order', async () => {
      for (const query of ['city=novi-sad', 'city=beograd&when=week', 'when=tomorrow', 'city=novi-sad&reservable=true']) {
        const home = await get<Home>(`/events/home?${query}`, { 'accept-language': 'en' });
        expect(home.status, query).toBe(200);
        const listing = await get<EventPage>(`/events?${query}&limit=100`);
        // Every row is a category's events of the listing, in date order; the rows follow the categories' order.
        const categories = (await get<{ items: { slug: string }[] }>('/categories')).body.items.map((category) => category.slug);
        const expected = categories
          .map((slug) => [slug, listing.body.items.filter((event) => event.category.slug === slug).map((event) => event.slug)] as const)
          .filter(([, slugs]) => slugs.length > 0);
        expect(home.body.rows.map((row) => [row.category.slug, row.events.map((event) => event.slug)] as const), query).toEqual(expected);
      }
      const novi = await get<Home>('/events/home?city=novi-sad', { 'accept-language': 'uk' });
      expect(homeEvents(novi.body).length).toBeGreaterThan(0);
      for (const event of homeEvents(novi.body)) expect(event.venue?.city).toEqual({ slug: 'novi-sad', name: 'Нові Сад' });
    });

    it('names the city beside the venue on every card, in the reader’s language', async () => {
      const page = await get<EventPage>('/events?city=beograd&limit=3', { 'accept-language': 'en' });
      expect(page.body.items.length).toBeGreaterThan(0);
      for (const event of page.body.items) expect(event.venue?.city).toEqual({ slug: 'beograd', name: 'Belgrade' });
    });

    it('refuses an unknown city, a backward range and an unknown parameter on the home rows', async () => {
      const cases: [string, string][] = [
        ['city=atlantis', 'city'],
        ['city=Novi%20Sad', 'city'],
        ['when=tonight', 'when'],
        ['from=2026-02-30', 'from'],
        ['from=2030-05-02&to=2030-05-01', 'to'],
        ['near=44.8,20.4', 'near'],
      ];
      for (const [query, field] of cases) {
        const response = await get<Problem>(`/events/home?${query}`, { 'accept-language': 'en' });
        expect(response.status, query).toBe(400);
        expect(JSON.stringify(response.body), query).toContain(field);
      }
    });

    it('takes "today" after 18:00 as tonight: until 06:00, across the night the clocks go back', async () => {
      // Saturday 24 October 2026, 20:00 in Belgrade: the night has 25 hours; 06:00 is winter time.
      const catalog = catalogAt('2026-10-24T20:00:00+02:00');
      const page = await catalog.listEvents({ locale, when: 'today', limit: 50 });
      expect(edgeSlugs(page.items)).toEqual(['tz-autumn-sat-2330', 'tz-autumn-sun-0230', 'tz-autumn-sun-0545']);
      // The home rows say the same, and narrow to the city.
      const home = await catalog.home(locale, { when: 'today', city: 'novi-sad' });
      expect(edgeSlugs(homeEvents(home))).toEqual(['tz-autumn-sun-0230', 'tz-autumn-sun-0545']);
      // At 17:00 it is still the afternoon: the rest of the calendar day only.
      const afternoon = await catalogAt('2026-10-24T17:00:00+02:00').listEvents({ locale, when: 'today', limit: 50 });
      expect(edgeSlugs(afternoon.items)).toEqual(['tz-autumn-sat-2330']);
    });

    it('takes "today" after 18:00 as tonight across the night the clocks go forward', async () => {
      const page = await catalogAt('2026-03-28T22:00:00+01:00').listEvents({ locale, when: 'today', limit: 50 });
      expect(edgeSlugs(page.items)).toEqual(['tz-spring-sat-2330', 'tz-spring-sun-0330', 'tz-spring-sun-0559']);
      const search = await catalogAt('2026-03-28T22:00:00+01:00').search('spring', locale, { when: 'today', sort: 'soonest' });
      expect(edgeSlugs(search.events)).toEqual(['tz-spring-sat-2330', 'tz-spring-sun-0330', 'tz-spring-sun-0559']);
    });

    it('keeps an event at 23:30 on Sunday in "this weekend", and Monday out', async () => {
      // From a Wednesday: the weekend runs to the end of Sunday (after that Sunday's clock change).
      const wednesday = catalogAt('2026-10-21T12:00:00+02:00');
      const weekend = await wednesday.listEvents({ locale, when: 'weekend', limit: 50 });
      expect(edgeSlugs(weekend.items)).toEqual(['tz-autumn-sat-2330', 'tz-autumn-sun-0230', 'tz-autumn-sun-0545', 'tz-autumn-sun-0600', 'tz-autumn-sun-2330']);
      const weekendHome = await wednesday.home(locale, { when: 'weekend', city: 'novi-sad' });
      expect(edgeSlugs(homeEvents(weekendHome))).toEqual(['tz-autumn-sun-0230', 'tz-autumn-sun-0545', 'tz-autumn-sun-0600', 'tz-autumn-sun-2330']);
      // Late on Sunday itself, the 23:30 event is still this weekend's.
      const sundayNight = await catalogAt('2026-10-25T22:00:00+01:00').listEvents({ locale, when: 'weekend', limit: 50 });
      expect(edgeSlugs(sundayNight.items)).toEqual(['tz-autumn-sun-2330']);
      // A range of calendar days ends with the last day's end, whatever its length.
      const range = await wednesday.home(locale, { from: '2026-10-25', to: '2026-10-25' });
      expect(edgeSlugs(homeEvents(range))).toEqual(['tz-autumn-sun-0230', 'tz-autumn-sun-0545', 'tz-autumn-sun-0600', 'tz-autumn-sun-2330']);
    });
  },
  {
    prepare: async (services) => {
      ids = await insertCatalogFixtures(services.database.db, now);
      await insertEdgeEvents(services.database.db, ids);
    },
  },
);
