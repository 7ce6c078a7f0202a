import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteStatements } from './pglite-statements';

/**
 * The embedded database's statement path (pglite-statements.ts) must answer exactly as PGlite's own
 * query() does, keep its prepared statements bounded, and recover from every kind of failure.
 */
describe('PgliteStatements', () => {
  let pg: PGlite;
  let statements: PgliteStatements;

  beforeAll(async () => {
    pg = await PGlite.create();
    statements = new PgliteStatements(pg, { maxPrepared: 3 });
    await pg.exec(`
      CREATE TABLE things (id bigserial PRIMARY KEY, name text UNIQUE NOT NULL, flag boolean, data jsonb,
        at timestamptz, tags int[], picture bytea, price numeric(8, 2));
    `);
  });
  afterAll(() => pg.close());

  const row = ['lamp', true, { sr: 'Lampa', en: 'Lamp' }, new Date('2026-11-28T18:30:00Z'), [3, 1, 2], Buffer.from([0, 1, 254]), '12.50'];

  it('reads every type as PGlite query() does, in both row modes and with the caller’s parsers', async () => {
    const insert = 'INSERT INTO things (name, flag, data, at, tags, picture, price) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id';
    const inserted = await statements.query<{ id: number }>(insert, row);
    expect(inserted.affectedRows).toBe(1);
    await statements.query(insert, ['chair', null, null, null, null, null, null]);
    const select = 'SELECT * FROM things WHERE id >= $1 ORDER BY id';
    for (const options of [
      {},
      { rowMode: 'array' as const },
      {
        rowMode: 'array' as const,
        parsers: { 1184: (value: string) => `at ${value}` },
      },
    ]) {
      const ours = await statements.query(select, [inserted.rows[0]!.id], options);
      const theirs = await pg.query(select, [inserted.rows[0]!.id], options);
      expect(ours.rows).toEqual(theirs.rows);
      expect(ours.fields).toEqual(theirs.fields);
      expect(ours.rows).toHaveLength(2);
    }
    const [first] = (await statements.query<Record<string, unknown>>(select, [0])).rows;
    expect(first).toMatchObject({
      name: 'lamp',
      flag: true,
      data: { sr: 'Lampa', en: 'Lamp' },
      tags: [3, 1, 2],
    });
    expect(Buffer.from(first!.picture as Uint8Array)).toEqual(Buffer.from([0, 1, 254]));
    expect((first!.at as Date).toISOString()).toBe('2026-11-28T18:30:00.000Z');
  });

  it('gives the database error with its code, and runs the same text again afterwards', async () => {
    const insert = 'INSERT INTO things (name) VALUES ($1)';
    await statements.query(insert, ['table']);
    await expect(statements.query(insert, ['table'])).rejects.toMatchObject({
      code: '23505',
      constraint: 'things_name_key',
    });
    await statements.query(insert, ['sofa']);
    await expect(statements.query('SELEC nothing', [])).rejects.toMatchObject({
      code: '42601',
    });
    await expect(statements.query('SELECT $1::int + 1 AS n', ['x'])).rejects.toMatchObject({ code: '22P02' });
    expect((await statements.query<{ n: number }>('SELECT $1::int + 1 AS n', [41])).rows).toEqual([{ n: 42 }]);
    const updated = await statements.query('UPDATE things SET flag = false WHERE name = ANY($1)', [['table', 'sofa']]);
    expect(updated.affectedRows).toBe(2);
  });

  it('keeps at most maxPrepared statements on the session, closing the ones it drops', async () => {
    for (let index = 0; index < 8; index += 1) await statements.query(`SELECT ${index} AS n`, []);
    const { rows } = await statements.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'kuda_%'",
      [],
    );
    // The three kept and the count itself (parsed now, dropped after it answers): every other one was
    // closed, including those dropped by the earlier tests' failures.
    expect(rows[0]!.n).toBe(4);
  });

  it('runs statements inside a transaction, and a failure rolls all of them back', async () => {
    const insert = 'INSERT INTO things (name) VALUES ($1)';
    await statements.transaction(async (tx) => {
      await tx.query(insert, ['shelf']);
      await tx.query(insert, ['desk']);
    });
    await expect(
      statements.transaction(async (tx) => {
        await tx.query(insert, ['bed']);
        await tx.query(insert, ['desk']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const { rows } = await statements.query<{ name: string }>(
      "SELECT name FROM things WHERE name IN ('shelf', 'desk', 'bed') ORDER BY name",
      [],
    );
    expect(rows.map((r) => r.name)).toEqual(['desk', 'shelf']);
  });
});
