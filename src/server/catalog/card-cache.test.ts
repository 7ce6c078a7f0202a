import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import type { EventSummaryRow } from './catalog-repository';
import { CardCache } from './card-cache';
import type { CardNames } from './card-names';
import { toEventSummary } from './event-mapping';

/**
 * The card cache's reads (the statement itself is compared with the SQL listings in search-paging.test.ts):
 * the cards the pages of one turn of the event loop miss are read in one statement, each page gets its own
 * in its order, kept cards are not read again, and a failed read fails every page that waited for it; and
 * a kept card's summary is built once per language and names.
 */

const now = new Date('2026-12-07T12:00:00Z');
const card = (id: number) => ({ id, slug: `event-${id}` }) as unknown as EventSummaryRow;

function counted(options: { unpublished?: number[]; fail?: boolean } = {}) {
  const calls: { ids: number[]; from: Date }[] = [];
  const cache = new CardCache({
    db: {} as Db,
    now: () => now,
    read: async (_db, ids, from) => {
      calls.push({ ids: [...ids], from });
      if (options.fail) throw new Error('database gone');
      return ids.filter((id) => !options.unpublished?.includes(id)).map(card);
    },
  });
  return { cache, calls };
}

const ids = (rows: EventSummaryRow[]) => rows.map((row) => Number(row.id));

describe('card cache', () => {
  it("reads the cards the pages of one turn miss in one statement, and gives each page its own, in its order", async () => {
    const { cache, calls } = counted({ unpublished: [4] });
    const [a, b, c] = await Promise.all([
      cache.cardsOf([3, 1, 2], { from: now }),
      cache.cardsOf([2, 4, 5], { from: now }),
      cache.cardsOf([6], { from: new Date(now.getTime() + 10) }),
    ]);
    expect([ids(a), ids(b), ids(c)]).toEqual([[3, 1, 2], [2, 5], [6]]);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.ids.sort()).toEqual([1, 2, 3, 4, 5, 6]);

    // Kept: a later page reads only what it has not met.
    expect(ids(await cache.cardsOf([5, 7, 1], { from: now }))).toEqual([5, 7, 1]);
    expect(calls.map((call) => call.ids)).toEqual([expect.any(Array), [7]]);
  });

  it('batches pages asked for in separate callbacks of one turn, as requests arriving together are', async () => {
    const { cache, calls } = counted();
    const pages = await new Promise<EventSummaryRow[][]>((resolve) => {
      const asked: Promise<EventSummaryRow[]>[] = [];
      setImmediate(() => asked.push(cache.cardsOf([1, 2], { from: now })));
      setImmediate(() => {
        asked.push(cache.cardsOf([3], { from: now }));
        resolve(Promise.all(asked));
      });
    });
    expect(pages.map(ids)).toEqual([[1, 2], [3]]);
    expect(calls).toHaveLength(1);
  });

  it('reads each start its own later dates count from, in the same turn', async () => {
    const { cache, calls } = counted();
    const weekend = new Date('2026-12-11T16:00:00Z');
    await Promise.all([cache.cardsOf([1, 2], { from: now }), cache.cardsOf([2, 3], { from: weekend })]);
    expect(calls.map((call) => [call.from.toISOString(), call.ids])).toEqual([
      [now.toISOString(), [1, 2]],
      [weekend.toISOString(), [2, 3]],
    ]);
  });

  it('fails every page that waited for a read that failed, and keeps nothing of it', async () => {
    const { cache, calls } = counted({ fail: true });
    const pages = await Promise.allSettled([cache.cardsOf([1], { from: now }), cache.cardsOf([2], { from: now })]);
    expect(pages.map((page) => page.status === 'rejected' && String(page.reason))).toEqual(['Error: database gone', 'Error: database gone']);
    expect(calls).toHaveLength(1);
  });

  it("builds a kept card's summary once per language and names, shares it frozen, and builds any other row's afresh", async () => {
    const full = (id: number) =>
      ({
        ...card(id),
        title: { sr: `Koncert ${id}`, en: `Concert ${id}` },
        sourceLocale: 'sr',
        startsAt: now,
        endsAt: null,
        timeZone: 'Europe/Belgrade',
        status: 'scheduled',
        dateTba: false,
        previousStartsAt: null,
        seriesId: null,
        moreDates: 0,
        attendanceMode: 'offline',
        images: [],
        imageWidth: null,
        imageHeight: null,
        imageAlt: null,
        imageVariants: null,
        imageDominantColor: null,
        imagePlaceholder: null,
        currency: 'RSD',
        priceMin: 0,
        priceMax: 0,
        reservable: false,
        categoryId: 1,
        venueId: null,
        venueSlug: null,
        venueName: null,
        venueNameI18n: null,
        venueLocality: null,
        venueLat: null,
        venueLng: null,
        venueCityId: null,
      }) as unknown as EventSummaryRow;
    const cache = new CardCache({ db: {} as Db, now: () => now, read: async (_db, ids) => ids.map(full) });
    const names = (category: string): CardNames => ({ category: () => ({ slug: 'koncerti', name: { sr: category } }), city: () => undefined });
    const [sr, en] = [names('Koncerti'), names('Muzika')];
    const [kept] = await cache.cardsOf([1], { from: now });

    const first = cache.summary(kept!, 'sr', sr);
    expect(first).toEqual(toEventSummary(kept!, 'sr', sr));
    expect(cache.summary(kept!, 'sr', sr)).toBe(first);
    expect(Object.isFrozen(first.category)).toBe(true);
    expect(cache.summary(kept!, 'en', sr).title).toBe('Concert 1');
    // New names (a category renamed): built again, with them.
    expect(cache.summary(kept!, 'sr', en).category.name).toBe('Muzika');

    const read = full(2);
    expect(cache.summary(read, 'sr', sr)).not.toBe(cache.summary(read, 'sr', sr));
    expect(Object.isFrozen(cache.summary(read, 'sr', sr))).toBe(false);
  });
});
