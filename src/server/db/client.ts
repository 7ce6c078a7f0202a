import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
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
  /** PostgreSQL: the server cancels any statement running longer (DATABASE_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs?: number;
  /**
   * Embedded: PostgreSQL's page cache in MB (EMBEDDED_SHARED_BUFFERS_MB). Unset: PostgreSQL's own 128 MB,
   * which PGlite's WebAssembly memory holds in full from the start.
   */
  sharedBuffersMb?: number;
}

const DEFAULT_STATEMENT_TIMEOUT_MS = 10_000;
/**
 * How much longer than the statement timeout the driver itself waits for an answer. A server that is
 * there cancels the statement first (57014); this only fires when nothing answers at all (a network
 * that dropped without a reset, a frozen server), which no server-side timeout can notice.
 */
const READ_TIMEOUT_MARGIN_MS = 5_000;
/**
 * The planner's price of a random page read, for every session Kuda opens (PostgreSQL's default is 4,
 * priced for spinning disks). Kuda's working set is a few hundred MB and stays cached, where a random read
 * costs about what a sequential one does: at 4 the planner counts a broad search word's matches with a
 * sequential scan of every event (160 ms at 100,000 events) instead of the search index's bitmap (37 ms).
 * A session setting, so it holds on any server without touching its configuration (docs/operations.md).
 */
export const RANDOM_PAGE_COST = 1.1;
/** Migrations may wait on another instance's lock and build indexes: no time limit on that session. */
const NO_TIMEOUT_MS = 24 * 60 * 60_000;

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS);
  // Loaded only for the embedded database: PGlite's modules and Drizzle's PGlite driver added about 10 MB
  // to a PostgreSQL instance's resident memory at start (docs/performance.md). The build splits this
  // module and what only it imports into a chunk of their own (scripts/build-server.mjs).
  const { openPglite } = await import('./embedded-database');
  return openPglite(options.dataDir, options.loadDataDir, options.sharedBuffersMb);
}

async function openPostgres(connectionString: string, max: number, statementTimeoutMs: number): Promise<Database> {
  // A server that does not answer must fail a request (and health with 503) in seconds, not hang it:
  // connecting gives up after 5 s, a statement is cancelled by the server after the statement timeout,
  // and the driver gives up on an answer a little later still. TCP keepalive finds connections a
  // vanished server or a dropped NAT entry left half open, so the pool replaces them instead of
  // handing them out.
  const pool = new pg.Pool({
    connectionString,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    statement_timeout: statementTimeoutMs,
    options: `-c random_page_cost=${RANDOM_PAGE_COST}`,
    query_timeout: statementTimeoutMs + READ_TIMEOUT_MARGIN_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
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
      // Waiting for another instance's migration, or building an index, may take longer than a request may.
      const untimed = (text: string, values?: unknown[]) => client.query({ text, values, query_timeout: NO_TIMEOUT_MS } as pg.QueryConfig);
      let failed: unknown;
      try {
        await untimed('SET statement_timeout = 0');
        await untimed('SELECT pg_advisory_lock($1)', [key]);
        try {
          return await work((sqlText) => untimed(sqlText));
        } finally {
          await untimed('SELECT pg_advisory_unlock($1)', [key]);
          await untimed('RESET statement_timeout');
        }
      } catch (error) {
        failed = error;
        throw error;
      } finally {
        // A session whose reset did not run must not go back to the pool without its timeout.
        client.release(failed instanceof Error ? failed : undefined);
      }
    },
    ping: async () => {
      await pool.query({ text: 'SELECT 1', query_timeout: 2_000 } as pg.QueryConfig);
    },
    close: () => pool.end(),
  };
}
