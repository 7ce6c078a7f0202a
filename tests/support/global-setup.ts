import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string | null;
  }
}

/**
 * Which PostgreSQL the run uses: TEST_DATABASE_URL's, or none. On CI a missing URL is an error (the suites
 * would silently run on PGlite only); locally it is one line saying so, once per run.
 */
export function postgresForRun(env: NodeJS.ProcessEnv): { url: string | null; note?: string } {
  const url = env.TEST_DATABASE_URL?.trim();
  if (url) return { url };
  if (env.CI) throw new Error('CI is set but TEST_DATABASE_URL is not: the database suites must run on PostgreSQL as well as PGlite there.');
  return { url: null, note: 'PostgreSQL skipped: TEST_DATABASE_URL is not set, so database suites run on PGlite only.' };
}

/**
 * Migrates one template per run (DESIGN §12 trap: a fresh PGlite runs initdb for seconds): a PGlite data
 * directory dump, and with TEST_DATABASE_URL a PostgreSQL template database. Each test file clones them.
 */
export default async function setup(project: TestProject) {
  const postgres = postgresForRun(process.env);
  if (postgres.note) console.warn(postgres.note);
  const dir = mkdtempSync(join(tmpdir(), 'kuda-test-'));
  const embedded = await openDatabase({});
  await migrate(embedded);
  const dump = await embedded.pglite!.dumpDataDir('none');
  await embedded.close();
  const templatePath = join(dir, 'template.tar');
  writeFileSync(templatePath, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', templatePath);

  const url = postgres.url;
  let templateName: string | null = null;
  if (url) {
    templateName = `kuda_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${templateName}`);
    await admin.query(`CREATE DATABASE ${templateName}`);
    await admin.end();
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${templateName}`;
    const database = await openDatabase({ databaseUrl: templateUrl.toString(), poolSize: 1 });
    await migrate(database);
    await database.close();
  }
  project.provide('postgresTemplate', templateName);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (url && templateName) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
      await admin.end();
    }
  };
}
