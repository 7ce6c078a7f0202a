import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProblemSchema } from '../../shared/schemas/problem';
import { CreateReportSchema, ReportCreatedSchema } from '../../shared/schemas/reports';
import { requirePrincipal } from '../plugins/authentication';
import { REPORT_LIMITS, type ReportsService } from './reports-service';

/**
 * `POST /reports`: anyone with a bearer, a guest too (the web client always holds one), reports a public
 * event, venue or organizer. Outside `/admin`: only the queue and the decisions are the admin's.
 * Refusals: 400 input (`message` is required for `other`), 401 no bearer, 404 no such public target, 429
 * past a limit (per address here, per bearer subject in the service; `already_reported` for the same
 * target within a day), each with Retry-After.
 */
export const reportsPublicRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  app.post(
    '/reports',
    {
      config: {
        rateLimit: { max: REPORT_LIMITS.perAddress, timeWindow: REPORT_LIMITS.perAddressWindow, keyGenerator: (request) => `report-ip:${request.ip}` },
      },
      schema: {
        tags: ['reports'],
        summary: 'Report an event, a venue or an organizer to the admins (guests too)',
        body: CreateReportSchema,
        response: { 201: ReportCreatedSchema, 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema, 429: ProblemSchema },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const created = await reports.create({ reporter: { subject: principal.subject, userId: principal.userId }, report: request.body });
      return reply.code(201).send(created);
    },
  );
};
