import type { FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProblemSchema } from '../../shared/schemas/problem';
import {
  CancelEventResultSchema,
  CancelEventSchema,
  DecisionSchema,
  EventIdParamsSchema,
  OrganizerReservationListSchema,
  OrganizerReservationQuerySchema,
  OrganizerReservationSchema,
  ReservationIdParamsSchema,
} from '../../shared/schemas/reservations';
import { AppError } from '../lib/errors';
import { requireUser } from '../plugins/authentication';
import type { OrganizerService } from './organizer-service';

/**
 * Routes that carry a message to the guest validate with `attachValidation`: a body that is well formed
 * but lacks the message is 422 `validation_failed` (the guest must be told why), any other invalid body
 * is the usual 400. Both carry the field error under `errors.message`.
 */
function requireValidBody(request: FastifyRequest): void {
  const error = request.validationError;
  if (!error) return;
  const missingMessage = (issue: { instancePath: string; keyword: string; message?: string }) =>
    issue.instancePath === '/message' &&
    (issue.message === 'field.required' || (issue.keyword === 'invalid_type' && /received undefined/.test(issue.message ?? '')));
  if (hasZodFastifySchemaValidationErrors(error) && error.validation.length > 0 && error.validation.every(missingMessage)) {
    throw new AppError('unprocessable', 'validation_failed', { fieldErrors: { message: ['field.required'] } });
  }
  throw error;
}

/**
 * The organizer's back office for reservations (endpoints documented in reservations-routes.ts); the events
 * themselves, `GET /organizer/events` included, are organizer-events-routes.ts. A user
 * token of role organizer (own events) or admin (any event); anyone else gets 403 `organizer_required`.
 */
export const organizerRoutes: FastifyPluginAsyncZod<{ organizer: OrganizerService }> = async (app, { organizer }) => {
  const tags = ['organizer'];

  app.get(
    '/organizer/reservations',
    {
      schema: {
        tags,
        summary: "Reservations for the organizer's events, with counts per status and capacity per event",
        querystring: OrganizerReservationQuerySchema,
        response: { 200: OrganizerReservationListSchema, 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (request) => organizer.listReservations({ userId: requireUser(request).userId, query: request.query, locale: request.locale }),
  );

  app.post(
    '/organizer/reservations/:id/decision',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Accept, reject, ask the guest for action or cancel (a message is required to ask or to cancel)',
        description:
          'Allowed moves follow RESERVATION_TRANSITIONS (`allowed_decisions` on each reservation). A venue cancellation ' +
          'frees the places for the waitlist and tells the guest, with the message, in the app and by e-mail. ' +
          'Refusals: 401 `user_required` (guest token), 403 `organizer_required`, 404 `reservation_not_found` (also ' +
          "for another organizer's reservation), 409 `invalid_transition`, 422 `validation_failed` (message missing).",
        params: ReservationIdParamsSchema,
        body: DecisionSchema,
        response: {
          200: OrganizerReservationSchema,
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
          404: ProblemSchema,
          409: ProblemSchema,
          422: ProblemSchema,
        },
      },
    },
    async (request) => {
      const { userId } = requireUser(request);
      requireValidBody(request);
      return organizer.decide({ userId, id: request.params.id, decision: request.body, locale: request.locale });
    },
  );

  app.post(
    '/organizer/events/:id/cancel',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Cancel an event: every open reservation is cancelled by the venue and each guest is told, with the message',
        description:
          'For the event\'s organizer, or an admin. Pending, action-needed, accepted and waitlisted reservations are ' +
          'cancelled in one transaction, each with an audit line and a notification (in-app and e-mail). Repeating the call ' +
          'cancels nothing more. Refusals: 401 `user_required`, 403 `organizer_required` / `forbidden` (another ' +
          'organizer\'s event), 404 `event_not_found`, 422 `validation_failed` (message missing), 400 (any other invalid body).',
        params: EventIdParamsSchema,
        body: CancelEventSchema,
        response: { 200: CancelEventResultSchema, 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema, 422: ProblemSchema },
      },
    },
    async (request) => {
      const { userId } = requireUser(request);
      requireValidBody(request);
      return organizer.cancelEvent({ userId, eventId: request.params.id, message: request.body.message });
    },
  );
};
