import fs, { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from './client';
import { openPglite } from './embedded-database';

/**
 * The embedded database's remembered file sizes (pglite-file-sizes.ts): the planner's size checks stop
 * costing a system call each, and no size is ever stale, since a stale one would hide rows from a scan
 * (PostgreSQL reads a table up to the block count its size gives).
 */
describe('the embedded database’s remembered file sizes', () => {
  let dataDir: string;
  let database: Database;

  const count = async (table: string) => Number(((await database.pglite!.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n));

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'kuda-file-sizes-'));
    database = await openPglite(dataDir);
    // No index: a count is a sequential scan up to the table's size in blocks.
    await database.exec('CREATE TABLE growing (id int NOT NULL, filler text NOT NULL)');
  });

  afterAll(async () => {
    await database.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('plans repeated statements without asking the file system for sizes', async () => {
    await database.exec("INSERT INTO growing SELECT n, repeat('x', 200) FROM generate_series(1, 100) AS n");
    await count('growing');
    const fstat = vi.spyOn(fs, 'fstatSync');
    try {
      for (let i = 0; i < 20; i += 1) expect(await count('growing')).toBe(100);
      // Without the remembered sizes each of the 20 plans asks at least once (the table's size).
      expect(fstat.mock.calls.length).toBeLessThan(5);
    } finally {
      fstat.mockRestore();
    }
  });

  it('sees every row a write adds, a file truncated and a table rewritten, and again after a restart', async () => {
    let expected = await count('growing');
    // Each insert extends the file by many blocks after the size was read (and remembered) above.
    for (let round = 0; round < 5; round += 1) {
      await database.exec(`INSERT INTO growing SELECT n, repeat('y', 500) FROM generate_series(1, 300) AS n`);
      expected += 300;
      expect(await count('growing')).toBe(expected);
    }
    // DELETE then VACUUM truncates the file's empty tail (ftruncate); the next inserts extend it again.
    await database.exec('DELETE FROM growing WHERE id > 50');
    await database.exec('VACUUM growing');
    expected = await count('growing');
    expect(expected).toBe(6 * 50);
    await database.exec(`INSERT INTO growing SELECT n, repeat('z', 500) FROM generate_series(1, 400) AS n`);
    expected += 400;
    expect(await count('growing')).toBe(expected);
    // A rewrite moves the table to a new file; TRUNCATE empties it.
    await database.exec('VACUUM FULL growing');
    expect(await count('growing')).toBe(expected);
    await database.exec('TRUNCATE growing');
    expect(await count('growing')).toBe(0);
    await database.exec(`INSERT INTO growing SELECT n, repeat('w', 500) FROM generate_series(1, 250) AS n`);
    expect(await count('growing')).toBe(250);
    await database.close();
    database = await openPglite(dataDir);
    expect(await count('growing')).toBe(250);
  });
});
