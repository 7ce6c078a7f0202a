import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EmailVerifiedSchema,
  EmptyBodySchema,
  PasswordChangedSchema,
  PasswordResetRequestedSchema,
  RequestPasswordResetSchema,
  ResetPasswordSchema,
  VerificationEmailSentSchema,
  VerifyEmailSchema,
} from '../../shared/schemas/users';
import { requireUser } from '../plugins/authentication';
import { bodyEmail, byUser, consume, type SignInLockout } from './account-limits';
import { sha256 } from './accounts';
import type { AccountRecoveryService } from './account-recovery-service';
import { problems, TAGS } from './route-helpers';

/** Password reset and e-mail verification: links mailed to the address (DESIGN §4). */
export const accountRecoveryRoutes: FastifyPluginAsyncZod<{ recovery: AccountRecoveryService; lockout: SignInLockout }> = async (
  app,
  { recovery, lockout },
) => {
  // Per address asked about, so one mailbox cannot be flooded from many client addresses.
  const resetsPerEmail = app.createRateLimit({ max: 3, timeWindow: '1 hour', keyGenerator: (request) => `reset-account:${sha256(bodyEmail(request))}` });

  app.post(
    '/users/request_password_reset',
    {
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      preHandler: (request) => consume(resetsPerEmail, request),
      schema: {
        tags: TAGS,
        summary: 'E-mail a password reset link (answers the same whether the account exists or not)',
        body: RequestPasswordResetSchema,
        response: { 202: PasswordResetRequestedSchema, ...problems(400, 401, 429) },
      },
    },
    async (request, reply) => {
      await recovery.requestPasswordReset({ email: request.body.email });
      return reply.code(202).send({ status: 'requested' as const });
    },
  );

  app.post(
    '/users/reset_password',
    {
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        tags: TAGS,
        summary: 'Set a new password with the e-mailed token; signs out every device and lifts a sign-in lock',
        body: ResetPasswordSchema,
        response: { 200: PasswordChangedSchema, ...problems(400, 401, 429) },
      },
    },
    async (request) => {
      const { email } = await recovery.resetPassword(request.body);
      if (email) await lockout.lift({ email });
      return { status: 'password_changed' as const };
    },
  );

  app.post(
    '/users/resend_verification_email',
    {
      config: { rateLimit: { max: 3, timeWindow: '1 hour', keyGenerator: byUser } },
      schema: {
        tags: TAGS,
        summary: 'E-mail the address verification link again',
        description: 'Through the job queue, like the one sent at registration; nothing is sent for an address already proven.',
        body: EmptyBodySchema,
        response: { 202: VerificationEmailSentSchema, ...problems(400, 401, 429) },
      },
    },
    async (request, reply) => reply.code(202).send({ status: await recovery.resendEmailVerification({ userId: requireUser(request).userId }) }),
  );

  app.post(
    '/users/verify_email',
    {
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        tags: TAGS,
        summary: 'Confirm the e-mail address with the token of the link e-mailed at registration',
        description: 'Single use, expiring. The web page `/{lang}/verify-email#token=…` calls it.',
        body: VerifyEmailSchema,
        response: { 200: EmailVerifiedSchema, ...problems(400, 401, 429) },
      },
    },
    async (request) => {
      await recovery.verifyEmail({ token: request.body.token });
      return { status: 'email_verified' as const };
    },
  );
};
