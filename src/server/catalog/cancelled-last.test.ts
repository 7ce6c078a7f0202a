import { beforeAll, expect, it } from 'vitest';
import { encodeCursor } from '../../shared/schemas/common';
import type { EventPage, EventSummary, Home } from '../../shared/schemas/catalog';
import { describeApi } from '../../../tests/support/test-app';
import type { DbOrTx } from '../db/client';
import { events } from '../db/schema';
import { fixtureStart, insertCatalogFixtures } from './testing/catalog-fixtures';
import { HOUR_MS } from '../../shared/constants';

const now = new Date();

/** Extra events beside the fixtures: a cancelled one that would otherwise lead its row, and a full row. */
async function insertRowEvents(db: DbOrTx, categoryIds: Map<string, number>) {
  const event = (slug: string, category: string, startsAt: Date, status: 'scheduled' | 'cancelled' = 'scheduled') => ({
    slug,
    title: { sr: slug, en: slug, uk: slug, ru: slug },
    categoryId: categoryIds.get(category)!,
    startsAt,
    status,
  });
  await db.insert(events).values([
    event('otkazani-dj-set', 'klubovi', fixtureStart(now, 1, 22), 'cancelled'),
    event('dj-vece', 'klubovi', fixtureStart(now, 3, 22)),
    event('prosli-otkazani', 'klubovi', new Date(now.getTime() - HOUR_MS), 'cancelled'),
    event('otkazani-stand-up', 'stand-up', fixtureStart(now, 1, 20), 'cancelled'),
    ...Array.from({ length: 12 }, (_, index) => event(`stand-up-vece-${index + 1}`, 'stand-up', fixtureStart(now, index + 2, 21))),
  ]);
}

const cancelledFlags = (list: EventSummary[]) => list.map((event) => event.status === 'cancelled');
const slugs = (list: EventSummary[]) => list.map((event) => event.slug);

describeApi(
  'cancelled events in listings',
  (t) => {
    let token: string;
    beforeAll(async () => {
      token = await t().guestToken();
    });
    const get = <T>(path: string) => t().json<T>('GET', `/api/v1${path}`, { token, headers: { 'accept-language': 'en' } });

    it('never lets a cancelled event lead a home row: it sinks to the end, or out of a full row, and out after its date', async () => {
      const home = await get<Home>('/events/home');
      expect(home.status).toBe(200);
      for (const row of home.body.rows) {
        const flags = cancelledFlags(row.events);
        expect(flags, row.category.slug).toEqual([...flags].sort((a, b) => Number(a) - Number(b)));
      }
      const clubs = home.body.rows.find((row) => row.category.slug === 'klubovi')!.events;
      expect(clubs[0]?.slug).toBe('dj-vece');
      expect(slugs(clubs)).toContain('otkazani-dj-set');
      expect(slugs(clubs)).not.toContain('prosli-otkazani');
      const standUp = home.body.rows.find((row) => row.category.slug === 'stand-up')!.events;
      expect(standUp.length).toBeGreaterThanOrEqual(10);
      expect(slugs(standUp)).not.toContain('otkazani-stand-up');
    });

    it('lists a category with its cancelled events after the others, page after page', async () => {
      const whole = await get<EventPage>('/events?category=klubovi');
      expect(whole.status).toBe(200);
      const flags = cancelledFlags(whole.body.items);
      expect(flags[0]).toBe(false);
      expect(flags).toEqual([...flags].sort((a, b) => Number(a) - Number(b)));
      expect(flags).toContain(true);

      const walked: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { status: number; body: EventPage } = await get<EventPage>(
          `/events?category=klubovi&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(page.status).toBe(200);
        walked.push(...slugs(page.body.items));
        cursor = page.body.next_cursor;
      } while (cursor && walked.length <= whole.body.items.length);
      expect(walked).toEqual(slugs(whole.body.items));
    });

    it('still reads a date-only cursor handed out before cancelled events sank, as the first tier', async () => {
      const whole = await get<EventPage>('/events?category=klubovi');
      const first = whole.body.items[0]!;
      const cursor = encodeCursor({ at: new Date(first.starts_at), id: first.id });
      const rest = await get<EventPage>(`/events?category=klubovi&cursor=${encodeURIComponent(cursor)}`);
      expect(rest.status).toBe(200);
      expect(slugs(rest.body.items)).toEqual(slugs(whole.body.items).slice(1));
    });
  },
  {
    prepare: async (services) => {
      const ids = await insertCatalogFixtures(services.database.db, now);
      await insertRowEvents(services.database.db, ids.categories);
    },
  },
);
