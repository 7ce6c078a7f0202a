import { expect, it, beforeAll } from 'vitest';
import type { EventPage, EventPointList, SearchResult } from '../../shared/schemas/catalog';
import type { Problem } from '../../shared/schemas/problem';
import { describeApi } from '../../../tests/support/test-app';
import { FIXTURE_EVENTS, FIXTURE_VENUES, fixtureStart, insertCatalogFixtures } from './testing/catalog-fixtures';

const now = new Date();
/** Dom omladine, in the middle of Belgrade: every Belgrade fixture venue is within 10 km. */
const NEAR = { lat: 44.8157, lng: 20.4633 };
const near = `${NEAR.lat},${NEAR.lng}`;

/** The haversine distance in whole metres, as the repository computes it. */
function metres(lat: number, lng: number): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const a = Math.sin(rad(lat - NEAR.lat) / 2) ** 2 + Math.cos(rad(NEAR.lat)) * Math.cos(rad(lat)) * Math.sin(rad(lng - NEAR.lng) / 2) ** 2;
  return Math.round(6371000 * 2 * Math.asin(Math.sqrt(a)));
}

/** The upcoming published Belgrade events, nearest first, then by date: what `sort=distance` must answer. */
const byDistance = FIXTURE_EVENTS.filter((event) => event.inDays > 0 && event.published !== false && event.venue)
  .map((event) => {
    const venue = FIXTURE_VENUES.find((candidate) => candidate.slug === event.venue)!;
    return { slug: event.slug, city: venue.city, metres: metres(venue.lat, venue.lng), startsAt: fixtureStart(now, event.inDays, event.hours).getTime() };
  })
  .filter((event) => event.city === 'beograd')
  .sort((a, b) => a.metres - b.metres || a.startsAt - b.startsAt);

describeApi(
  'catalog API: distance and map points',
  (t) => {
    let token: string;
    beforeAll(async () => {
      token = await t().guestToken();
    });
    const get = <T>(path: string) => t().json<T>('GET', `/api/v1${path}`, { token, headers: { 'accept-language': 'en' } });

    it('orders by distance from near, then by date, with each card’s distance and its venue’s point', async () => {
      expect(byDistance.length).toBeGreaterThan(3);
      const page = await get<EventPage>(`/events?near=${near}&radius_km=10&sort=distance`);
      expect(page.status).toBe(200);
      expect(page.body.items.map((event) => event.slug)).toEqual(byDistance.map((event) => event.slug));
      expect(page.body.items.map((event) => event.distance_km)).toEqual(byDistance.map((event) => event.metres / 1000));
      const first = page.body.items[0]!;
      expect(first.venue).toMatchObject({ slug: 'dom-omladine', lat: 44.8157, lng: 20.4633 });
      expect(first.distance_km).toBe(0);
    });

    it('gives distances in date order with near alone, and none without near', async () => {
      const dated = await get<EventPage>(`/events?near=${near}&radius_km=10`);
      // Date order, cancelled events last (issue #11).
      const order = dated.body.items.map((event) => `${event.status === 'cancelled' ? 1 : 0}|${event.starts_at}`);
      expect(order).toEqual([...order].sort());
      expect(dated.body.items.every((event) => typeof event.distance_km === 'number')).toBe(true);
      const plain = await get<EventPage>('/events?limit=3');
      expect(plain.body.items.map((event) => event.distance_km)).toEqual([null, null, null]);
    });

    it('walks every page of sort=distance with the cursor: same order, no repeats, no gaps', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const after: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
        const page = await get<EventPage>(`/events?near=${near}&radius_km=10&sort=distance&limit=2${after}`);
        expect(page.status).toBe(200);
        seen.push(...page.body.items.map((event) => event.slug));
        cursor = page.body.next_cursor;
        pages += 1;
      } while (cursor && pages < 20);
      expect(seen).toEqual(byDistance.map((event) => event.slug));
      expect(pages).toBe(Math.ceil(byDistance.length / 2));
    });

    it('refuses sort=distance without near, and a cursor of the other order, naming the field', async () => {
      const alone = await get<Problem>('/events?sort=distance');
      expect(alone.status).toBe(400);
      expect(alone.body.errors).toEqual({ sort: ['Give a point (near) to search around.'] });
      const dated = await get<EventPage>('/events?limit=1');
      const mixed = await get<Problem>(`/events?near=${near}&sort=distance&cursor=${encodeURIComponent(dated.body.next_cursor!)}`);
      expect(mixed.status).toBe(400);
      expect(mixed.body.errors).toHaveProperty('cursor');
      const distanced = await get<EventPage>(`/events?near=${near}&radius_km=10&sort=distance&limit=1`);
      const back = await get<Problem>(`/events?near=${near}&cursor=${encodeURIComponent(distanced.body.next_cursor!)}`);
      expect(back.status).toBe(400);
      expect((await get<Problem>('/events?sort=nearest')).status).toBe(400);
    });

    it('searches near a point: nearest first with the distance on each card, paged by the cursor, and 400 without near', async () => {
      const seen: { slug: string; km: number | null | undefined }[] = [];
      let cursor: string | null = null;
      let pages = 0;
      let total: number | undefined;
      do {
        const after: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
        const page = await get<SearchResult>(`/search?q=jazz&near=${near}&radius_km=10&sort=distance&limit=1${after}`);
        expect(page.status).toBe(200);
        seen.push(...page.body.events.map((event) => ({ slug: event.slug, km: event.distance_km })));
        total = page.body.total;
        cursor = page.body.next_cursor;
        pages += 1;
      } while (cursor && pages < 20);
      // The Belgrade jazz events (the Novi Sad one is beyond 10 km), each once, nearest first.
      const expected = byDistance.filter((event) => FIXTURE_EVENTS.find((fixture) => fixture.slug === event.slug)!.title.en!.includes('Jazz'));
      expect(expected.length).toBeGreaterThan(1);
      expect(seen.map((event) => event.slug)).toEqual(expected.map((event) => event.slug));
      expect(seen.map((event) => event.km)).toEqual(expected.map((event) => event.metres / 1000));
      expect(total).toBe(expected.length);
      // Near alone narrows to the radius and keeps relevance order; sort=distance alone is refused.
      const narrowed = await get<SearchResult>(`/search?q=jazz&near=${near}&radius_km=10`);
      expect(narrowed.body.events.map((event) => event.slug).sort()).toEqual(expected.map((event) => event.slug).sort());
      const alone = await get<Problem>('/search?q=jazz&sort=distance');
      expect(alone.status).toBe(400);
      expect(alone.body.errors).toEqual({ sort: ['Give a point (near) to search around.'] });
    });

    it('answers every event of a listing as a map point, with the listing’s filters and 400s', async () => {
      const points = await get<EventPointList>(`/events/map?near=${near}&radius_km=10`);
      expect(points.status).toBe(200);
      expect(points.body.truncated).toBe(false);
      expect(points.body.items.map((point) => point.slug).sort()).toEqual(byDistance.map((event) => event.slug).sort());
      expect(points.body.items[0]).toMatchObject({ lat: expect.any(Number), lng: expect.any(Number), category_icon: expect.any(String) });

      // Online events have no venue, so no point; the rest of the listing is all there.
      const all = await get<EventPage>('/events?limit=100');
      const everywhere = await get<EventPointList>('/events/map');
      // The same events (a map is a set of points; the listing sinks cancelled ones to its end).
      expect(everywhere.body.items.map((point) => point.slug).sort()).toEqual(all.body.items.filter((event) => event.venue).map((event) => event.slug).sort());

      const concerts = await get<EventPointList>('/events/map?category=koncerti');
      const concertCards = await get<EventPage>('/events?category=koncerti');
      const ids = (list: { id: number }[]) => list.map((item) => item.id).sort((a, b) => a - b);
      expect(ids(concerts.body.items)).toEqual(ids(concertCards.body.items.filter((event) => event.venue)));

      for (const query of ['cursor=abc', 'limit=5', 'sort=distance', 'radius_km=3', 'category=nope']) {
        expect((await get<Problem>(`/events/map?${query}`)).status, query).toBe(400);
      }
    });
  },
  {
    prepare: async (services) => {
      await insertCatalogFixtures(services.database.db, now);
    },
  },
);
