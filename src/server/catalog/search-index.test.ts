import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../../tests/support/test-db';
import type { DbOrTx } from '../db/client';
import { cities, eventTags, events, searchWords, venues } from '../db/schema';
import { catalogChanges } from './catalog-repository-search';
import { SearchIndex } from './search-index';
import { fixtureStart, insertCatalogFixtures, type FixtureIds } from './testing/catalog-fixtures';

/**
 * When the in-memory index is read again (search-index.ts, migration 0018): only when the catalogue's
 * change marker moved, once more after a move (a bump shows before its transaction commits), and after
 * FULL_READ_MS whatever the marker says. Another instance's write is played by a statement on the
 * database, not through the service (which would clear the index); one with triggers off
 * (session_replication_role) writes without moving the marker, so whether it shows tells whether the
 * index was read again.
 */

const TTL_MS = 30_000;
const FULL_READ_MS = 10 * 60_000;

describeEachDatabase('search index freshness', (database) => {
  let ids: FixtureIds;
  let category: number;
  let slugs = 0;

  beforeAll(async () => {
    ids = await insertCatalogFixtures(database().db);
    category = [...ids.categories.values()][0]!;
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  /** An event inserted as another instance would; with `quietly`, without moving the marker. */
  async function insertEvent(quietly: boolean): Promise<number> {
    slugs += 1;
    const values = { slug: `svez-${slugs}`, title: { sr: `Svež ${slugs}` }, categoryId: category, startsAt: fixtureStart(new Date(), 5) };
    const write = async (db: DbOrTx) => (await db.insert(events).values(values).returning({ id: events.id }))[0]!.id;
    if (!quietly) return write(database().db);
    return database().db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      return write(tx);
    });
  }

  /** The listing's ids after the index confirmed or read itself in the background (a listing never waits). */
  async function listedAfterCheck(index: SearchIndex): Promise<Set<number>> {
    await index.list({ filter: { from: new Date() }, limit: 10_000 });
    await index.idle();
    const rows = await index.list({ filter: { from: new Date() }, limit: 10_000 });
    return new Set(rows!.map((row) => row.id));
  }

  it('moves the marker with every statement that writes what the index reads', async () => {
    const db = database().db;
    const venue = [...ids.venues.values()][0]!;
    const writes = [
      () => db.update(events).set({ reservable: true }).where(eq(events.categoryId, category)),
      () => db.delete(eventTags).where(sql`false`),
      () => db.update(venues).set({ locality: 'Dorćol' }).where(eq(venues.id, venue)),
      () => db.update(cities).set({ slug: sql`${cities.slug}` }).where(eq(cities.slug, 'beograd')),
      () => db.insert(searchWords).values({ word: 'svezina' }).onConflictDoNothing(),
    ];
    let before = BigInt(await catalogChanges(db));
    for (const write of writes) {
      await write();
      const after = BigInt(await catalogChanges(db));
      expect(after).toBeGreaterThan(before);
      before = after;
    }
  });

  it('reads again only when the marker moved, once more after a move, and after the long interval anyway', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date());
    const index = new SearchIndex({ db: database().db, now: () => new Date() });
    await index.load();
    const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

    // The first read began as the marker was first seen: it is read once more at the next check.
    const first = await insertEvent(true);
    expect(await listedAfterCheck(index)).not.toContain(first);
    advance(TTL_MS + 1);
    expect(await listedAfterCheck(index)).toContain(first);

    // The marker has not moved since: the index stays as it is, however many checks.
    const quiet = await insertEvent(true);
    for (let check = 0; check < 3; check += 1) {
      advance(TTL_MS + 1);
      expect(await listedAfterCheck(index)).not.toContain(quiet);
    }

    // A write that moves it shows at the next check, with everything before it.
    const loud = await insertEvent(false);
    advance(TTL_MS + 1);
    const afterMove = await listedAfterCheck(index);
    expect(afterMove).toContain(loud);
    expect(afterMove).toContain(quiet);

    // One more read after the move; then none until the long interval, which reads whatever the marker says.
    const late = await insertEvent(true);
    advance(TTL_MS + 1);
    expect(await listedAfterCheck(index)).toContain(late);
    const unseen = await insertEvent(true);
    advance(TTL_MS + 1);
    expect(await listedAfterCheck(index)).not.toContain(unseen);
    advance(FULL_READ_MS);
    expect(await listedAfterCheck(index)).toContain(unseen);
  });
});
