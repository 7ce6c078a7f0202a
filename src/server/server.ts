import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig, loadDotEnv } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { seedDemoActivity } from './db/seed/demo-activity';
import { createsEmbeddedDatabase, prepareDataDirInChild, preparingDataDir } from './db/seed/first-start';
import { seedIfEmpty } from './db/seed/seed';
import { scheduleFollowsDigest } from './follows/follows-jobs';
import { serializeLoggedError } from './lib/database-errors';
import { serializeLoggedRequest } from './lib/log-redaction';
import { letYoungGenerationGrow } from './lib/young-generation';
import { resolveJwtSecret } from './lib/secret';
import { createServices } from './services';
import { loadServerBuild } from './web/server-build';

/** A load balancer's stop timeout is commonly 30 s; draining takes at most 6 s of it (plugins/graceful-drain.ts). */
const FORCE_EXIT_MS = 10_000;
/** Log lines gather up to this many bytes, or this long, before one write (the destination in main). */
const LOG_BUFFER_BYTES = 4096;
const LOG_FLUSH_MS = 250;

/** Starts Kuda: settings, database (embedded unless DATABASE_URL), migrations, demo data, HTTP. */
async function main() {
  const startedAt = performance.now();
  let config;
  try {
    loadDotEnv();
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // `--api-only`: an instance that serves the API alone (no pages, so no web build needed), e.g. a pool
  // of API instances behind the same load balancer as the page-serving ones.
  const web = !process.argv.includes('--api-only');
  // The server-rendering build is the slowest thing to load; it loads while the database opens and checks
  // its migrations, instead of after. A failure surfaces where the web plugin awaits it (buildApp).
  if (web && config.NODE_ENV !== 'development') loadServerBuild().catch(() => undefined);
  const logger = {
    level: config.LOG_LEVEL,
    // The app's request errors and the job queue's failures alike: database values never reach the log.
    serializers: { err: serializeLoggedError, req: serializeLoggedRequest },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.refreshToken',
        '*.access_token',
        '*.refresh_token',
        '*.code',
      ],
      censor: '[redacted]',
    },
  };
  // A new embedded folder is created and filled by a child process that exits (db/seed/first-start.ts).
  if (createsEmbeddedDatabase(config)) await prepareDataDirInChild(fileURLToPath(import.meta.url));
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    sharedBuffersMb: config.EMBEDDED_SHARED_BUFFERS_MB,
  });
  await migrate(database);
  // Request lines are written asynchronously (issue #13): a synchronous write to stdout per line cost cheap
  // routes a third of their throughput. Lines gather until 4 KB or LOG_FLUSH_MS and go out in one write:
  // one write per line still cost a page served from the cache 12 % of its time. pino writes what is
  // gathered synchronously when the process exits (process.exit included). Only a kill -9 can lose the
  // last lines (at most LOG_FLUSH_MS of them), never data.
  const destination = pino.destination({ dest: 1, sync: false, minLength: LOG_BUFFER_BYTES });
  setInterval(() => destination.flush(), LOG_FLUSH_MS).unref();
  const log = pino(logger, destination);
  const services = createServices(config, database, resolveJwtSecret(config.JWT_SECRET, config.DATA_DIR), log);
  const app = await buildApp({ services, loggerInstance: log, web });
  if (await seedIfEmpty(services, config, log)) {
    const { reservations, workspace, admin, ms } = await seedDemoActivity(services);
    log.info({ reservations, workspace, admin, ms }, 'demo data: reservations of the demo user, the organizer workspace and the admin queues');
  }
  if (preparingDataDir()) {
    // The folder is ready: the parent opens it. The queued jobs (the demo's notices) are the parent's.
    await app.close();
    await database.close();
    destination.flushSync();
    process.exit(0);
  }
  // Background work (e-mail, SMS, reminders) runs in every instance; SKIP LOCKED shares the queue.
  services.jobs.start();
  // The followers' morning digest (follows-jobs.ts); each run queues the next, the date keys keep one a day.
  await scheduleFollowsDigest(services.database.db, services.jobs);
  // The weekly "for you" digest schedules itself once started; every instance asks, one job results.
  await services.forYou.scheduleDigest().catch((error: unknown) => log.error({ err: error }, 'for you: digest not scheduled'));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'draining: new requests get 503, received ones finish, then the server closes');
    const force = setTimeout(() => {
      app.log.error({ signal }, 'shutdown took too long: forcing exit');
      process.exit(1);
    }, FORCE_EXIT_MS).unref();
    try {
      // No new job starts while the HTTP side drains; a running one finishes (its lease covers a crash).
      await Promise.all([app.drain(), services.jobs.stop()]);
      await app.close();
      await database.close();
      clearTimeout(force);
      app.log.info({ signal }, 'shut down cleanly');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  letYoungGenerationGrow();
  app.log.info(
    { address, database: database.kind, startup_ms: Math.round(performance.now() - startedAt) },
    `Kuda is ready at ${config.PUBLIC_URL ?? address.replace('0.0.0.0', 'localhost')}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
