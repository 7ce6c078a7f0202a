import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

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

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  // Each engine's module loads only when it is the one used, and the build splits each, with what only it
  // imports, into a chunk of its own (scripts/build-server.mjs): PGlite's modules and Drizzle's PGlite
  // driver added about 10 MB to a PostgreSQL instance's resident memory at start, and node-postgres with
  // Drizzle's driver for it took some 0.1 s of every embedded start (docs/performance.md).
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres-database');
    return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS);
  }
  const { openPglite } = await import('./embedded-database');
  return openPglite(options.dataDir, options.loadDataDir, options.sharedBuffersMb);
}
