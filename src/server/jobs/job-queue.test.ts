import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/support/test-db';
import { jobs } from '../db/schema';
import { JobQueue } from './job-queue';

describeEachDatabase('job queue', (database) => {
  it('runs an enqueued job once and marks it done', async () => {
    const queue = new JobQueue({ db: database().db });
    const seen: unknown[] = [];
    queue.register('greet', async (payload) => void seen.push(payload.name));
    await queue.enqueue(database().db, { type: 'greet', payload: { name: 'Ana' } });
    expect(await queue.runDue()).toBe(1);
    expect(await queue.runDue()).toBe(0);
    expect(seen).toEqual(['Ana']);
  });

  it('ignores a second enqueue with the same idempotency key', async () => {
    const queue = new JobQueue({ db: database().db });
    let runs = 0;
    queue.register('once', async () => void (runs += 1));
    await queue.enqueue(database().db, { type: 'once', idempotencyKey: 'k-1' });
    await queue.enqueue(database().db, { type: 'once', idempotencyKey: 'k-1' });
    await queue.runDue();
    expect(runs).toBe(1);
  });

  it('retries a failing job later with backoff, and never repeats a delivery that succeeded', async () => {
    let clock = new Date('2030-01-01T10:00:00Z');
    const queue = new JobQueue({ db: database().db, now: () => clock });
    const sent: string[] = [];
    let attempt = 0;
    queue.register('flaky', async (_payload, context) => {
      attempt += 1;
      await context.deliverOnce('flaky-mail-1', 'mail', async () => void sent.push('mail'));
      if (attempt === 1) throw new Error('SMS gateway down');
    });
    await queue.enqueue(database().db, { type: 'flaky', idempotencyKey: 'flaky-1' });
    expect(await queue.runDue()).toBe(1);
    // Not due again until the backoff has passed.
    expect(await queue.runDue()).toBe(0);
    clock = new Date(clock.getTime() + 60_000);
    expect(await queue.runDue()).toBe(1);
    expect(attempt).toBe(2);
    expect(sent).toEqual(['mail']);
    const [row] = await database().db.select().from(jobs).where(eq(jobs.idempotencyKey, 'flaky-1'));
    expect(row?.status).toBe('done');
    expect(row?.attempts).toBe(2);
  });

  it('gives up after the last attempt and keeps the error', async () => {
    let clock = new Date('2031-01-01T10:00:00Z');
    const queue = new JobQueue({ db: database().db, now: () => clock });
    queue.register('doomed', async () => {
      throw new Error('always fails');
    });
    await queue.enqueue(database().db, { type: 'doomed', idempotencyKey: 'doomed-1', maxAttempts: 2 });
    await queue.runDue();
    clock = new Date(clock.getTime() + 3_600_000);
    await queue.runDue();
    const [row] = await database().db.select().from(jobs).where(eq(jobs.idempotencyKey, 'doomed-1'));
    expect(row?.status).toBe('failed');
    expect(row?.lastError).toBe('always fails');
  });
});
