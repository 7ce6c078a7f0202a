import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminApplicationListSchema,
  AdminApplicationSchema,
  AdminOrganizerListSchema,
  AdminOrganizerSchema,
  ApplicationDecisionSchema,
  ApplicationInputSchema,
  ApplicationListQuerySchema,
  MyApplicationsSchema,
  OrganizerApplicationSchema,
  OrganizerListQuerySchema,
  OrganizerTrustSchema,
} from '../../shared/schemas/admin-moderation';
import { IdParamsSchema } from '../../shared/schemas/common';
import { ProblemSchema } from '../../shared/schemas/problem';
import { requireUser } from '../plugins/authentication';
import type { AdminServices } from './admin-services';
import type { ApplicationsService } from './applications-service';

/** 400 input, 401 no bearer, 403 not an admin (the scope's hook), 404 no such application or organizer, 409 already decided. */
const ADMIN_REFUSALS = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema } as const;

/**
 * `/admin/organizer-applications` and `/admin/organizers` (inside the admin scope: its hook checked the role).
 */
export const applicationsAdminRoutes: FastifyPluginAsyncZod<{ admin: AdminServices }> = async (app, { admin }) => {
  const tags = ['admin'];
  const { applications } = admin;

  app.get(
    '/organizer-applications',
    {
      schema: {
        tags,
        summary: 'Organizer applications, oldest first, by status',
        querystring: ApplicationListQuerySchema,
        response: { 200: AdminApplicationListSchema, ...ADMIN_REFUSALS },
      },
    },
    async (request) => applications.list(request.query),
  );

  app.post(
    '/organizer-applications/:id/decision',
    {
      schema: {
        tags,
        summary: 'Approve (an untrusted organizer, its owner role), reject or ask for more; the applicant is told in the app and by e-mail',
        params: IdParamsSchema,
        body: ApplicationDecisionSchema,
        response: { 200: AdminApplicationSchema, ...ADMIN_REFUSALS, 409: ProblemSchema },
      },
    },
    async (request) => applications.decide({ adminId: requireUser(request).userId, applicationId: request.params.id, decision: request.body }),
  );

  app.get(
    '/organizers',
    {
      schema: {
        tags,
        summary: 'Organizers with their trusted flag; `q` searches name and slug',
        querystring: OrganizerListQuerySchema,
        response: { 200: AdminOrganizerListSchema, ...ADMIN_REFUSALS },
      },
    },
    async (request) => applications.organizers(request.query),
  );

  app.patch(
    '/organizers/:id',
    {
      schema: {
        tags,
        summary: 'Trust an organizer (publishes at once) or not (every publication goes to review)',
        params: IdParamsSchema,
        body: OrganizerTrustSchema,
        response: { 200: AdminOrganizerSchema, ...ADMIN_REFUSALS },
      },
    },
    async (request) => applications.setTrusted({ adminId: requireUser(request).userId, organizerId: request.params.id, trusted: request.body.trusted }),
  );
};

/**
 * `/organizer/applications`: a signed-in user asks to publish (guests 401 `user_required`), reads where
 * their applications stand, and edits one the admin asked more about (back to pending).
 */
export const organizerApplicationsRoutes: FastifyPluginAsyncZod<{ applications: ApplicationsService }> = async (app, { applications }) => {
  const tags = ['organizer'];
  const refusals = { 400: ProblemSchema, 401: ProblemSchema } as const;

  app.get(
    '/organizer/applications/mine',
    { schema: { tags, summary: "The user's applications to publish, with the admin's answer", response: { 200: MyApplicationsSchema, ...refusals } } },
    async (request) => applications.mine(requireUser(request).userId),
  );

  app.post(
    '/organizer/applications',
    {
      schema: {
        tags,
        summary: 'Apply to publish events (one open application at a time: 409 `application_open`)',
        body: ApplicationInputSchema,
        response: { 201: OrganizerApplicationSchema, ...refusals, 409: ProblemSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await applications.apply({ userId: requireUser(request).userId, application: request.body })),
  );

  app.patch(
    '/organizer/applications/:id',
    {
      schema: {
        tags,
        summary: 'Edit an application the admin asked more about; it goes back to the queue (409 `application_not_editable` otherwise)',
        params: IdParamsSchema,
        body: ApplicationInputSchema,
        response: { 200: OrganizerApplicationSchema, ...refusals, 404: ProblemSchema, 409: ProblemSchema },
      },
    },
    async (request) => applications.resubmit({ userId: requireUser(request).userId, applicationId: request.params.id, application: request.body }),
  );
};
