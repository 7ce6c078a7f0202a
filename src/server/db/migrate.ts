import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client';

/** Any constant works; it only has to be the same for every instance that migrates this database. */
const MIGRATION_LOCK_KEY = 4_711_002;

export function migrationsDir(): string {
  // Bundled into dist/server.js the SQL files are copied to dist/migrations; from source they sit beside this file.
  const here = dirname(fileURLToPath(import.meta.url));
  for (const candidate of [join(here, 'migrations'), join(here, 'db', 'migrations')]) {
    try {
      readdirSync(candidate);
      return candidate;
    } catch {
      // try the next layout
    }
  }
  throw new Error(`No migrations folder next to ${here}`);
}

export interface Migration {
  name: string;
  sql: string;
}

export function readMigrations(dir = migrationsDir()): Migration[] {
  return readdirSync(dir)
    .filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name))
    .sort()
    .map((name) => ({ name, sql: readFileSync(join(dir, name), 'utf8') }));
}

/**
 * Applies the checked-in SQL migrations that have not run yet, each in its own transaction, while holding
 * an advisory lock so that instances starting together migrate once (DESIGN §3).
 */
export async function migrate(database: Database, migrations = readMigrations()): Promise<string[]> {
  return database.withAdvisoryLock(MIGRATION_LOCK_KEY, async (exec) => {
    await exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const result = (await exec('SELECT name FROM schema_migrations')) as
      | { rows: { name: string }[] }
      | { rows: { name: string }[] }[];
    const rows = Array.isArray(result) ? result.flatMap((r) => r.rows) : result.rows;
    const done = new Set(rows.map((row) => row.name));
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.name)) continue;
      const name = migration.name.replace(/'/g, "''");
      try {
        await exec(`BEGIN;\n${migration.sql}\nINSERT INTO schema_migrations (name) VALUES ('${name}');\nCOMMIT;`);
      } catch (error) {
        await exec('ROLLBACK').catch(() => undefined);
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(migration.name);
    }
    return applied;
  });
}
