import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import type { JobQueue } from '../jobs/job-queue';

export const PRUNE_GUESTS_JOB = 'saved.prune_guests';

/** The guests whose token family can no longer be refreshed: revoked, or its last refresh token expired. */
const GONE_GUESTS = sql`SELECT g.guest_id FROM guest_owners g
  WHERE NOT EXISTS (
    SELECT 1 FROM token_families f JOIN refresh_tokens r ON r.family_id = f.id
    WHERE f.id = g.family_id AND f.revoked_at IS NULL AND r.expires_at > now())`;

/**
 * Queues the daily prune for the day after `after` (once per day, however many guests save). Called when a
 * guest saves, and by the job itself while guests remain, so it runs as long as there is something to prune.
 */
export async function schedulePrune(jobs: JobQueue, db: DbOrTx, after: Date): Promise<void> {
  const runAt = new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate() + 1, 3));
  const day = runAt.toISOString().slice(0, 10);
  await jobs.enqueue(db, { type: PRUNE_GUESTS_JOB, runAt, payload: { day }, idempotencyKey: `${PRUNE_GUESTS_JOB}:${day}` });
}

/** Removes what guests who can never come back left behind: saves, follows, category visits. */
export async function pruneGoneGuests(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM saved_events WHERE guest_id IN (${GONE_GUESTS})`);
    await tx.execute(sql`DELETE FROM follows WHERE guest_id IN (${GONE_GUESTS})`);
    await tx.execute(sql`DELETE FROM category_visits WHERE guest_id IN (${GONE_GUESTS})`);
    await tx.execute(sql`DELETE FROM guest_owners WHERE guest_id IN (${GONE_GUESTS})`);
  });
}

export function registerSavedJobs(deps: { jobs: JobQueue; db: Db; now?: () => Date }): void {
  const { jobs, db } = deps;
  const now = deps.now ?? (() => new Date());
  jobs.register(PRUNE_GUESTS_JOB, async (payload) => {
    await pruneGoneGuests(db);
    const remaining = (await db.execute(sql`SELECT count(*)::int AS n FROM guest_owners`)) as unknown as { rows: { n: number }[] };
    // The next run is the day after this one's (or after today, if this one ran late): never this one's own key.
    const day = typeof payload.day === 'string' ? new Date(`${payload.day}T00:00:00.000Z`) : now();
    const after = Number.isNaN(day.getTime()) || day < now() ? now() : day;
    if (Number(remaining.rows[0]?.n ?? 0) > 0) await schedulePrune(jobs, db, after);
  });
}
