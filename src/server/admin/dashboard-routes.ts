import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminDashboardSchema } from '../../shared/schemas/admin-audit';
import { ADMIN_REFUSALS } from './admin-refusals';
import type { AdminServices } from './admin-services';

/** The counts that need an admin's attention (the dashboard's cards and the drawer's badge). */
export const dashboardAdminRoutes: FastifyPluginAsyncZod<{ admin: AdminServices }> = async (app, { admin }) => {
  app.get(
    '/dashboard',
    {
      schema: {
        tags: ['admin'],
        summary: 'What waits: pending applications, events to review, reported targets, suspended users',
        response: { 200: AdminDashboardSchema, ...ADMIN_REFUSALS },
      },
    },
    async () => admin.dashboard.counts(),
  );
};
