// Applies the checked-in SQL migrations that have not run yet: `npm run db:migrate`.
// The server does the same at start (under an advisory lock); this is for deployments that migrate first.
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { databaseTarget } from './db-target';

async function main(): Promise<number> {
  const target = databaseTarget();
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir, poolSize: 2 });
  try {
    const applied = await migrate(database);
    console.log(applied.length > 0 ? `Applied to the ${target.description}: ${applied.join(', ')}` : `The ${target.description} is up to date.`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
