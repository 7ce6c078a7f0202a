import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs SQL text that may hold several statements, outside any transaction. */
  exec(sqlText: string): Promise<void>;
  /** Runs work on one connection while holding a session-level advisory lock. */
  withAdvisoryLock<T>(key: number, work: (exec: (sqlText: string) => Promise<unknown>) => Promise<T>): Promise<T>;
  /** Resolves when a trivial query answers. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The PGlite instance, when embedded (tests dump and clone it). */
  pglite?: PGlite;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** A PGlite data directory dump to start from (tests clone a migrated template this way). */
  loadDataDir?: Blob | File;
  poolSize?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir, options.loadDataDir);
}

async function openPglite(dataDir: string | undefined, loadDataDir?: Blob | File): Promise<Database> {
  // PGlite refuses to create a missing parent folder; "memory://" (no dataDir) keeps it in memory.
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir,
    loadDataDir,
    extensions: { pg_trgm, unaccent },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    // One embedded process owns its folder, so the lock only guards against concurrent callers inside it.
    withAdvisoryLock: async (key, work) => {
      await client.query('SELECT pg_advisory_lock($1)', [key]);
      try {
        return await work((sqlText) => client.exec(sqlText));
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [key]);
      }
    },
    ping: async () => {
      await client.query('SELECT 1');
    },
    close: () => client.close(),
  };
}

async function openPostgres(connectionString: string, max: number): Promise<Database> {
  // A server that does not answer must fail a request (and health with 503) in seconds, not hang it.
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000 });
  // An idle client's error (a restarted server) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    exec: async (sqlText) => {
      await pool.query(sqlText);
    },
    withAdvisoryLock: async (key, work) => {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [key]);
        try {
          return await work((sqlText) => client.query(sqlText));
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
    ping: async () => {
      await pool.query({ text: 'SELECT 1', query_timeout: 2_000 } as pg.QueryConfig);
    },
    close: () => pool.end(),
  };
}
