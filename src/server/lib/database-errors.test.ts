import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/support/test-db';
import { JobQueue } from '../jobs/job-queue';
import { serializeLoggedError } from './database-errors';

describeEachDatabase('the log’s error serializer (server.ts)', (database) => {
  it('writes a failed job’s database error without the values of its query', async () => {
    const lines: string[] = [];
    const log = pino({ serializers: { err: serializeLoggedError } }, { write: (line: string) => void lines.push(line) });
    const queue = new JobQueue({ db: database().db, log });
    const secret = `door-code-${Date.now()}`;
    queue.register('leaky', async () => {
      await database().db.execute(sql`SELECT ${secret}::int`);
    });
    await queue.enqueue(database().db, { type: 'leaky', idempotencyKey: `leaky-${secret}`, maxAttempts: 1 });
    await queue.runDue();
    const failed = lines.map((line) => JSON.parse(line) as { msg: string; err?: { code?: string } }).find((line) => line.msg === 'job failed');
    expect(failed?.err?.code).toBe('22P02');
    expect(lines.join('\n')).not.toContain(secret);
  });

  it('writes any other error whole, with its message and stack', () => {
    const lines: string[] = [];
    const log = pino({ serializers: { err: serializeLoggedError } }, { write: (line: string) => void lines.push(line) });
    log.error({ err: new Error('SMS gateway down') }, 'job failed');
    expect(JSON.parse(lines[0]!)).toMatchObject({ err: { type: 'Error', message: 'SMS gateway down', stack: expect.stringContaining('at ') } });
  });
});
