import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { migrate, readMigrations } from './migrate';

describe('migrations', () => {
  it('apply in order on a fresh embedded database, then do nothing the second time', async () => {
    const database = await openDatabase({});
    try {
      const applied = await migrate(database);
      expect(applied).toEqual(readMigrations().map((m) => m.name));
      expect(await migrate(database)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('roll back a failing migration whole and say which one failed', async () => {
    const database = await openDatabase({});
    try {
      await expect(
        migrate(database, [
          { name: '0001_ok.sql', sql: 'CREATE TABLE a (id int);' },
          { name: '0002_bad.sql', sql: 'CREATE TABLE b (id int); SELECT * FROM missing_table;' },
        ]),
      ).rejects.toThrow('Migration 0002_bad.sql failed');
      const result = await database.pglite!.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name IN ('a', 'b')",
      );
      expect(result.rows[0]?.n).toBe(1);
    } finally {
      await database.close();
    }
  });
});

// Several instances starting together on one PostgreSQL must migrate exactly once (advisory lock).
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('migrations on a shared PostgreSQL', () => {
  it('run once when two instances start at the same moment', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `kuda_m_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const [a, b] = await Promise.all([openDatabase({ databaseUrl: target.toString() }), openDatabase({ databaseUrl: target.toString() })]);
    try {
      const [first, second] = await Promise.all([migrate(a), migrate(b)]);
      expect([...first, ...second].sort()).toEqual(readMigrations().map((m) => m.name));
    } finally {
      await a.close();
      await b.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
