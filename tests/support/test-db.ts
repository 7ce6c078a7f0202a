import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function databaseKinds(): DatabaseKind[] {
  return inject('postgresTemplate') ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * node-postgres warns (once a process) when a query is handed to a connection already running others: a
 * `Promise.all` over one transaction, which pg 9 will refuse (src/server/db/read-together.ts). A PostgreSQL
 * test database fails its suite when it is dropped after such a warning, so the mistake cannot hide in a
 * passing run.
 */
const overlappingQueries: string[] = [];
process.on('warning', (warning) => {
  if (warning.name === 'DeprecationWarning' && warning.message.includes('already executing a query')) overlappingQueries.push(warning.stack ?? warning.message);
});

export interface TestDatabaseOptions {
  /** PostgreSQL: the URL the app connects to instead of the clone's own (a fault test's TCP proxy). */
  through?: (databaseUrl: string) => string;
  statementTimeoutMs?: number;
}

/** A fresh database of the given kind, cloned from the run's migrated template; `drop` removes it. */
export async function createTestDatabase(kind: DatabaseKind, options: TestDatabaseOptions = {}): Promise<Database & { drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const tar = readFileSync(inject('pgliteTemplate'));
    const database = await openDatabase({ loadDataDir: new Blob([tar]) });
    return Object.assign(database, { drop: () => database.close() });
  }
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (!url || !template) throw new Error('TEST_DATABASE_URL is not set');
  const name = `kuda_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const databaseUrl = options.through ? options.through(dbUrl.toString()) : dbUrl.toString();
  const database = await openDatabase({ databaseUrl, poolSize: 10, statementTimeoutMs: options.statementTimeoutMs });
  return Object.assign(database, {
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
      if (overlappingQueries.length > 0) {
        throw new Error(`Queries overlapped on one PostgreSQL connection (use readTogether in a transaction):\n${overlappingQueries.join('\n')}`);
      }
    },
  });
}

/**
 * Runs a suite once per database kind, each with its own freshly cloned database:
 * `describeEachDatabase('reservations', (db) => { it('…', async () => { db().db.select()… }) })`.
 */
export function describeEachDatabase(name: string, suite: (database: () => Database, kind: DatabaseKind) => void) {
  for (const kind of databaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      let database: (Database & { drop: () => Promise<void> }) | undefined;
      beforeAll(async () => {
        database = await createTestDatabase(kind);
      });
      afterAll(async () => {
        await database?.drop();
      });
      suite(() => {
        if (!database) throw new Error('database not ready');
        return database;
      }, kind);
    });
  }
}
