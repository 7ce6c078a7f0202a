import { asc } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../tests/support/test-db';
import { categories, events } from '../schema';
import { applyDemoDateChanges } from './demo-date-changes';

const now = new Date();
const DAY = 24 * 3_600_000;
const inDays = (days: number) => new Date(now.getTime() + days * DAY);

describeEachDatabase('demo date changes', (db) => {
  let rows: (typeof events.$inferSelect)[];

  beforeAll(async () => {
    const { db: database } = db();
    const [category] = await database.insert(categories).values({ slug: 'koncerti', name: { sr: 'Koncerti' } }).returning();
    const event = (slug: string, startsAt: Date, extra: Partial<typeof events.$inferInsert> = {}) => ({
      slug,
      title: { sr: slug },
      categoryId: category!.id,
      startsAt,
      ...extra,
    });
    await database.insert(events).values([
      event('veceras', inDays(0.2)),
      event('rezervacije', inDays(1.5), { reservable: true }),
      event('prvi', inDays(2)),
      event('drugi', inDays(3)),
      event('treci', inDays(4)),
      event('vec-odlozen', inDays(5), { status: 'postponed' }),
    ]);
    await applyDemoDateChanges(database, now);
    rows = await database.select().from(events).orderBy(asc(events.startsAt));
  });

  const bySlug = (slug: string) => rows.find((row) => row.slug === slug)!;

  it('tells every postponed event as postponed with its new date to be announced, on its old date', () => {
    for (const row of rows.filter((candidate) => candidate.status === 'postponed')) {
      expect(row.dateTba, row.slug).toBe(true);
      expect(row.previousStartsAt?.toISOString(), row.slug).toBe(row.startsAt.toISOString());
    }
    expect(bySlug('vec-odlozen').dateTba).toBe(true);
  });

  it('gives a missing status to the earliest plain events from tomorrow on, never tonight’s or a reservable one', () => {
    expect(rows.map((row) => [row.slug, row.status])).toEqual([
      ['veceras', 'scheduled'],
      ['rezervacije', 'scheduled'],
      ['prvi', 'cancelled'],
      ['drugi', 'rescheduled'],
      ['treci', 'scheduled'],
      ['vec-odlozen', 'postponed'],
    ]);
  });

  it('moves a rescheduled event a week after the date it had', () => {
    const moved = bySlug('drugi');
    expect(moved.dateTba).toBe(false);
    expect(moved.startsAt.getTime() - moved.previousStartsAt!.getTime()).toBe(7 * DAY);
  });
});
