import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ActivityQuerySchema, ActivitySchema, MemberIdParamsSchema, MemberInputSchema, MemberPatchSchema, MemberSchema } from '../../shared/schemas/organizer-team';
import { ProblemSchema } from '../../shared/schemas/problem';
import { z } from '../../shared/schemas/zod';
import { requireUser } from '../plugins/authentication';
import { ORGANIZER_REFUSALS } from './organizer-refusals';
import type { OrganizerTeamService } from './organizer-team-service';


/**
 * The organizer's team and activity log. Reading needs `read` (owner, manager, viewer); changes need `team`
 * (owners). Refusals: 401 `user_required`, 403 `organizer_required` / `organizer_role_required`, 404 `not_found`
 * (no such member or open invitation of this organizer), 409 `already_member`, `already_invited`, `last_owner`.
 */
export const organizerTeamRoutes: FastifyPluginAsyncZod<{
  team: OrganizerTeamService;
}> = async (app, { team }) => {
  const tags = ['organizer'];

  app.get(
    '/organizer/members',
    {
      schema: {
        tags,
        summary: 'Members of the team and open invitations',
        response: {
          200: z.object({ items: z.array(MemberSchema) }),
          ...ORGANIZER_REFUSALS,
        },
      },
    },
    async (request) => team.members({ userId: requireUser(request).userId }),
  );

  app.post(
    '/organizer/members',
    {
      schema: {
        tags,
        summary: 'Invite an address in a role; it is e-mailed a link to the organizer area and joins once signed in with that (confirmed) address',
        body: MemberInputSchema,
        response: { 201: MemberSchema, 409: ProblemSchema, ...ORGANIZER_REFUSALS },
      },
    },
    async (request, reply) => {
      const member = await team.invite({
        userId: requireUser(request).userId,
        ...request.body,
        locale: request.locale,
      });
      return reply.code(201).send(member);
    },
  );

  app.patch(
    '/organizer/members/:id',
    {
      schema: {
        tags,
        summary: "Change a member's (or an open invitation's) role; the last owner stays owner",
        params: MemberIdParamsSchema,
        body: MemberPatchSchema,
        response: { 200: MemberSchema, 409: ProblemSchema, ...ORGANIZER_REFUSALS },
      },
    },
    async (request) =>
      team.changeRole({
        userId: requireUser(request).userId,
        member: request.params.id,
        role: request.body.role,
      }),
  );

  app.delete(
    '/organizer/members/:id',
    {
      schema: {
        tags,
        summary: 'Remove a member or withdraw an invitation; the last owner cannot be removed',
        params: MemberIdParamsSchema,
        response: { 204: z.null(), 409: ProblemSchema, ...ORGANIZER_REFUSALS },
      },
    },
    async (request, reply) => {
      await team.remove({
        userId: requireUser(request).userId,
        member: request.params.id,
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/organizer/activity',
    {
      schema: {
        tags,
        summary: "The organizer's activity log, newest first (50 a page)",
        querystring: ActivityQuerySchema,
        response: {
          200: z.object({
            items: z.array(ActivitySchema),
            next_cursor: z.string().nullable(),
          }),
          ...ORGANIZER_REFUSALS,
        },
      },
    },
    async (request) =>
      team.activity({
        userId: requireUser(request).userId,
        cursor: request.query.cursor,
      }),
  );
};
