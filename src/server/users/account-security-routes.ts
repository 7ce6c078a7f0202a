import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChangeEmailSchema,
  ChangePasswordSchema,
  ConfirmEmailSchema,
  EmailChangedSchema,
  EmailChangeRequestedSchema,
  SessionListSchema,
  SessionParamsSchema,
} from '../../shared/schemas/account-settings';
import { PasswordChangedSchema } from '../../shared/schemas/users';
import { AppError } from '../lib/errors';
import { requireUser } from '../plugins/authentication';
import { byUser, type SignInLockout } from './account-limits';
import type { AccountSecurityService } from './account-security-service';
import { problems, TAGS } from './route-helpers';

/** Password and e-mail changes, and the person's sessions (issue #12). */
export const accountSecurityRoutes: FastifyPluginAsyncZod<{ security: AccountSecurityService; lockout: SignInLockout }> = async (
  app,
  { security, lockout },
) => {
  app.post(
    '/users/change_password',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: TAGS,
        summary: 'Change the password (the current one required); every other session is signed out',
        description: 'Wrong current passwords count like wrong sign-in passwords (per account and address). The person is told by e-mail.',
        body: ChangePasswordSchema,
        response: { 200: PasswordChangedSchema, ...problems(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      // The same lockout as sign-in, keyed on the account: a stolen token cannot guess the password either.
      const attempt = await lockout.begin({ email: `user:${principal.userId}`, ip: request.ip });
      try {
        await security.changePassword({
          userId: principal.userId,
          familyId: principal.familyId,
          currentPassword: request.body.current_password,
          newPassword: request.body.new_password,
        });
        await attempt.forgive();
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'password_incorrect')) await attempt.forgive();
        throw error;
      }
      return { status: 'password_changed' as const };
    },
  );

  app.post(
    '/users/change_email',
    {
      config: { rateLimit: { max: 5, timeWindow: '1 hour', keyGenerator: byUser } },
      schema: {
        tags: TAGS,
        summary: 'Ask to change the e-mail address: a confirmation link goes to the new one, the old one is told',
        description: '`password` is required when the account has one. Nothing changes until the link is opened (`/{lang}/confirm-email?token=…`).',
        body: ChangeEmailSchema,
        response: { 202: EmailChangeRequestedSchema, ...problems(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const { userId } = requireUser(request);
      await security.requestEmailChange({ userId, newEmail: request.body.new_email, password: request.body.password });
      return reply.code(202).send({ status: 'confirmation_sent' as const });
    },
  );

  app.post(
    '/users/confirm_email',
    {
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        tags: TAGS,
        summary: 'Confirm an e-mail change with the token of the link mailed to the new address',
        description: 'Single use, expiring; refused when the address was taken meanwhile. Works from any device (the token is the proof).',
        body: ConfirmEmailSchema,
        response: { 200: EmailChangedSchema, ...problems(400, 401, 409, 429) },
      },
    },
    async (request) => ({ status: 'email_changed' as const, ...(await security.confirmEmailChange({ token: request.body.token })) }),
  );

  app.get(
    '/users/sessions',
    { schema: { tags: TAGS, summary: "The person's signed-in devices; `current` marks this one", response: { 200: SessionListSchema, ...problems(401) } } },
    async (request) => {
      const principal = requireUser(request);
      return { items: await security.listSessions({ userId: principal.userId, familyId: principal.familyId }) };
    },
  );

  app.delete(
    '/users/sessions/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Sign one session out (404 when it is not the caller’s)',
        params: SessionParamsSchema,
        response: { 204: z.null().describe('Signed out'), ...problems(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await security.revokeSession({ userId: requireUser(request).userId, sessionId: request.params.id });
      return reply.code(204).send(null);
    },
  );
};
