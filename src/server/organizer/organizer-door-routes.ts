import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CheckInAnswerSchema, CheckInInputSchema, CheckInSyncResultSchema, CheckInSyncSchema, GuestListQuerySchema, GuestListSchema } from '../../shared/schemas/organizer-door';
import { IdParamsSchema } from '../../shared/schemas/common';
import { z } from '../../shared/schemas/zod';
import { requireUser } from '../plugins/authentication';
import { ORGANIZER_REFUSALS } from './organizer-refusals';
import type { OrganizerDoorService } from './organizer-door-service';


/**
 * The door: guest list and check-in, for owners, managers and door staff (`door` capability). Refusals:
 * 401 `user_required`, 403 `organizer_required` / `organizer_role_required`, 404 (another organizer's event
 * or code: nothing is revealed).
 */
export const organizerDoorRoutes: FastifyPluginAsyncZod<{
  door: OrganizerDoorService;
}> = async (app, { door }) => {
  const tags = ['organizer'];

  app.get(
    '/organizer/events/:id/guests',
    {
      schema: {
        tags,
        summary: 'The guest list with totals; `?format=csv` or `Accept: text/csv` gives a CSV file (UTF-8 with BOM, headers in the request language)',
        params: IdParamsSchema,
        querystring: GuestListQuerySchema,
        // The CSV file is a string sent as text/csv (Fastify serialises only JSON answers).
        response: {
          200: z.union([GuestListSchema, z.string().describe('text/csv')]),
          ...ORGANIZER_REFUSALS,
        },
      },
    },
    async (request, reply) => {
      const input = {
        userId: requireUser(request).userId,
        eventId: request.params.id,
        locale: request.locale,
      };
      const wantsCsv = request.query.format === 'csv' || (request.query.format === undefined && /\btext\/csv\b/i.test(request.headers.accept ?? ''));
      if (!wantsCsv) {
        const { slug: _slug, timeZone: _timeZone, ...list } = await door.guests(input);
        return list;
      }
      const file = await door.guestsCsv(input);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${file.filename}"`).send(file.body);
    },
  );

  app.post(
    '/organizer/check-in',
    {
      schema: {
        tags,
        summary: 'Check a guest in by the code (typed in any case, or the QR payload); the first scan wins',
        description:
          '`checked_in`, or `already_checked_in` (with when and by whom), `wrong_event` (a code of another of your events than `event_id`), ' +
          '`not_accepted` (pending, cancelled, rejected…). A code of no event of yours is 404 `reservation_not_found`.',
        body: CheckInInputSchema,
        response: { 200: CheckInAnswerSchema, ...ORGANIZER_REFUSALS },
      },
    },
    async (request) =>
      door.checkIn({
        userId: requireUser(request).userId,
        code: request.body.code,
        eventId: request.body.event_id,
        locale: request.locale,
      }),
  );

  app.post(
    '/organizer/check-in/sync',
    {
      schema: {
        tags,
        summary: "The door's offline queue: one result per scan, in the order sent; the earliest scan of a code wins",
        body: CheckInSyncSchema,
        response: { 200: CheckInSyncResultSchema, ...ORGANIZER_REFUSALS },
      },
    },
    async (request) =>
      door.sync({
        userId: requireUser(request).userId,
        scans: request.body.scans,
        locale: request.locale,
      }),
  );
};
