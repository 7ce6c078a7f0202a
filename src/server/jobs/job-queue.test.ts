import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/support/test-db';
import { waitFor } from '../../../tests/support/wait-for';
import type { Db } from '../db/client';
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

  /** A promise and its resolve, to hold a handler mid-job and to know that it got there. */
  const gate = () => {
    let open = () => undefined as void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { opened, open };
  };

  it('gives a job held by a killed instance to another within 30 s, and still sends it once', async () => {
    let clock = new Date('2040-01-01T10:00:00Z');
    const now = () => clock;
    const { db } = database();
    // A killed process writes nothing more: from the kill on, its queue's database calls fail.
    let killed = false;
    const dyingDb = new Proxy(db, {
      get(target, property, receiver) {
        if (killed && ['select', 'insert', 'update', 'delete', 'execute', 'transaction'].includes(String(property))) {
          throw new Error('Connection terminated');
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    }) as Db;
    const sent: string[] = [];
    const started = gate();
    const resume = gate();
    const doomed = new JobQueue({ db: dyingDb, now, heartbeatMs: 20 });
    doomed.register('crash-mail', async (_payload, context) => {
      started.open();
      await resume.opened;
      await context.deliverOnce('crash-mail-1', 'mail', async () => void sent.push('killed instance'));
    });
    const survivor = new JobQueue({ db, now });
    survivor.register('crash-mail', async (_payload, context) => {
      await context.deliverOnce('crash-mail-1', 'mail', async () => void sent.push('survivor'));
    });

    await survivor.enqueue(db, { type: 'crash-mail', idempotencyKey: 'crash-1' });
    const dying = doomed.runDue().catch(() => undefined);
    await started.opened;
    killed = true;

    clock = new Date(clock.getTime() + 10_000);
    expect(await survivor.runDue()).toBe(0);
    clock = new Date(clock.getTime() + 21_000);
    expect(await survivor.runDue()).toBe(1);
    expect(sent).toEqual(['survivor']);
    const [row] = await db.select().from(jobs).where(eq(jobs.idempotencyKey, 'crash-1'));
    expect(row?.status).toBe('done');
    expect(row?.attempts).toBe(2);

    // The dead worker's handler never gets to send or to write its outcome; nothing runs again.
    resume.open();
    await dying;
    clock = new Date(clock.getTime() + 3_600_000);
    expect(await survivor.runDue()).toBe(0);
    expect(sent).toEqual(['survivor']);
  });

  it('leaves a long job with its live worker: the worker renews the lease while the job runs', async () => {
    let clock = new Date('2041-01-01T10:00:00Z');
    const now = () => clock;
    const { db } = database();
    const sent: string[] = [];
    const started = gate();
    const finish = gate();
    const worker = new JobQueue({ db, now, heartbeatMs: 20 });
    worker.register('long-mail', async (_payload, context) => {
      started.open();
      await finish.opened;
      await context.deliverOnce('long-mail-1', 'mail', async () => void sent.push('worker'));
    });
    const other = new JobQueue({ db, now });
    other.register('long-mail', async (_payload, context) => {
      await context.deliverOnce('long-mail-1', 'mail', async () => void sent.push('other'));
    });

    await worker.enqueue(db, { type: 'long-mail', idempotencyKey: 'long-1' });
    const running = worker.runDue();
    await started.opened;
    clock = new Date(clock.getTime() + 20_000);
    const renewedAt = clock.getTime();
    await waitFor('the lease to be renewed', async () => {
      const [row] = await db.select({ lockedAt: jobs.lockedAt }).from(jobs).where(eq(jobs.idempotencyKey, 'long-1'));
      return (row?.lockedAt?.getTime() ?? 0) >= renewedAt;
    });
    // 40 s after the claim, past a lease nobody renewed: the live worker keeps the job.
    clock = new Date(clock.getTime() + 20_000);
    expect(await other.runDue()).toBe(0);

    finish.open();
    expect(await running).toBe(1);
    expect(sent).toEqual(['worker']);
    const [row] = await db.select().from(jobs).where(eq(jobs.idempotencyKey, 'long-1'));
    expect(row?.status).toBe('done');
    expect(row?.attempts).toBe(1);
  });
});
