import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminUserDetailSchema, AdminUserPageSchema, AdminUserQuerySchema, ChangeUserRoleSchema, SuspendUserSchema } from '../../shared/schemas/admin-users';
import { EmptyBodySchema, UuidParamsSchema } from '../../shared/schemas/common';
import { ProblemSchema } from '../../shared/schemas/problem';
import { requireUser } from '../plugins/authentication';
import { ADMIN_REFUSALS } from './admin-refusals';
import type { AdminServices } from './admin-services';

/**
 * The admin's users (relative to `/admin`; the scope already checked the role). Refusals beyond the shared
 * ones: 404 `user_not_found`; 409 `self_suspension` / `self_role_change` (an admin cannot lock themself out),
 * `user_deleted`, `already_suspended`, `not_suspended`.
 */
export const usersAdminRoutes: FastifyPluginAsyncZod<{ admin: AdminServices }> = async (app, { admin }) => {
  const tags = ['admin'];
  const changeRefusals = { ...ADMIN_REFUSALS, 409: ProblemSchema };

  app.get(
    '/users',
    {
      schema: {
        tags,
        summary: 'Find people by e-mail, name or phone number (in part, any case, any common phone spelling); newest first',
        querystring: AdminUserQuerySchema,
        response: { 200: AdminUserPageSchema, ...ADMIN_REFUSALS },
      },
    },
    async (request) => admin.users.search(request.query),
  );

  app.get(
    '/users/:id',
    {
      schema: {
        tags,
        summary: "One person: profile, standing, role, organizer teams and latest reservations",
        params: UuidParamsSchema,
        response: { 200: AdminUserDetailSchema, ...ADMIN_REFUSALS },
      },
    },
    async (request) => admin.users.get({ userId: request.params.id, locale: request.locale }),
  );

  app.post(
    '/users/:id/suspend',
    {
      schema: {
        tags,
        summary: 'Suspend an account: signed out everywhere at once, sign-in refused, open reservations cancelled',
        params: UuidParamsSchema,
        body: SuspendUserSchema,
        response: { 200: AdminUserDetailSchema, ...changeRefusals },
      },
    },
    async (request) =>
      admin.users.suspend({ adminId: requireUser(request).userId, userId: request.params.id, reason: request.body.reason, locale: request.locale }),
  );

  app.post(
    '/users/:id/unsuspend',
    {
      schema: {
        tags,
        summary: 'Restore a suspended account; the person signs in again',
        params: UuidParamsSchema,
        body: EmptyBodySchema,
        response: { 200: AdminUserDetailSchema, ...changeRefusals },
      },
    },
    async (request) => admin.users.unsuspend({ adminId: requireUser(request).userId, userId: request.params.id, locale: request.locale }),
  );

  app.patch(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'Change the Kuda-wide role (user, organizer, admin); effective on the next request',
        params: UuidParamsSchema,
        body: ChangeUserRoleSchema,
        response: { 200: AdminUserDetailSchema, ...changeRefusals },
      },
    },
    async (request) =>
      admin.users.changeRole({ adminId: requireUser(request).userId, userId: request.params.id, role: request.body.role, locale: request.locale }),
  );
};
