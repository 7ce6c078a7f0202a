// Loads the demo catalogue into an empty database: `npm run db:seed`.
// Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR (default ./data).
// Applies pending migrations first; refuses to touch a database that already has a catalogue.
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { DEMO_ACCOUNTS } from '../src/server/db/seed/data/accounts';
import { isCatalogEmpty, seedDemo } from '../src/server/db/seed/seed';
import { databaseTarget } from './db-target';

async function main(): Promise<number> {
  const { databaseUrl, dataDir, description: target } = databaseTarget();
  const database = await openDatabase({ databaseUrl, dataDir, poolSize: 2 });
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
