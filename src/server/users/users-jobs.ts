import { eq } from 'drizzle-orm';
import { isLocale } from '../../shared/locales';
import type { Db } from '../db/client';
import { jobs as jobsTable } from '../db/schema';
import type { JobQueue } from '../jobs/job-queue';
import {
  accountDeletedEmail,
  emailChangeConfirmEmail,
  emailChangeNoticeEmail,
  emailVerificationEmail,
  passwordChangedEmail,
  passwordResetEmail,
  passwordSignInRemovedEmail,
  phoneCodeSms,
} from '../notifications/email-templates';
import type { Mailer } from '../notifications/mailer';
import type { SmsProvider } from '../notifications/sms';
import { USER_JOBS } from './accounts';
import type { UsersServices } from './users-service';

/**
 * The accounts domain's background work. Every send goes through `deliverOnce`, so a retried job never
 * sends twice; secrets (SMS codes, reset tokens) are made inside the send, never stored in a payload.
 */
export function registerUsersJobs(deps: { jobs: JobQueue; users: UsersServices; mailer: Mailer; sms: SmsProvider; db: Db }) {
  const { jobs, users, mailer, sms, db } = deps;

  jobs.register(USER_JOBS.phoneCode, async (payload, context) => {
    const userId = String(payload.user_id);
    const generation = Number(payload.generation);
    await context.deliverOnce(`phone_code:${userId}:${generation}`, 'sms', () =>
      users.phone.sendPhoneCode({
        userId,
        generation,
        send: async ({ to, locale, code, minutes }) => {
          await sms.send({ to, text: phoneCodeSms({ locale, code, minutes }) });
        },
      }),
    );
  });

  jobs.register(USER_JOBS.passwordReset, async (payload, context) => {
    const userId = String(payload.user_id);
    await context.deliverOnce(`password_reset:${String(payload.request_id)}`, 'email', async () => {
      const reset = await users.recovery.issuePasswordReset({ userId });
      if (reset) await mailer.send(passwordResetEmail(reset));
    });
  });

  jobs.register(USER_JOBS.emailVerification, async (payload, context) => {
    const userId = String(payload.user_id);
    await context.deliverOnce(`email_verification:${String(payload.request_id)}`, 'email', async () => {
      const verification = await users.recovery.issueEmailVerification({ userId });
      if (verification) await mailer.send(emailVerificationEmail(verification));
    });
  });

  jobs.register(USER_JOBS.passwordSignInRemoved, async (payload, context) => {
    const userId = String(payload.user_id);
    await context.deliverOnce(`password_sign_in_removed:${context.jobId}`, 'email', async () => {
      const message = await users.recovery.passwordSignInRemovedMessage({ userId });
      if (message) await mailer.send(passwordSignInRemovedEmail(message));
    });
  });

  jobs.register(USER_JOBS.passwordChanged, async (payload, context) => {
    const userId = String(payload.user_id);
    await context.deliverOnce(`password_changed:${String(payload.request_id)}`, 'email', async () => {
      const message = await users.security.passwordChangedMessage({ userId });
      if (message) await mailer.send(passwordChangedEmail(message));
    });
  });

  // The token is made when the link is mailed (never in the payload); the old address is told once.
  jobs.register(USER_JOBS.emailChange, async (payload, context) => {
    const userId = String(payload.user_id);
    const newEmail = String(payload.new_email);
    const requestId = String(payload.request_id);
    await context.deliverOnce(`email_change:${requestId}`, 'email', async () => {
      const confirm = await users.security.issueEmailChange({ userId, newEmail });
      if (confirm) await mailer.send(emailChangeConfirmEmail(confirm));
    });
    await context.deliverOnce(`email_change_notice:${requestId}`, 'email', async () => {
      const notice = await users.security.emailChangeNotice({ userId, newEmail });
      if (notice) await mailer.send(emailChangeNoticeEmail(notice));
    });
  });

  jobs.register(USER_JOBS.accountDeleted, async (payload, context) => {
    const to = typeof payload.to === 'string' ? payload.to : undefined;
    if (!to) return; // already sent and scrubbed
    const locale = isLocale(payload.locale) ? payload.locale : 'sr';
    await context.deliverOnce(`account_deleted:${context.jobId}`, 'email', () => mailer.send(accountDeletedEmail({ to, locale })));
    // The address was kept only to say goodbye: once sent, the job forgets it too.
    await db.update(jobsTable).set({ payload: { locale } }).where(eq(jobsTable.id, context.jobId));
  });
}
