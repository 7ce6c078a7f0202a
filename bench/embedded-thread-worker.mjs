/**
 * The worker thread of bench/embedded-thread.ts (decision 0017): opens PGlite on the folder it is given,
 * with the options src/server/db/client.ts uses, says { ready: true }, then answers each
 * { id, sql, params } with { id, rows } or { id, error: { message, code } }, one statement at a time as
 * PGlite runs them. { close: true } closes PGlite and ends the thread.
 *
 * Plain JavaScript because Node 20 does not apply tsx's loader inside worker threads, so this cannot import
 * client.ts; keep the options below in step with it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

const client = await PGlite.create({
  dataDir: workerData.dataDir,
  extensions: { pg_trgm, unaccent },
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${workerData.sharedBuffersMb}MB`],
});

parentPort.on('message', async (message) => {
  if (message.close) {
    await client.close();
    parentPort.close();
    return;
  }
  try {
    const { rows } = await client.query(message.sql, message.params);
    parentPort.postMessage({ id: message.id, rows });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: { message: error.message, code: error.code } });
  }
});
parentPort.postMessage({ ready: true });
