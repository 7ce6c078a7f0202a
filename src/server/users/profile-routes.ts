import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeletionResponseSchema, EditUserSchema, EligibilitySchema, RequestUserDeletionSchema, UserResponseSchema } from '../../shared/schemas/users';
import { requirePrincipal, requireUser } from '../plugins/authentication';
import type { AccountDeletionService } from './account-deletion-service';
import { byUser } from './account-limits';
import type { ProfileService } from './profile-service';
import { problems, TAGS } from './route-helpers';

/** The signed-in user's profile, eligibility to reserve, and account deletion. */
export const profileRoutes: FastifyPluginAsyncZod<{ profile: ProfileService; deletion: AccountDeletionService }> = async (app, { profile, deletion }) => {
  app.get(
    '/users/get_user',
    { schema: { tags: TAGS, summary: 'The signed-in user', response: { 200: UserResponseSchema, ...problems(401) } } },
    async (request) => ({ user: await profile.getUser({ userId: requireUser(request).userId }) }),
  );

  app.get(
    '/users/is_eligible_for_reservation',
    {
      schema: { tags: TAGS, summary: 'Whether the user may reserve, and what is missing', response: { 200: EligibilitySchema, ...problems(401) } },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      return profile.eligibility({ userId: principal.kind === 'user' ? principal.userId : undefined });
    },
  );

  app.post(
    '/users/edit_user',
    {
      schema: { tags: TAGS, summary: 'Edit first and last name', body: EditUserSchema, response: { 200: UserResponseSchema, ...problems(400, 401) } },
    },
    async (request) => ({
      user: await profile.editUser({ userId: requireUser(request).userId, firstName: request.body.first_name, lastName: request.body.last_name }),
    }),
  );

  app.post(
    '/users/request_user_deletion',
    {
      config: { rateLimit: { max: 5, timeWindow: '1 hour', keyGenerator: byUser } },
      schema: {
        tags: TAGS,
        summary: 'Delete the account: signs out everywhere and erases personal data',
        description: 'An account with a password must send it (re-authentication); social-only accounts send none.',
        body: RequestUserDeletionSchema,
        response: { 202: DeletionResponseSchema, ...problems(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { userId } = requireUser(request);
      return reply.code(202).send(await deletion.deleteAccount({ userId, password: request.body?.password }));
    },
  );
};
