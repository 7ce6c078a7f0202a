/**
 * Reservations API (DESIGN §6, §10). Every call needs a USER token (a guest token gets 401 `user_required`),
 * except `GET /reservations/options`, which a guest may read. Schemas: `src/shared/schemas/reservations.ts`;
 * allowed status changes: RESERVATION_TRANSITIONS there. Refusals are problem details in the request's language.
 * Every status change queues a `reservation.notify` job (in-app notification + e-mail in the user's language);
 * a request to review, a guest's answer and a guest cancelling an accepted place also queue
 * `reservation.notify_venue` (the same for every member of the event's organizer, linking to the organizer area);
 * an acceptance also queues `reservation.reminder` for 24 h before the event, whose e-mail links to
 * `/{lang}/reservation/{id}?action=confirm` and `?action=cancel`.
 *
 * | call | body / query | answer | refusals |
 * | --- | --- | --- | --- |
 * | `POST /reservations` | CreateReservationSchema `{event_id, party_size, note?}` | 201 ReservationSchema (`accepted` in instant mode, `pending` in approval mode, `waitlisted` when full) | 403 `not_eligible` (with `missing`), 404 `event_not_found`, 409 `not_reservable` / `event_closed` / `reservation_deadline_passed` / `already_reserved`, 422 `party_too_large` / `party_too_small`, 429 (30 a minute per user) |
 * | `GET /reservations` | ReservationQuerySchema `?status&scope&cursor&limit` | ReservationListSchema | |
 * | `GET /reservations/options` | `?event_id=` | ReservationOptionsSchema (limits, mode, remaining, deadline, my active reservation) | 404 `event_not_found` |
 * | `GET /reservations/{id}` | | ReservationSchema | 404 `reservation_not_found` (also for other users' reservations) |
 * | `POST /reservations/{id}/cancel` | `{}` | ReservationSchema (`cancelled`; the freed places promote the waitlist) | 404, 409 `invalid_transition` / `reservation_deadline_passed` |
 * | `POST /reservations/{id}/respond` | RespondSchema `{message}` | ReservationSchema (`action_needed` → `pending`) | 404, 409 `invalid_transition` / `reservation_deadline_passed`, 429 (20 a minute per user) |
 * | `POST /reservations/{id}/confirm` | `{}` | ReservationSchema (`confirmed_at` set; "I'm coming" from the reminder) | 404, 409 `invalid_transition` / `event_started` |
 *
 * Organizer (`src/server/organizer/organizer-routes.ts`; role organizer for their own events, admin for any):
 * | `GET /organizer/events` | | OrganizerEventListSchema | 403 `organizer_required` |
 * | `GET /organizer/reservations` | OrganizerReservationQuerySchema `?status&event_id&cursor&limit` | OrganizerReservationListSchema | 403 `organizer_required`, 404 `event_not_found` (not theirs) |
 * | `POST /organizer/reservations/{id}/decision` | DecisionSchema `{status: accepted\|rejected\|action_needed\|cancelled, message?}` (message required to ask or cancel) | OrganizerReservationSchema (a venue cancellation promotes the waitlist) | 401, 403, 404 `reservation_not_found` (not theirs), 409 `invalid_transition`, 422 `validation_failed` (message missing) |
 * | `POST /organizer/events/{id}/cancel` | CancelEventSchema `{message}` | CancelEventResultSchema (event and every open reservation cancelled, guests told) | 401, 403 (not their event), 404 `event_not_found`, 422 (message missing) |
 *
 * Notifications (`src/server/notifications/notifications-routes.ts`):
 * | `GET /notifications` | NotificationQuerySchema `?unread&cursor&limit` | NotificationListSchema (with `unread_count`) | |
 * | `POST /notifications/read` | MarkNotificationsReadSchema `{ids?}` | UnreadCountSchema | |
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EmptyBodySchema } from '../../shared/schemas/common';
import { ProblemSchema } from '../../shared/schemas/problem';
import {
  CreateReservationSchema,
  ReservationIdParamsSchema,
  ReservationListSchema,
  ReservationOptionsQuerySchema,
  ReservationOptionsSchema,
  ReservationQuerySchema,
  ReservationSchema,
  RespondSchema,
} from '../../shared/schemas/reservations';
import { requireUser } from '../plugins/authentication';
import type { ReservationsService } from './reservations-service';

const refusals = { 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema };
const tags = ['reservations'];
/** Per user (the key is namespaced per route: a shared Redis store holds every route's counters). */
const perUser = (prefix: string) => (request: FastifyRequest) => `${prefix}:${request.principal?.userId ?? request.ip}`;

export const reservationsRoutes: FastifyPluginAsyncZod<{ reservations: ReservationsService }> = async (app, { reservations }) => {
  app.post(
    '/reservations',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: perUser('reserve') } },
      schema: {
        tags,
        summary: 'Reserve places at an event: accepted (instant), pending (venue approves) or waitlisted (full)',
        body: CreateReservationSchema,
        response: { 201: ReservationSchema, ...refusals, 403: ProblemSchema, 422: ProblemSchema, 429: ProblemSchema },
      },
    },
    async (request, reply) => {
      const { userId } = requireUser(request);
      const reservation = await reservations.create({ userId, input: request.body, locale: request.locale });
      return reply.code(201).send(reservation);
    },
  );

  app.get(
    '/reservations',
    {
      schema: {
        tags,
        summary: "The user's own reservations, newest first",
        querystring: ReservationQuerySchema,
        response: { 200: ReservationListSchema, 400: ProblemSchema, 401: ProblemSchema },
      },
    },
    async (request) => {
      const { userId } = requireUser(request);
      return reservations.list({ userId, query: request.query, locale: request.locale });
    },
  );

  app.get(
    '/reservations/options',
    {
      schema: {
        tags,
        summary: "What the Reserve form needs for one event (limits, mode, remaining places, the user's active reservation)",
        querystring: ReservationOptionsQuerySchema,
        response: { 200: ReservationOptionsSchema, 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (request) => {
      // Guests may look (the form shows limits before sign-in); `my_reservation` needs a user.
      const userId = request.principal?.kind === 'user' ? request.principal.userId : undefined;
      return reservations.options({ eventId: request.query.event_id, userId });
    },
  );

  app.get(
    '/reservations/:id',
    {
      schema: {
        tags,
        summary: 'One of the user\'s reservations with its history (404 for anyone else\'s)',
        params: ReservationIdParamsSchema,
        response: { 200: ReservationSchema, 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (request) => {
      const { userId } = requireUser(request);
      return reservations.getOwn({ userId, id: request.params.id, locale: request.locale });
    },
  );

  app.post(
    '/reservations/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel before the deadline; freed places go to the waitlist in order',
        params: ReservationIdParamsSchema,
        body: EmptyBodySchema,
        response: { 200: ReservationSchema, ...refusals },
      },
    },
    async (request) => {
      const { userId } = requireUser(request);
      return reservations.cancel({ userId, id: request.params.id, locale: request.locale });
    },
  );

  app.post(
    '/reservations/:id/respond',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute', keyGenerator: perUser('respond') } },
      schema: {
        tags,
        summary: "Answer the venue's action request; the reservation returns to pending",
        params: ReservationIdParamsSchema,
        body: RespondSchema,
        response: { 200: ReservationSchema, ...refusals },
      },
    },
    async (request) => {
      const { userId } = requireUser(request);
      return reservations.respond({ userId, id: request.params.id, message: request.body.message, locale: request.locale });
    },
  );

  app.post(
    '/reservations/:id/confirm',
    {
      schema: {
        tags,
        summary: '"I\'m coming": confirms an accepted reservation (from the reminder); the status stays accepted',
        params: ReservationIdParamsSchema,
        body: EmptyBodySchema,
        response: { 200: ReservationSchema, ...refusals },
      },
    },
    async (request) => {
      const { userId } = requireUser(request);
      return reservations.confirm({ userId, id: request.params.id, locale: request.locale });
    },
  );
};
