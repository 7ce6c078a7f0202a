import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Database, Db } from './client';
import { rememberFileSizes } from './pglite-file-sizes';
import { PgliteStatements } from './pglite-statements';
import { RANDOM_PAGE_COST } from './planner-settings';
import * as schema from './schema';

/** The embedded database (PGlite), opened by openDatabase (client.ts) when no DATABASE_URL is set. */
export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob | File, sharedBuffersMb?: number): Promise<Database> {
  // PGlite refuses to create a missing parent folder; "memory://" (no dataDir) keeps it in memory.
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir,
    loadDataDir,
    extensions: { pg_trgm, unaccent },
    // PGlite's own start parameters plus ours: a start parameter outranks the folder's postgresql.conf
    // and leaves that file as it is (PGlite's `postgresqlconf` option would rewrite it). Statements are
    // kept prepared (pglite-statements.ts) and still planned with their values every time.
    startParams: [
      ...PGlite.defaultStartParams,
      '-c',
      'plan_cache_mode=force_custom_plan',
      '-c',
      `random_page_cost=${RANDOM_PAGE_COST}`,
      ...(sharedBuffersMb ? ['-c', `shared_buffers=${sharedBuffersMb}MB`] : []),
    ],
  });
  // The planner asks every table's and index's size for each statement: from memory between writes.
  if (dataDir) rememberFileSizes(client);
  // Drizzle's statements go through PgliteStatements (one call into the engine each); migrations, locks
  // and the tests' own queries use PGlite directly.
  const db = drizzlePglite({ client: new PgliteStatements(client) as unknown as PGlite, schema }) as unknown as Db;
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
