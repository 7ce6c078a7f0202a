import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from './admin-access';
import type { AdminServices } from './admin-services';
import { auditAdminRoutes } from './audit-routes';
import { dashboardAdminRoutes } from './dashboard-routes';
import { usersAdminRoutes } from './users-routes';
import { applicationsAdminRoutes } from './applications-routes';
import { moderationAdminRoutes } from './moderation-routes';
import { reportsAdminRoutes } from './reports-routes';
import { taxonomyAdminRoutes } from './taxonomy-routes';

/**
 * Every `/admin` route, registered under one prefix with one hook (`onRequest`, so it runs before body
 * validation: a guest's malformed body is 403, not 400). Section route files register inside this scope
 * and never check the role themselves.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminServices }> = async (app, { admin }) => {
  app.addHook('onRequest', async (request) => {
    requireAdmin(request);
  });
  await app.register(dashboardAdminRoutes, { admin });
  await app.register(usersAdminRoutes, { admin });
  await app.register(auditAdminRoutes, { admin });
  await app.register(applicationsAdminRoutes, { admin });
  await app.register(moderationAdminRoutes, { admin });
  await app.register(reportsAdminRoutes, { admin });
  await app.register(taxonomyAdminRoutes, { admin });
};
