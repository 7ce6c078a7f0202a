import { gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, expect, it } from 'vitest';
import type { Category, EventDetail, EventPage, Home, SearchResult, Suggestion, Tag, VenueDetail } from '../../shared/schemas/catalog';
import type { Problem } from '../../shared/schemas/problem';
import { VENUE_PAGE_SIZE } from '../../shared/schemas/catalog';
import { eq } from 'drizzle-orm';
import { describeApi } from '../../../tests/support/test-app';
import { events } from '../db/schema';
import { ANSWER_COMPRESSION } from './http-cache';
import { FIXTURE_EVENTS, fixtureStart, insertCatalogFixtures, type FixtureIds } from './testing/catalog-fixtures';

const now = new Date();
let ids: FixtureIds;
const upcoming = FIXTURE_EVENTS.filter((event) => event.inDays > 0 && event.published !== false)
  .map((event) => ({ ...event, startsAt: fixtureStart(now, event.inDays, event.hours) }))
  // A listing's order: date order, cancelled events after all the others (issue #11).
  .sort((a, b) => Number(a.status === 'cancelled') - Number(b.status === 'cancelled') || a.startsAt.getTime() - b.startsAt.getTime());
const slugsWhere = (test: (event: (typeof upcoming)[number]) => boolean) => upcoming.filter(test).map((event) => event.slug);

/** The calendar date (YYYY-MM-DD) of an instant in Belgrade. */
const belgradeDate = (instant: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Belgrade', year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);

describeApi(
  'catalog API',
  (t) => {
    let token: string;
    beforeAll(async () => {
      token = await t().guestToken();
    });
    const get = <T>(path: string, headers: Record<string, string> = {}) => t().json<T>('GET', `/api/v1${path}`, { token, headers });
    const slugs = (page: EventPage) => page.items.map((event) => event.slug);

    it('lists the category tree and tags in the reader’s language, cacheable', async () => {
      const categories = await get<{ items: Category[] }>('/categories', { 'accept-language': 'en' });
      expect(categories.status).toBe(200);
      expect(categories.body.items.map((c) => c.slug)).toEqual(['koncerti', 'pozoriste', 'sport', 'izlozbe', 'radionice', 'klubovi', 'stand-up', 'festivali', 'film']);
      expect(categories.body.items[0]).toMatchObject({ name: 'Concerts', subcategories: [{ slug: 'dzez', name: 'Jazz & blues' }, { slug: 'klasika' }] });
      expect(categories.headers.get('cache-control')).toBe('public, max-age=30, stale-while-revalidate=300');
      expect(categories.headers.get('vary')).toMatch(/Accept-Language/i);
      expect(categories.headers.get('etag')).toMatch(/^W\/"/);
      expect(categories.headers.get('content-language')).toBe('en');

      const tags = await get<{ items: Tag[] }>('/tags', { 'accept-language': 'uk' });
      expect(tags.body.items.map((tag) => tag.name)).toEqual(['Безкоштовно', 'Просто неба', 'Для дітей', 'Наживо']);
    });

    it('answers 304 when the ETag still matches, and a fresh body in another language', async () => {
      const first = await get<{ items: Category[] }>('/categories', { 'accept-language': 'ru' });
      const etag = first.headers.get('etag')!;
      const again = await t().http('/api/v1/categories', {
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'ru', 'if-none-match': etag },
      });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      const other = await t().http('/api/v1/categories', {
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'sr', 'if-none-match': etag },
      });
      expect(other.status).toBe(200);
      expect(other.headers.get('etag')).not.toBe(etag);
    });

    it('compresses public reads with what the client accepts, cached or not', async () => {
      for (const [accept, expected] of [
        ['gzip', 'gzip'],
        ['gzip, deflate, br', 'br'],
        ['deflate', 'deflate'],
        ['br;q=0, gzip', 'gzip'],
        ['identity', null],
      ] as const) {
        for (let round = 0; round < 2; round += 1) {
          const response = await t().http('/api/v1/events?limit=10', {
            headers: { authorization: `Bearer ${token}`, 'accept-encoding': accept },
          });
          expect(response.status, accept).toBe(200);
          expect(response.headers.get('content-encoding'), accept).toBe(expected);
          expect(response.headers.get('vary'), accept).toMatch(/Accept-Encoding/i);
          expect(((await response.json()) as EventPage).items, accept).toHaveLength(10);
        }
      }
      // Compressed as answers made per request are (http-cache.ts), a miss and then the kept answer: the bytes
      // that level gives, not the default's.
      for (let round = 0; round < 2; round += 1) {
        const raw = await t().raw('/api/v1/events?limit=10', { 'accept-encoding': 'gzip', authorization: `Bearer ${token}` });
        expect(raw.encoding).toBe('gzip');
        const text = gunzipSync(raw.body);
        expect(raw.body.equals(gzipSync(text, { level: ANSWER_COMPRESSION.gzipLevel }))).toBe(true);
        expect(raw.body.equals(gzipSync(text))).toBe(false);
        expect((JSON.parse(text.toString('utf8')) as EventPage).items).toHaveLength(10);
      }
    });

    it('needs a (guest) bearer token', async () => {
      const response = await t().json('GET', '/api/v1/events');
      expect(response.status).toBe(401);
    });

    it('lists upcoming published events in date order, cancelled ones last', async () => {
      const page = await get<EventPage>('/events');
      expect(page.status).toBe(200);
      expect(slugs(page.body)).toEqual(upcoming.map((event) => event.slug));
      expect(page.body.next_cursor).toBeNull();
      const first = page.body.items[0]!;
      expect(first).toMatchObject({
        slug: 'koncert-dzez-kvarteta',
        title: 'Koncert džez kvarteta',
        time_zone: 'Europe/Belgrade',
        category: { slug: 'koncerti', name: 'Koncerti' },
        venue: { slug: 'dom-omladine', name: 'Dom omladine Beograda', locality: 'Beograd' },
        price: { min: 120000, max: 250000, currency: 'RSD' },
        is_free: false,
        reservable: true,
      });
      expect(first.image?.url).toBe('/images/events/koncerti-1.jpg');
    });

    it('walks every page with the cursor: stable order, no repeats, no gaps', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = cursor ? `?limit=5&cursor=${encodeURIComponent(cursor)}` : '?limit=5';
        const page = await get<EventPage>(`/events${query}`);
        expect(page.status).toBe(200);
        expect(page.body.items.length).toBeLessThanOrEqual(5);
        seen.push(...slugs(page.body));
        cursor = page.body.next_cursor;
        pages += 1;
      } while (cursor && pages < 10);
      expect(pages).toBe(Math.ceil(upcoming.length / 5));
      expect(seen).toEqual(upcoming.map((event) => event.slug));
    });

    it('caps limit and refuses malformed or unknown parameters with a 400 problem', async () => {
      const capped = await get<EventPage>('/events?limit=5000');
      expect(capped.status).toBe(200);
      expect(capped.body.items).toHaveLength(upcoming.length);

      for (const query of [
        'limit=0',
        'limit=abc',
        'limit=2.5',
        'foo=bar',
        'cursor=bm9wZQ',
        'when=someday',
        'from=2026-13-01',
        'from=2026-05-10&to=2026-05-01',
        'free=yes',
        'reservable=1',
        'near=91,20',
        'near=abc',
        'radius_km=5',
        'near=44.8,20.4&radius_km=0',
        'tags=Not%20A%20Slug',
        'subcategory=dzez',
        'category=nope',
        'category=koncerti&subcategory=drama',
        'tags=nope',
        'city=atlantis',
      ]) {
        const response = await get<{ code: string; status: number; errors?: Record<string, string[]> }>(`/events?${query}`, {
          'accept-language': 'en',
        });
        expect(response.status, query).toBe(400);
        expect(response.headers.get('content-type'), query).toMatch(/application\/problem\+json/);
        expect(response.body.code, query).toBe('validation_failed');
        expect(response.body.errors, query).toBeDefined();
      }
      const unknown = await get<{ errors: Record<string, string[]> }>('/events?category=nope', { 'accept-language': 'en' });
      expect(unknown.body.errors).toEqual({ category: ['No such value exists.'] });
      const stray = await get<{ errors: Record<string, string[]> }>('/events?foo=bar&category=koncerti', { 'accept-language': 'en' });
      expect(stray.body.errors).toEqual({ foo: ['Unknown field.'] });
    });

    it('refuses unknown parameters on every read, naming each one in the problem', async () => {
      const eventId = ids.events.get('koncert-dzez-kvarteta')!;
      const venueId = ids.venues.get('dom-omladine')!;
      for (const path of ['/categories', '/tags', `/events/${eventId}`, `/venues/${venueId}`, '/events/home']) {
        const response = await get<Problem>(`${path}?foo=1&page=2`, { 'accept-language': 'sr' });
        expect(response.status, path).toBe(400);
        expect(response.headers.get('content-type'), path).toMatch(/application\/problem\+json/);
        expect(response.body.code, path).toBe('validation_failed');
        expect(response.body.errors, path).toEqual({ foo: ['Nepoznato polje.'], page: ['Nepoznato polje.'] });
        expect((await get(path)).status, path).toBe(200);
      }
    });

    it('filters by category, subcategory, tags, free, reservable, city and distance', async () => {
      const cases: [string, string[]][] = [
        ['category=koncerti', slugsWhere((e) => e.category === 'koncerti')],
        ['category=koncerti&subcategory=dzez', slugsWhere((e) => e.subcategory === 'dzez')],
        ['tags=besplatno', slugsWhere((e) => e.tags?.includes('besplatno') ?? false)],
        ['tags=besplatno,za-decu', slugsWhere((e) => (e.tags ?? []).some((tag) => tag === 'besplatno' || tag === 'za-decu'))],
        // A price not announced (null) is not free (beogradski-maraton).
        ['free=true', slugsWhere((e) => e.price?.[1] === 0)],
        ['free=false', slugsWhere((e) => e.price?.[1] !== 0)],
        ['reservable=true', slugsWhere((e) => e.reservable === true)],
        ['reservable=false&category=koncerti', slugsWhere((e) => e.category === 'koncerti' && !e.reservable)],
        ['city=novi-sad', slugsWhere((e) => ['kc-novi-sad', 'petrovaradin'].includes(e.venue ?? ''))],
        ['near=45.2551,19.8451&radius_km=1', slugsWhere((e) => e.venue === 'kc-novi-sad')],
        ['near=45.2551,19.8451&radius_km=3', slugsWhere((e) => ['kc-novi-sad', 'petrovaradin'].includes(e.venue ?? ''))],
        ['near=45.2551,19.8451', slugsWhere((e) => ['kc-novi-sad', 'petrovaradin'].includes(e.venue ?? ''))],
        ['near=10,10&radius_km=50', []],
        ['city=beograd&free=true&tags=napolju', ['joga-u-parku']],
        ['q=%D0%BA%D0%BE%D0%BD%D1%86%D0%B5%D1%80%D1%82', slugsWhere((e) => e.category === 'koncerti')],
        ['q=konsert&reservable=true', ['koncert-dzez-kvarteta', 'koncert-simfonijskog-orkestra']],
        ['q=', upcoming.map((e) => e.slug)],
      ];
      for (const [query, expected] of cases) {
        const page = await get<EventPage>(`/events?${query}`);
        expect(page.status, query).toBe(200);
        expect(slugs(page.body), query).toEqual(expected);
      }
    });

    it('filters by a range of Belgrade calendar days, and the presets stay within their range', async () => {
      const byDay = (days: number) => belgradeDate(fixtureStart(now, days, upcoming.find((e) => e.inDays === days)!.hours));
      const from = byDay(5);
      const to = byDay(7);
      const range = await get<EventPage>(`/events?from=${from}&to=${to}`);
      expect(slugs(range.body)).toEqual(slugsWhere((e) => e.inDays >= 5 && e.inDays <= 7));

      for (const when of ['today', 'tomorrow', 'weekend', 'week']) {
        const page = await get<EventPage>(`/events?when=${when}`);
        expect(page.status, when).toBe(200);
        for (const event of page.body.items) {
          expect(new Date(event.starts_at).getTime(), when).toBeGreaterThanOrEqual(now.getTime() - 60_000);
          expect(new Date(event.starts_at).getTime(), when).toBeLessThan(now.getTime() + 9 * 86_400_000);
        }
      }
      const tomorrow = await get<EventPage>(`/events?when=tomorrow`);
      const tomorrowDate = belgradeDate(new Date(now.getTime() + 86_400_000));
      for (const event of tomorrow.body.items) expect(belgradeDate(new Date(event.starts_at))).toBe(tomorrowDate);
    });

    it('answers in the language Accept-Language names, falling back to Serbian', async () => {
      const ru = await get<EventPage>('/events?limit=1', { 'accept-language': 'de-DE, ru;q=0.8, en;q=0.5' });
      expect(ru.body.items[0]).toMatchObject({ title: 'Концерт джаз-квартета', category: { name: 'Концерты' } });
      expect(ru.body.items[0]?.image?.alt).toBe('Концерт джаз-квартета');
      const fallback = await get<EventPage>('/events?limit=1', { 'accept-language': 'de' });
      expect(fallback.body.items[0]?.title).toBe('Koncert džez kvarteta');
    });

    it('builds the home rows by category, upcoming published events only', async () => {
      const home = await get<Home>('/events/home', { 'accept-language': 'en' });
      expect(home.status).toBe(200);
      expect(home.headers.get('etag')).toBeTruthy();
      const rows = home.body.rows.map((row) => [row.category.slug, row.events.map((event) => event.slug)]);
      const expected = ['koncerti', 'pozoriste', 'sport', 'izlozbe', 'radionice', 'klubovi', 'stand-up', 'festivali', 'film'].map((slug) => [
        slug,
        slugsWhere((e) => e.category === slug),
      ]);
      expect(rows).toEqual(expected);
      expect(home.body.rows[0]?.category).toMatchObject({ name: 'Concerts', icon: 'music_note' });
    });

    it('keeps only reservable events in the home rows when the reserve filter is on', async () => {
      const home = await get<Home>('/events/home?reservable=true', { 'accept-language': 'en' });
      expect(home.status).toBe(200);
      const rows = home.body.rows.map((row) => [row.category.slug, row.events.map((event) => event.slug)]);
      const expected = ['koncerti', 'pozoriste', 'sport', 'izlozbe', 'radionice', 'klubovi', 'stand-up', 'festivali', 'film']
        .map((slug) => [slug, slugsWhere((e) => e.category === slug && e.reservable === true)] as const)
        .filter(([, slugs]) => slugs.length > 0);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows).toEqual(expected);
      expect(home.body.rows.flatMap((row) => row.events).every((event) => event.reservable)).toBe(true);
      const bad = await get<Problem>('/events/home?reservable=maybe', { 'accept-language': 'en' });
      expect(bad.status).toBe(400);
      expect(bad.body.type).toBeTruthy();
    });

    it('serves one event with everything its page shows, JSON-LD and alternates', async () => {
      const id = ids.events.get('koncert-dzez-kvarteta')!;
      const response = await get<EventDetail>(`/events/${id}`, { 'accept-language': 'uk' });
      expect(response.status).toBe(200);
      const event = response.body;
      expect(event).toMatchObject({
        id,
        slug: 'koncert-dzez-kvarteta',
        title: 'Концерт джаз-квартету',
        description: 'Опис: Концерт джаз-квартету',
        status: 'scheduled',
        attendance_mode: 'offline',
        subcategory: { slug: 'dzez', name: 'Джаз і блюз' },
        tags: [{ slug: 'uzivo', name: 'Наживо' }],
        organizer: { name: 'Dom omladine Beograda d.o.o.', website: 'https://www.domomladine.org' },
        performers: [
          { name: 'Vasil Hadžimanov Band', type: 'PerformingGroup' },
          { name: 'Ana Kostić', type: 'Person' },
        ],
        offers: { currency: 'RSD', low_price: 120000, high_price: 250000, offer_count: 2, is_free: false },
        online_url: null,
        path: `/uk/events/koncert-dzez-kvarteta-${id}`,
        venue: {
          slug: 'dom-omladine',
          street_address: 'Makedonska 22',
          postal_code: '11000',
          locality: 'Beograd',
          country: 'RS',
          lat: 44.8157,
          lng: 20.4633,
          city: { slug: 'beograd', name: 'Белград' },
        },
      });
      expect(event.venue?.map_url).toContain('44.8157');
      expect(event.images).toHaveLength(1);
      const origin = new URL(event.canonical_url).origin;
      expect(event.canonical_url).toBe(`${origin}/uk/events/koncert-dzez-kvarteta-${id}`);
      expect(event.alternates).toEqual([
        ...['sr', 'en', 'uk', 'ru'].map((lang) => ({ hreflang: lang, href: `${origin}/${lang}/events/koncert-dzez-kvarteta-${id}` })),
        { hreflang: 'x-default', href: `${origin}/sr/events/koncert-dzez-kvarteta-${id}` },
      ]);
      expect(event.json_ld).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Event',
        name: 'Концерт джаз-квартету',
        url: event.canonical_url,
        eventStatus: 'https://schema.org/EventScheduled',
        eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
        location: {
          '@type': 'Place',
          name: 'Dom omladine Beograda',
          address: { '@type': 'PostalAddress', streetAddress: 'Makedonska 22', addressLocality: 'Beograd', postalCode: '11000', addressCountry: 'RS' },
        },
        image: [`${origin}/images/events/koncerti-1.jpg`],
        offers: {
          '@type': 'AggregateOffer',
          priceCurrency: 'RSD',
          lowPrice: 1200,
          highPrice: 2500,
          offerCount: 2,
          seller: { '@type': 'Organization', name: 'Dom omladine Beograda d.o.o.' },
        },
        performer: [
          { '@type': 'PerformingGroup', name: 'Vasil Hadžimanov Band' },
          { '@type': 'Person', name: 'Ana Kostić' },
        ],
        organizer: { '@type': 'Organization', name: 'Dom omladine Beograda d.o.o.' },
      });
      const start = (event.json_ld as { startDate: string }).startDate;
      expect(start).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+0[12]:00$/);
      expect(new Date(start).toISOString()).toBe(event.starts_at);
    });

    it('describes online and mixed events with a VirtualLocation', async () => {
      const online = await get<EventDetail>(`/events/${ids.events.get('onlajn-predavanje-o-filmu')}`);
      expect(online.body.venue).toBeNull();
      expect(online.body.json_ld).toMatchObject({
        eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
        location: { '@type': 'VirtualLocation', url: 'https://stream.example.org/film' },
        offers: { lowPrice: 0, highPrice: 0, priceCurrency: 'RSD' },
      });
      const mixed = await get<EventDetail>(`/events/${ids.events.get('mjuzikl-cikago')}`);
      const location = (mixed.body.json_ld as { location: { '@type': string }[] }).location;
      expect(location.map((l) => l['@type'])).toEqual(['Place', 'VirtualLocation']);
      const cancelled = await get<EventDetail>(`/events/${ids.events.get('elektronska-zurka')}`);
      expect(cancelled.body.json_ld).toMatchObject({ eventStatus: 'https://schema.org/EventCancelled' });
    });

    it('tells a price not announced from a free one: not free, no prices, no offers in the JSON-LD', async () => {
      const maraton = ids.events.get('beogradski-maraton')!;
      const detail = await get<EventDetail>(`/events/${maraton}`, { 'accept-language': 'en' });
      expect(detail.body.is_free).toBe(false);
      expect(detail.body.price).toEqual({ min: null, max: null, currency: 'RSD' });
      expect(detail.body.offers).toMatchObject({ low_price: null, high_price: null, is_free: false });
      expect(detail.body.json_ld).not.toHaveProperty('offers');
      const listed = (await get<EventPage>('/events?category=sport&limit=50')).body.items.find((event) => event.id === maraton);
      expect(listed).toMatchObject({ is_free: false, price: { min: null, max: null } });
      const free = await get<EventDetail>(`/events/${ids.events.get('joga-u-parku')}`, { 'accept-language': 'en' });
      expect(free.body).toMatchObject({ is_free: true, offers: { low_price: 0, high_price: 0, is_free: true } });
      expect(free.body.json_ld).toMatchObject({ offers: { lowPrice: 0, highPrice: 0 } });
    });

    it('keeps past event pages, hides unpublished ones, and answers 404/400 as problems', async () => {
      const past = await get<EventDetail>(`/events/${ids.events.get('prosli-koncert')}`);
      expect(past.status).toBe(200);
      const hidden = await get<{ code: string }>(`/events/${ids.events.get('neobjavljeni-koncert')}`, { 'accept-language': 'en' });
      expect(hidden.status).toBe(404);
      expect(hidden.body.code).toBe('event_not_found');
      expect((await get('/events/999999')).status).toBe(404);
      expect((await get('/events/abc')).status).toBe(400);
      expect((await get('/events/0')).status).toBe(400);
    });

    it('lists one venue\'s events page by page with the venue filter', async () => {
      const id = ids.venues.get('dom-omladine')!;
      const expected = slugsWhere((e) => e.venue === 'dom-omladine');
      expect(expected.length).toBeGreaterThan(1);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `venue=${id}&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const page = await get<EventPage>(`/events?${query}`, { 'accept-language': 'en' });
        expect(page.status).toBe(200);
        expect(page.body.items.length).toBeLessThanOrEqual(1);
        seen.push(...page.body.items.map((event) => event.slug));
        cursor = page.body.next_cursor;
      } while (cursor);
      expect(seen).toEqual(expected);
      expect((await get<EventPage>('/events?venue=999999')).body.items).toEqual([]);
      expect((await get('/events?venue=abc')).status).toBe(400);
      expect((await get('/events?venue=0')).status).toBe(400);
    });

    it('serves a venue with its upcoming events', async () => {
      const id = ids.venues.get('dom-omladine')!;
      const response = await get<VenueDetail>(`/venues/${id}`, { 'accept-language': 'en' });
      expect(response.status).toBe(200);
      expect(response.body.venue).toMatchObject({ name: 'Dom omladine Beograda', street_address: 'Makedonska 22', description: 'About Dom omladine Beograda' });
      expect(response.body.events.map((event) => event.slug)).toEqual(slugsWhere((e) => e.venue === 'dom-omladine').slice(0, VENUE_PAGE_SIZE));
      expect(response.body.path).toBe(`/en/venues/dom-omladine-${id}`);
      expect(response.body.alternates).toHaveLength(5);
      expect(response.body.json_ld).toMatchObject({ '@type': 'Place', address: { streetAddress: 'Makedonska 22' } });
      expect((await get('/venues/99999')).status).toBe(404);
      // Beyond the 32-bit venue ids: still "no such venue", never a database error.
      expect((await get('/venues/99999999999')).status).toBe(404);
    });

    it('searches events, venues and categories in the reader’s language', async () => {
      const response = await get<SearchResult>(`/search?q=${encodeURIComponent('концерт')}`, { 'accept-language': 'en' });
      expect(response.status).toBe(200);
      expect(response.body.events.map((event) => event.title)).toContain('Jazz Quartet Concert');
      expect(response.body.categories).toEqual([expect.objectContaining({ slug: 'koncerti', name: 'Concerts', subcategory: null })]);
      const missing = await get('/search');
      expect(missing.status).toBe(400);
      const unknown = await get('/search?q=a&page=2');
      expect(unknown.status).toBe(400);
    });

    it('suggests categories, venues and events with the page to open', async () => {
      const response = await get<{ items: Suggestion[] }>(`/search/suggest?q=${encodeURIComponent('dom omlad')}`, { 'accept-language': 'sr' });
      expect(response.status).toBe(200);
      const venue = response.body.items.find((item) => item.kind === 'venue');
      expect(venue).toMatchObject({ label: 'Dom omladine Beograda', path: `/sr/venues/dom-omladine-${ids.venues.get('dom-omladine')}` });
      const events = response.body.items.filter((item) => item.kind === 'event');
      expect(events.length).toBeGreaterThan(0);
      expect(events[0]?.path).toMatch(/^\/sr\/events\/[a-z0-9-]+-\d+$/);
      expect(events[0]?.secondary).toContain('Dom omladine Beograda');

      const jazz = await get<{ items: Suggestion[] }>(`/search/suggest?q=${encodeURIComponent('džez')}`, { 'accept-language': 'en' });
      expect(jazz.body.items[0]).toMatchObject({ kind: 'category', label: 'Jazz & blues', secondary: 'Concerts', path: '/en/categories/koncerti/dzez' });
    });

    it('answers a repeated read from memory for a few seconds, and at once anew after invalidate()', async () => {
      const url = '/events?category=film&limit=50';
      const before = await get<EventPage>(url);
      const [row] = await t()
        .services.database.db.insert(events)
        .values({
          slug: 'nova-projekcija',
          title: { sr: 'Nova projekcija', en: 'New screening', uk: 'Новий показ', ru: 'Новый показ' },
          categoryId: ids.categories.get('film')!,
          startsAt: new Date(Date.now() + 30 * 86_400_000),
        })
        .returning({ id: events.id });
      const cached = await get<EventPage>(url);
      expect(slugs(cached.body)).toEqual(slugs(before.body));
      t().services.catalog.invalidate();
      const fresh = await get<EventPage>(url);
      expect(slugs(fresh.body)).toEqual([...slugs(before.body), 'nova-projekcija']);
      expect(fresh.headers.get('etag')).not.toBe(before.headers.get('etag'));
      await t().services.database.db.delete(events).where(eq(events.id, Number(row!.id)));
      t().services.catalog.invalidate();
    });

    it('describes every discovery call in the OpenAPI document', async () => {
      const response = await t().json<{ paths: Record<string, unknown> }>('GET', '/api/v1/openapi.json');
      for (const path of ['/categories', '/tags', '/events', '/events/home', '/events/{id}', '/venues/{id}', '/search', '/search/suggest']) {
        expect(Object.keys(response.body.paths), path).toContain(`/api/v1${path}`);
      }
    });
  },
  {
    prepare: async (services) => {
      ids = await insertCatalogFixtures(services.database.db, now);
    },
  },
);
