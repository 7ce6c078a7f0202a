import type { DbOrTx } from '../db/client';
import type { JobQueue } from '../jobs/job-queue';
import type { NoticeType } from '../notifications/notice-render';
import type { NotificationsService } from '../notifications/notifications-service';
import { insertNotification } from '../notifications/notifications-repository';

/** The job that e-mails one notice to one person (NotificationsService.deliverNoticeEmail). */
export const NOTICE_EMAIL_JOB = 'notice.email';

/**
 * One notice to one person, inside the caller's transaction (DESIGN §14: the decision, its notification and
 * its audit entry commit together or not at all): the in-app row now, and the job that e-mails it. `key`
 * makes both happen once, however often the caller retries.
 */
export async function sendNotice(
  tx: DbOrTx,
  jobs: JobQueue,
  input: { userId: string; type: NoticeType; data: Record<string, unknown>; key: string },
): Promise<void> {
  await insertNotification(tx, { userId: input.userId, type: input.type, reservationId: null, data: input.data, dedupeKey: input.key });
  await jobs.enqueue(tx, {
    type: NOTICE_EMAIL_JOB,
    payload: { user_id: input.userId, type: input.type, data: input.data, key: input.key },
    idempotencyKey: `${NOTICE_EMAIL_JOB}:${input.key}`,
  });
}

export function registerNoticeJobs(jobs: JobQueue, notifications: NotificationsService): void {
  jobs.register(NOTICE_EMAIL_JOB, async (payload, context) => {
    const type = payload.type === 'organizer_application' ? 'organizer_application' : 'event_review';
    const data = payload.data && typeof payload.data === 'object' ? (payload.data as Record<string, unknown>) : {};
    await notifications.deliverNoticeEmail({ userId: String(payload.user_id), type, data, key: String(payload.key) }, context);
  });
}
