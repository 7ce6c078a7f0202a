import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditPageSchema, AuditQuerySchema } from '../../shared/schemas/admin-audit';
import { ADMIN_REFUSALS } from './admin-refusals';
import type { AdminServices } from './admin-services';

/**
 * The audit log, read only: this is its one route. Nothing answers PATCH, PUT or DELETE here, and the
 * database refuses UPDATE and DELETE on the table (migration 0013), so history cannot be rewritten.
 */
export const auditAdminRoutes: FastifyPluginAsyncZod<{ admin: AdminServices }> = async (app, { admin }) => {
  app.get(
    '/audit-log',
    {
      schema: {
        tags: ['admin'],
        summary: 'Who did what to what, before → after and why; newest first, by actor and/or target (50 a page)',
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema, ...ADMIN_REFUSALS },
      },
    },
    async (request) => admin.audit.list(request.query),
  );
};
