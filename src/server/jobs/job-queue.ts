import { and, eq, lt, or, sql } from 'drizzle-orm';
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

/**
 * How long a claimed job stays another instance's before the queue takes it back. A live worker renews
 * the lease of every job it holds a few times per lease (the heartbeat), so a long job keeps it; a worker
 * that died (killed, crashed, cut off) stops renewing, and its jobs run again within this time.
 */
const LEASE_MS = 30_000;

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
  private readonly leaseMs: number;
  private readonly heartbeatMs: number;
  /** Jobs this worker claimed and has not finished: id → the attempt it claimed (its fencing token). */
  private readonly held = new Map<number, number>();

  constructor(private readonly deps: { db: Db; log?: Logger; now?: () => Date; leaseMs?: number; heartbeatMs?: number }) {
    this.now = deps.now ?? (() => new Date());
    this.leaseMs = deps.leaseMs ?? LEASE_MS;
    this.heartbeatMs = deps.heartbeatMs ?? Math.floor(this.leaseMs / 3);
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
    // A worker that died mid-job leaves it "running" with a lease nobody renews; once it lapses the job
    // is due again (its deliveries that were recorded are not repeated: deliverOnce).
    await db
      .update(jobs)
      .set({ status: 'pending', lockedAt: null })
      .where(and(eq(jobs.status, 'running'), lt(jobs.lockedAt, new Date(now.getTime() - this.leaseMs))));
    const claimed = (await db.execute(sql`
      UPDATE jobs SET status = 'running', locked_at = ${now.toISOString()}, attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM jobs WHERE status = 'pending' AND run_at <= ${now.toISOString()}
        ORDER BY run_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED
      )
      RETURNING id, type, payload, attempts, max_attempts`)) as unknown as {
      rows: { id: string | number; type: string; payload: Record<string, unknown>; attempts: number; max_attempts: number }[];
    };
    if (!claimed.rows.length) return 0;
    for (const job of claimed.rows) this.held.set(Number(job.id), job.attempts);
    // The whole batch is held from the claim on, also the jobs still waiting their turn behind a slow one.
    const heartbeat = setInterval(() => void this.renewLeases(), this.heartbeatMs);
    heartbeat.unref();
    try {
      for (const job of claimed.rows) {
        await this.runOne({ ...job, id: Number(job.id) });
        this.held.delete(Number(job.id));
      }
    } finally {
      clearInterval(heartbeat);
      this.held.clear();
    }
    return claimed.rows.length;
  }

  /** Renews the lease of every job this worker holds and still owns (same attempt: nobody took it back). */
  private async renewLeases(): Promise<void> {
    const owned = [...this.held].map(([id, attempts]) => and(eq(jobs.id, id), eq(jobs.attempts, attempts)));
    if (!owned.length) return;
    try {
      await this.deps.db
        .update(jobs)
        .set({ lockedAt: this.now() })
        .where(and(eq(jobs.status, 'running'), or(...owned)));
    } catch (err) {
      // The database is away: the lease may lapse and another instance run the job again (deliverOnce).
      this.deps.log?.error({ err }, 'job lease renewal failed');
    }
  }

  /**
   * A job whose lease lapsed may have been taken back and claimed again (a higher attempt): this worker's
   * outcome must not overwrite the new holder's.
   */
  private stillMine(job: { id: number; attempts: number }) {
    return and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts));
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
      await db.update(jobs).set({ status: 'done', finishedAt: this.now(), lockedAt: null }).where(this.stillMine(job));
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
        .where(this.stillMine(job));
      log?.error({ job_id: job.id, type: job.type, attempt: job.attempts, final, err: error }, 'job failed');
    }
  }
}
