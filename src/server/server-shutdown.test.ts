import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../tests/support/server-process';
import { waitFor } from '../../tests/support/wait-for';

/**
 * The real server process (`tsx src/server/server.ts`, embedded database in a temp folder, API only so
 * no web build is needed), under load, told to stop.
 */
const FORCE_EXIT_MS = 10_000;
const CLIENTS = 60;

interface Outcome {
  status?: number;
  connection?: string;
  error?: string;
}

function get(port: number, path: string, agent: http.Agent | false): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode, connection: response.headers.connection }));
      response.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
}

describe('SIGTERM under load', () => {
  let dataDir = '';
  let server: ServerProcess;
  const output = () => server.output();

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'kuda-drain-'));
    server = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED_DEMO: 'never',
      JWT_SECRET: 'drain-test-secret-drain-test-secret-0123',
    });
  });
  afterAll(() => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers every request it received, refuses the rest with 503 and Connection: close, and exits 0 well before the force exit', async () => {
    const { child, port } = server;
    // A kept-alive connection from before the signal: its next request must not meet a reset.
    const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(port, '/api/v1/health', keepAlive)).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

    // Sixty clients connect at once, each on its own connection; the signal comes with the first answer,
    // while most of them are still queued or in flight.
    let signalledAt = 0;
    const received = await Promise.all(
      Array.from({ length: CLIENTS }, () =>
        get(port, '/api/v1/health', false).then((outcome) => {
          if (!signalledAt) {
            signalledAt = Date.now();
            child.kill('SIGTERM');
          }
          return outcome;
        }),
      ),
    );
    // Once it drains, sixty more arrive, and the kept-alive client asks again.
    await waitFor('the server to start draining', async () => output().includes('"msg":"draining'));
    const [late, ...refused] = await Promise.all([
      get(port, '/api/v1/health', keepAlive),
      ...Array.from({ length: CLIENTS }, () => get(port, '/api/v1/health', false)),
    ]);
    const code = await exited;
    const stopMs = Date.now() - signalledAt;
    keepAlive.destroy();

    // Every request got a whole answer: served, or refused cleanly. None was reset.
    expect(received.filter((o) => o.error), output()).toEqual([]);
    for (const outcome of [...received, late!, ...refused]) {
      if (outcome.error) expect(outcome.error).toBe('ECONNREFUSED');
      else if (outcome.status === 503) expect(outcome.connection).toBe('close');
      else expect(outcome.status).toBe(200);
    }
    // Those that came during the drain were turned away with 503 (or, after it, found the port closed).
    expect(refused.filter((o) => o.status === 503).length).toBeGreaterThan(0);
    expect(refused.filter((o) => o.status === 200)).toEqual([]);
    expect(code, output()).toBe(0);
    expect(output()).toContain('shut down cleanly');
    expect(stopMs).toBeLessThan(FORCE_EXIT_MS - 2_000);
  });
});
