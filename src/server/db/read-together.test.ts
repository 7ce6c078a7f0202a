import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/support/test-db';
import type { DbOrTx } from './client';
import { readTogether } from './read-together';

/** Three reads that each note how many of them were running when they started. */
function overlappingReads(db: DbOrTx) {
  let running = 0;
  const seen: number[] = [];
  const read = (n: number) => async () => {
    running += 1;
    seen.push(running);
    try {
      const result = (await db.execute(sql`SELECT ${n}::int AS n, pg_sleep(0.02)`)) as unknown as { rows: { n: number }[] };
      return result.rows[0]!.n;
    } finally {
      running -= 1;
    }
  };
  return { reads: [read(1), read(2), read(3)], seen };
}

describeEachDatabase('reads together', (database) => {
  it('run at once on the database and answer in order', async () => {
    const { reads, seen } = overlappingReads(database().db);
    await expect(readTogether(database().db, reads)).resolves.toEqual([1, 2, 3]);
    expect(Math.max(...seen)).toBe(3);
  });

  it('run one after another in a transaction, which is one connection', async () => {
    const answered = await database().db.transaction(async (tx) => {
      const { reads, seen } = overlappingReads(tx);
      return { values: await readTogether(tx, reads), seen };
    });
    expect(answered.values).toEqual([1, 2, 3]);
    expect(answered.seen).toEqual([1, 1, 1]);
  });
});
