import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database, Db } from './client';
import { RANDOM_PAGE_COST } from './planner-settings';
import * as schema from './schema';
import { DAY_MS } from '../../shared/constants';

/**
 * How much longer than the statement timeout the driver itself waits for an answer. A server that is
 * there cancels the statement first (57014); this only fires when nothing answers at all (a network
 * that dropped without a reset, a frozen server), which no server-side timeout can notice.
 */
const READ_TIMEOUT_MARGIN_MS = 5_000;
/** Migrations may wait on another instance's lock and build indexes: no time limit on that session. */
const NO_TIMEOUT_MS = DAY_MS;

/** PostgreSQL (DATABASE_URL), opened by openDatabase (client.ts): a pool of node-postgres connections. */
export async function openPostgres(connectionString: string, max: number, statementTimeoutMs: number): Promise<Database> {
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
