import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { deliveries, jobs } from '../db/schema';

export interface JobContext {
  jobId: number;
  attempt: number;
  /**
   * Runs `send` once per key across retries: if a delivery with this key was recorded, it is skipped.
   * The record is written right after the send succeeds, so a retry never repeats a finished delivery.
   */
  deliverOnce: (key: string, channel: string, send: () => Promise<void>) => Promise<boolean>;
}

export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<void>;

export interface EnqueueInput {
  type: string;
  payload?: Record<string, unknown>;
  runAt?: Date;
  /** A second enqueue with the same key is ignored (the first one stands). */
  idempotencyKey?: string;
  maxAttempts?: number;
}

interface Logger {
  info: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
}

const STALE_AFTER_MS = 5 * 60_000;

/**
 * A job queue in the system-of-record database (DESIGN §9): enqueue inside the same transaction as the
 * change that causes it, so nothing acknowledged is lost; workers claim due jobs with SKIP LOCKED, so any
 * number of instances can share one queue; failures retry with exponential backoff.
 */
export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private readonly now: () => Date;

  constructor(private readonly deps: { db: Db; log?: Logger; now?: () => Date }) {
    this.now = deps.now ?? (() => new Date());
  }

  register(type: string, handler: JobHandler): void {
    this.handlers.set(type, handler);
  }

  async enqueue(db: DbOrTx, input: EnqueueInput): Promise<void> {
    await db
      .insert(jobs)
      .values({
        type: input.type,
        payload: input.payload ?? {},
        runAt: input.runAt ?? this.now(),
        idempotencyKey: input.idempotencyKey,
        maxAttempts: input.maxAttempts ?? 5,
      })
      .onConflictDoNothing({ target: jobs.idempotencyKey });
    this.wake();
  }

  /** Claims and runs the jobs that are due now; resolves with how many ran. Calls never overlap. */
  async runDue(limit = 20): Promise<number> {
    while (this.running) await this.running;
    this.running = this.drain(limit);
    try {
      return await this.running;
    } finally {
      this.running = undefined;
    }
  }

  /** Polls for due jobs until stopped (the server starts it; tests call runDue directly). */
  start(intervalMs = 1000): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.runDue().catch((err) => this.deps.log?.error({ err }, 'job poll failed')), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    while (this.running) await this.running;
  }

  private wake() {
    if (this.timer) setImmediate(() => void this.runDue().catch(() => undefined));
  }

  private async drain(limit: number): Promise<number> {
    const { db } = this.deps;
    const now = this.now();
    // A worker that died mid-job leaves it "running"; after a while it becomes due again.
    await db
      .update(jobs)
      .set({ status: 'pending', lockedAt: null })
      .where(and(eq(jobs.status, 'running'), lt(jobs.lockedAt, new Date(now.getTime() - STALE_AFTER_MS))));
    const claimed = (await db.execute(sql`
      UPDATE jobs SET status = 'running', locked_at = ${now.toISOString()}, attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM jobs WHERE status = 'pending' AND run_at <= ${now.toISOString()}
        ORDER BY run_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED
      )
      RETURNING id, type, payload, attempts, max_attempts`)) as unknown as {
      rows: { id: string | number; type: string; payload: Record<string, unknown>; attempts: number; max_attempts: number }[];
    };
    for (const job of claimed.rows) await this.runOne({ ...job, id: Number(job.id) });
    return claimed.rows.length;
  }

  private async runOne(job: { id: number; type: string; payload: Record<string, unknown>; attempts: number; max_attempts: number }) {
    const { db, log } = this.deps;
    const handler = this.handlers.get(job.type);
    try {
      if (!handler) throw new Error(`No handler for job type ${job.type}`);
      await handler(job.payload, {
        jobId: job.id,
        attempt: job.attempts,
        deliverOnce: async (key, channel, send) => {
          const done = await db.select({ key: deliveries.key }).from(deliveries).where(eq(deliveries.key, key));
          if (done.length) return false;
          await send();
          await db.insert(deliveries).values({ key, jobId: job.id, channel }).onConflictDoNothing();
          return true;
        },
      });
      await db.update(jobs).set({ status: 'done', finishedAt: this.now(), lockedAt: null }).where(eq(jobs.id, job.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const final = job.attempts >= job.max_attempts;
      const backoffMs = Math.min(2 ** job.attempts * 1000, 15 * 60_000);
      await db
        .update(jobs)
        .set({
          status: final ? 'failed' : 'pending',
          lockedAt: null,
          lastError: message.slice(0, 2000),
          runAt: new Date(this.now().getTime() + backoffMs),
          finishedAt: final ? this.now() : null,
        })
        .where(eq(jobs.id, job.id));
      log?.error({ job_id: job.id, type: job.type, attempt: job.attempts, final, err: error }, 'job failed');
    }
  }
}
