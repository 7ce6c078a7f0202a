import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/support/test-db';
import type { DbOrTx } from '../db/client';
import { categories, cities, events, images, venues } from '../db/schema';
import { Binder, eventSummaryColumns, filterConditions, moreDates, preparedQuery, readyImage } from './catalog-repository-columns';
import { insertCatalogFixtures } from './testing/catalog-fixtures';

/**
 * preparedQuery maps a flat select's rows itself (withFlatRows), not with Drizzle's per-cell mapper: the
 * answer must be the very objects Drizzle would give — names, Dates, parsed JSON, numbers, and null for
 * what a left join did not find (an online event has no venue, a seeded event no uploaded image).
 */
function cards(db: DbOrTx, binder: Binder, from: Date) {
  return db
    .select({ ...eventSummaryColumns(binder.bind('from', from)), later: moreDates(from) })
    .from(events)
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .leftJoin(venues, eq(venues.id, events.venueId))
    .leftJoin(cities, eq(cities.id, venues.cityId))
    .leftJoin(images, readyImage)
    .where(and(...filterConditions({ from }, events, binder.bind)))
    .orderBy(asc(events.startsAt), asc(events.id));
}

describeEachDatabase('flat rows of prepared queries', (database) => {
  beforeAll(async () => {
    await insertCatalogFixtures(database().db);
  });

  it("maps every column as Drizzle's own mapper does, nulls of left joins included", async () => {
    const db = database().db;
    const from = new Date();
    const binder = new Binder();
    const mapped = await preparedQuery(db, 'flat-rows-test', binder, cards(db, binder, from));
    const drizzles = await cards(db, binder, from).prepare('').execute(binder.values);
    expect(mapped.length).toBeGreaterThan(10);
    expect(mapped.some((row) => row.venueId === null)).toBe(true);
    expect(mapped[0]!.startsAt).toBeInstanceOf(Date);
    expect(mapped).toEqual(drizzles);
  });
});
