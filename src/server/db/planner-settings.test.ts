import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/support/test-db';
import { RANDOM_PAGE_COST } from './planner-settings';

/**
 * Every session Kuda opens prices random reads as a cached working set does (planner-settings.ts), on the embedded
 * database and on every pooled PostgreSQL connection alike: without it a broad search word's count is a
 * sequential scan of every event.
 */
describeEachDatabase('planner settings', (database) => {
  it('price a random page read at RANDOM_PAGE_COST on every connection', async () => {
    const shown = await Promise.all(
      Array.from({ length: 3 }, async () => {
        const result = (await database().db.execute(sql`SHOW random_page_cost`)) as unknown as { rows: { random_page_cost: string }[] };
        return Number(result.rows[0]!.random_page_cost);
      }),
    );
    expect(shown).toEqual([RANDOM_PAGE_COST, RANDOM_PAGE_COST, RANDOM_PAGE_COST]);
  });
});
