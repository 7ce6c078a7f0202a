import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from './admin-access';
import type { AdminServices } from './admin-services';
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
  await app.register(taxonomyAdminRoutes, { admin });
};
