import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EventNoteSchema,
  ModerationDecisionSchema,
  NoteInputSchema,
  NoteThreadSchema,
  ReviewEventSchema,
  ReviewListSchema,
  ReviewQuerySchema,
} from '../../shared/schemas/admin-moderation';
import { IdParamsSchema } from '../../shared/schemas/common';
import { ProblemSchema } from '../../shared/schemas/problem';
import { ORGANIZER_REFUSALS } from '../organizer/organizer-refusals';
import { requireUser } from '../plugins/authentication';
import type { AdminServices } from './admin-services';
import type { ModerationService } from './moderation-service';

/** 400 input, 401 no bearer, 403 not an admin (the scope's hook), 404 no such event. */
const ADMIN_REFUSALS = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema } as const;

/** `/admin/events…`: the review queue, one event's review, the decision and the note thread (inside the admin scope). */
export const moderationAdminRoutes: FastifyPluginAsyncZod<{ admin: AdminServices }> = async (app, { admin }) => {
  const tags = ['admin'];
  const { moderation } = admin;

  app.get(
    '/events',
    {
      schema: {
        tags,
        summary: 'Events in one publication state (default: waiting for review), the longest waiting first',
        querystring: ReviewQuerySchema,
        response: { 200: ReviewListSchema, ...ADMIN_REFUSALS },
      },
    },
    async (request) => moderation.queue(request.query, request.locale),
  );

  app.get(
    '/events/:id',
    {
      schema: {
        tags,
        summary: 'One event to review: every language as written, its organizer and the note thread',
        params: IdParamsSchema,
        response: { 200: ReviewEventSchema, ...ADMIN_REFUSALS },
      },
    },
    async (request) => moderation.get(request.params.id, request.locale),
  );

  app.post(
    '/events/:id/moderation',
    {
      schema: {
        tags,
        summary: 'Approve (published, or scheduled), reject (archived) or request changes (draft); 409 `event_transition` unless waiting for review',
        params: IdParamsSchema,
        body: ModerationDecisionSchema,
        response: { 200: ReviewEventSchema, ...ADMIN_REFUSALS, 409: ProblemSchema },
      },
    },
    async (request) =>
      moderation.decide({ adminId: requireUser(request).userId, eventId: request.params.id, decision: request.body, locale: request.locale }),
  );

  app.get(
    '/events/:id/notes',
    {
      schema: { tags, summary: "The event's note thread and its last review decision", params: IdParamsSchema, response: { 200: NoteThreadSchema, ...ADMIN_REFUSALS } },
    },
    async (request) => moderation.adminThread(request.params.id),
  );

  app.post(
    '/events/:id/notes',
    {
      schema: {
        tags,
        summary: "Write to the event's organizer (told in the app and by e-mail)",
        params: IdParamsSchema,
        body: NoteInputSchema,
        response: { 201: EventNoteSchema, ...ADMIN_REFUSALS },
      },
    },
    async (request, reply) => reply.code(201).send(await moderation.addAdminNote({ adminId: requireUser(request).userId, eventId: request.params.id, note: request.body })),
  );
};

/**
 * `/organizer/events/{id}/notes`: the organizer's side of the review thread. Reading needs `read`, writing
 * `events` (organizer-access.ts); another organizer's event is 404.
 */
export const organizerNotesRoutes: FastifyPluginAsyncZod<{ moderation: ModerationService }> = async (app, { moderation }) => {
  const tags = ['organizer'];

  app.get(
    '/organizer/events/:id/notes',
    {
      schema: { tags, summary: "The event's review thread and the last decision", params: IdParamsSchema, response: { 200: NoteThreadSchema, ...ORGANIZER_REFUSALS } },
    },
    async (request) => moderation.organizerThread({ userId: requireUser(request).userId, eventId: request.params.id }),
  );

  app.post(
    '/organizer/events/:id/notes',
    {
      schema: {
        tags,
        summary: 'Answer the admins in the review thread',
        params: IdParamsSchema,
        body: NoteInputSchema,
        response: { 201: EventNoteSchema, ...ORGANIZER_REFUSALS },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await moderation.addOrganizerNote({ userId: requireUser(request).userId, eventId: request.params.id, note: request.body })),
  );
};
