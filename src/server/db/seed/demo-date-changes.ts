import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';

/** How much later a rescheduled demo event is than the date it first had. */
const MOVED_BY = '7 days';

/**
 * The demo's moved and called-off events, told the way organizers tell them (issue #11): a postponed event
 * has its new date to be announced (its date is the old one, as the organizer's "postpone" leaves it), a
 * rescheduled one a new date a week after the one it had. Kept apart from the programme so the demo
 * always has one of each (cancelled, postponed with the date to be announced, moved to a new date) in
 * upcoming listings, whatever the programme draws: when a status is missing, the earliest plain event
 * from tomorrow on (one that takes no reservations, outside a series) gets it.
 */
export async function applyDemoDateChanges(tx: DbOrTx, now: Date): Promise<void> {
  const tomorrow = new Date(now.getTime() + 24 * 3_600_000).toISOString();
  for (const status of ['cancelled', 'postponed', 'rescheduled'] as const) {
    await tx.execute(sql`
      UPDATE events SET status = ${status}
      WHERE NOT EXISTS (SELECT 1 FROM events WHERE status = ${status} AND published AND starts_at >= ${tomorrow}::timestamptz)
        AND id = (
          SELECT id FROM events
          WHERE status = 'scheduled' AND published AND NOT reservable AND series_id IS NULL AND starts_at >= ${tomorrow}::timestamptz
          ORDER BY starts_at, id LIMIT 1
        )`);
  }
  await tx.execute(sql`
    UPDATE events SET date_tba = true, previous_starts_at = starts_at
    WHERE status = 'postponed' AND previous_starts_at IS NULL`);
  await tx.execute(sql`
    UPDATE events SET previous_starts_at = starts_at - ${MOVED_BY}::interval
    WHERE status = 'rescheduled' AND previous_starts_at IS NULL`);
}
