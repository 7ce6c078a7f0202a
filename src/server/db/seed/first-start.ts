import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A new embedded data folder is created and filled in a child process that then exits; the server opens
 * the folder it leaves, as a later start would. That first start's work (PGlite's separate initdb instance,
 * the migrations, the demo data and the photos libvips draws for it on several threads) leaves memory
 * behind that a process never gives back: glibc's per-thread arenas keep what was freed. Measured on the
 * demo data: a server that had done it idled at 545–635 MB resident, one that opens the filled folder at
 * about 275 MB (docs/performance.md, "Start-up and memory").
 */

/** Set in the child's environment: it prepares the folder and exits instead of serving. */
const PREPARING = 'KUDA_PREPARING_DATA_DIR';

/** Whether this process is the child that prepares a new folder. */
export function preparingDataDir(): boolean {
  return process.env[PREPARING] === '1';
}

/**
 * Whether this start creates the embedded database (its folder has no PostgreSQL data yet) and would fill
 * it with the demo data. Production starts only: `npm run dev` keeps everything in one process.
 */
export function createsEmbeddedDatabase(config: { NODE_ENV: string; DATABASE_URL?: string; DATA_DIR: string; SEED_DEMO: string }): boolean {
  return (
    config.NODE_ENV === 'production' &&
    !config.DATABASE_URL &&
    config.SEED_DEMO !== 'never' &&
    !preparingDataDir() &&
    !existsSync(join(config.DATA_DIR, 'PG_VERSION'))
  );
}

/**
 * Runs the server's entry module (`entry`: its file; the same Node options and arguments) as the preparing
 * child, and waits for it. The entry, not `process.argv[1]`: under `npm start` that is scripts/start.mjs,
 * whose build check would run again.
 */
export async function prepareDataDirInChild(entry: string): Promise<void> {
  const child = spawn(process.execPath, [...process.execArgv, entry, ...process.argv.slice(2)], {
    env: { ...process.env, [PREPARING]: '1' },
    stdio: 'inherit',
  });
  // A stop asked of the server while the child works reaches the child too.
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGTERM', forward);
  process.on('SIGINT', forward);
  try {
    const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
    if (code !== 0) throw new Error(`preparing the new data folder failed (${signal ?? `exit code ${code}`})`);
  } finally {
    process.off('SIGTERM', forward);
    process.off('SIGINT', forward);
  }
}
