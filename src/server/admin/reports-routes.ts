import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '../../shared/schemas/common';
import { ProblemSchema } from '../../shared/schemas/problem';
import { ReportQueueQuerySchema, ReportQueueSchema, ReportResolutionSchema, ResolveReportSchema } from '../../shared/schemas/reports';
import { requireUser } from '../plugins/authentication';
import type { AdminServices } from './admin-services';

/** What an admin route may refuse with: input, no bearer, not an admin (the `/admin` scope's hook). */
const ADMIN_REFUSALS = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema } as const;

/**
 * The reports queue (paths relative to `/admin`; the scope's hook has checked the role). Resolving one
 * report decides every open report on the same target: 404 `report_not_found`, 409 `report_closed` when it
 * was decided already, 409 `event_transition` when the event cannot be archived from where it is.
 */
export const reportsAdminRoutes: FastifyPluginAsyncZod<{ admin: AdminServices }> = async (app, { admin }) => {
  const tags = ['admin'];

  app.get(
    '/reports',
    {
      schema: {
        tags,
        summary: 'Reports grouped by target (one item per event, venue or organizer), newest first; status defaults to open',
        querystring: ReportQueueQuerySchema,
        response: { 200: ReportQueueSchema, ...ADMIN_REFUSALS },
      },
    },
    async (request) => admin.reports.queue({ status: request.query.status, cursor: request.query.cursor, locale: request.locale }),
  );

  app.post(
    '/reports/:id/resolve',
    {
      schema: {
        tags,
        summary: 'Resolve or dismiss a report and the other open reports on its target; `unpublish` takes a reported event off the site',
        params: IdParamsSchema,
        body: ResolveReportSchema,
        response: { 200: ReportResolutionSchema, ...ADMIN_REFUSALS, 404: ProblemSchema, 409: ProblemSchema },
      },
    },
    async (request) => admin.reports.resolve({ adminId: requireUser(request).userId, reportId: request.params.id, decision: request.body }),
  );
};
