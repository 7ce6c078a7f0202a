// Loads the demo catalogue into an empty database: `npm run db:seed`.
// Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR (default ./data).
// Applies pending migrations first; refuses to touch a database that already has a catalogue.
// Seeds what the server's first start seeds: the catalogue, then through the services the demo user's
// reservations and the organizer workspace (its jobs, such as the scheduled publication and the invitation
// e-mail, wait in the queue for the server).
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { DEMO_ACCOUNTS } from '../src/server/db/seed/data/accounts';
import { seedDemoActivity } from '../src/server/db/seed/demo-activity';
import { isCatalogEmpty, seedDemo } from '../src/server/db/seed/seed';
import { resolveJwtSecret } from '../src/server/lib/secret';
import { createServices } from '../src/server/services';
import { databaseTarget } from './db-target';

async function main(): Promise<number> {
  const { databaseUrl, dataDir, description: target } = databaseTarget();
  // Seeding is a one-off bulk job, not a request: no statement timeout.
  const database = await openDatabase({ databaseUrl, dataDir, poolSize: 2, statementTimeoutMs: 60 * 60_000 });
  try {
    const applied = await migrate(database);
    if (applied.length > 0) console.log(`Applied migrations: ${applied.join(', ')}`);

    if (!(await isCatalogEmpty(database.db))) {
      console.log(`The ${target} already has a catalogue; the demo seed only runs on an empty database. Nothing changed.`);
      return 0;
    }

    const startedAt = performance.now();
    const counts = await seedDemo(database);
    console.log(
      `Seeded ${counts.events} events at ${counts.venues} venues into the ${target} in ${Math.round(performance.now() - startedAt)} ms.`,
    );
    const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const services = createServices(config, database, resolveJwtSecret(config.JWT_SECRET, dataDir));
    const { reservations, workspace, admin, ms } = await seedDemoActivity(services);
    console.log(
      `Demo activity in ${ms} ms: ${reservations} reservations of the demo user; organizer workspace: ` +
        (workspace
          ? `${workspace.events.drafts.length} drafts, 1 scheduled, 1 published, a series of ${workspace.events.series.length} dates, ` +
            `${workspace.images} covers (${workspace.imageMs} ms), door staff and an open invitation.`
          : 'skipped (the demo organizer account is missing).') +
        (admin ? ' Admin: an event in review, an application, an open report.' : ''),
    );
    console.log('Demo accounts:');
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      console.log(`  ${account.role.padEnd(9)} ${account.email.padEnd(22)} ${account.password}`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
