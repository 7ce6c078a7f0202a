import { mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { startServerProcess } from '../../tests/support/server-process';

interface LogLine {
  pid: number;
  msg: string;
}

/**
 * A new embedded folder is created and filled by a child process that exits (db/seed/first-start.ts): the
 * memory that work leaves behind goes with it, and the server that answers opened a filled folder.
 */
it('fills a new embedded folder in a child that exits, and serves it from a process that did not', { timeout: 180_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kuda-first-start-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'auto', REDIS_URL: '', SMS_PROVIDER: 'log' });
  try {
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);
    const seeded = lines.find((line) => line.msg.startsWith('demo data: seeded'));
    const activity = lines.find((line) => line.msg.startsWith('demo data: reservations of the demo user'));
    const ready = lines.find((line) => line.msg.startsWith('Kuda is ready'));
    expect(ready?.pid).toBe(server.child.pid);
    expect(seeded).toBeDefined();
    expect(seeded!.pid).not.toBe(ready!.pid);
    expect(activity?.pid).toBe(seeded!.pid);
    expect(lines).toContainEqual(expect.objectContaining({ pid: ready!.pid, msg: 'demo data: the catalogue already has data, not seeding' }));
    // The settings warning (the test runs with SMS_PROVIDER=log) comes once, from the server that serves.
    expect(lines.filter((line) => line.msg.startsWith('UNSAFE FOR PRODUCTION')).map((line) => line.pid)).toEqual([ready!.pid]);
    const health = await fetch(`http://127.0.0.1:${server.port}/api/v1/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'pglite' });
  } finally {
    server.child.kill('SIGTERM');
    await once(server.child, 'exit');
    rmSync(dataDir, { recursive: true, force: true });
  }
});
