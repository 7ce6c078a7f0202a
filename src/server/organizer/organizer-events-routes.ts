import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateEventSchema, CreateSeriesSchema, DuplicateEventSchema, EventListQuerySchema, OrganizerEventAnswerSchema, OrganizerEventListSchema, OrganizerSeriesAnswerSchema, PostponeEventSchema, PublishEventSchema, UpdateEventSchema } from '../../shared/schemas/organizer-workspace';
import { ProblemSchema } from '../../shared/schemas/problem';
import { EmptyBodySchema, IdParamsSchema } from '../../shared/schemas/common';
import { requireUser } from '../plugins/authentication';
import { ORGANIZER_REFUSALS } from './organizer-refusals';
import type { OrganizerEventsService } from './organizer-events-service';

const ACCESS =
  'Members of the event\'s organizer: `read` (owner, manager, viewer) to read, `events` (owner, manager) to write. ' +
  "Refusals: 401 `user_required`, 403 `organizer_required` (no member of any organizer) / `organizer_role_required`, 404 `not_found` (another organizer's event).";

/**
 * The organizer's events (issue 9, DESIGN §14): every state, written in any of the four languages,
 * published through one table of moves (409 `event_transition` for any other), postponed, duplicated,
 * repeated as a series. Thin: each route validates and calls OrganizerEventsService.
 */
export const organizerEventsRoutes: FastifyPluginAsyncZod<{ events: OrganizerEventsService }> = async (app, { events }) => {
  const tags = ['organizer'];

  app.get(
    '/organizer/events',
    {
      schema: {
        tags,
        summary: "All of the organizer's events, any state, newest start first",
        description:
          'Filters: `status` (a publication state, or postponed / rescheduled / cancelled), `q` (title, any language), ' +
          '`upcoming` (true: not started; false: started). Reservable events also carry the reservations board\'s fields ' +
          '(capacity, taken, remaining, waitlisted, counts). ' + ACCESS,
        querystring: EventListQuerySchema,
        response: { 200: OrganizerEventListSchema, ...ORGANIZER_REFUSALS },
      },
    },
    async (request) => events.list({ userId: requireUser(request).userId, query: request.query, locale: request.locale }),
  );

  app.post(
    '/organizer/events',
    {
      schema: {
        tags,
        summary: 'Create an event as a draft (invisible to guests until published)',
        description: 'Category, subcategory (of that category) and tags must exist; venue and image must be the organizer\'s own. ' + ACCESS,
        body: CreateEventSchema,
        response: { 201: OrganizerEventAnswerSchema, ...ORGANIZER_REFUSALS },
      },
    },
    async (request, reply) => {
      const event = await events.create({ userId: requireUser(request).userId, event: request.body, locale: request.locale });
      return reply.code(201).send({ event });
    },
  );

  app.get(
    '/organizer/events/:id',
    {
      schema: { tags, summary: 'One event of the organizer, in every language', description: ACCESS, params: IdParamsSchema, response: { 200: OrganizerEventAnswerSchema, ...ORGANIZER_REFUSALS } },
    },
    async (request) => ({
      event: await events.get({ userId: requireUser(request).userId, eventId: request.params.id, locale: request.locale }),
    }),
  );

  app.patch(
    '/organizer/events/:id',
    {
      schema: {
        tags,
        summary: 'Edit an event; a published event changes on its public page at once',
        description: ACCESS,
        params: IdParamsSchema,
        body: UpdateEventSchema,
        response: { 200: OrganizerEventAnswerSchema, ...ORGANIZER_REFUSALS },
      },
    },
    async (request) => ({
      event: await events.update({ userId: requireUser(request).userId, eventId: request.params.id, changes: request.body, locale: request.locale }),
    }),
  );

  app.post(
    '/organizer/events/:id/publish',
    {
      schema: {
        tags,
        summary: 'Publish: at once or at `publish_at` (trusted organizer), or into the review queue',
        description:
          'A trusted organizer\'s event becomes `published`, or `scheduled` when `publish_at` is ahead (a job publishes it then, ' +
          'unless it went back to draft); any other organizer\'s goes to `pending_review`. 422 `event_incomplete` with field ' +
          'errors when it lacks a place (venue or online), a start ahead or a category; 409 `event_transition`. ' + ACCESS,
        params: IdParamsSchema,
        body: PublishEventSchema,
        response: { 200: OrganizerEventAnswerSchema, ...ORGANIZER_REFUSALS, 409: ProblemSchema, 422: ProblemSchema },
      },
    },
    async (request) => ({
      event: await events.publish({
        userId: requireUser(request).userId,
        eventId: request.params.id,
        publishAt: request.body?.publish_at,
        locale: request.locale,
      }),
    }),
  );

  app.post(
    '/organizer/events/:id/unpublish',
    {
      schema: {
        tags,
        summary: 'Back to draft from scheduled or review (a published event cannot be unpublished: archive or cancel it)',
        description: ACCESS,
        params: IdParamsSchema,
        body: EmptyBodySchema,
        response: { 200: OrganizerEventAnswerSchema, ...ORGANIZER_REFUSALS, 409: ProblemSchema },
      },
    },
    async (request) => ({
      event: await events.unpublish({ userId: requireUser(request).userId, eventId: request.params.id, locale: request.locale }),
    }),
  );

  app.post(
    '/organizer/events/:id/postpone',
    {
      schema: {
        tags,
        summary: 'Move a published event to a new date (rescheduled) or to a date to be announced (postponed)',
        description: 'Every holder of an open reservation is told in the app and by e-mail, with the message. ' + ACCESS,
        params: IdParamsSchema,
        body: PostponeEventSchema,
        response: { 200: OrganizerEventAnswerSchema, ...ORGANIZER_REFUSALS, 409: ProblemSchema },
      },
    },
    async (request) => ({
      event: await events.postpone({ userId: requireUser(request).userId, eventId: request.params.id, body: request.body, locale: request.locale }),
    }),
  );

  app.post(
    '/organizer/events/:id/duplicate',
    {
      schema: {
        tags,
        summary: 'A new draft from an event at another date (the end moves with the start)',
        description: ACCESS,
        params: IdParamsSchema,
        body: DuplicateEventSchema,
        response: { 201: OrganizerEventAnswerSchema, ...ORGANIZER_REFUSALS },
      },
    },
    async (request, reply) => {
      const event = await events.duplicate({ userId: requireUser(request).userId, eventId: request.params.id, body: request.body, locale: request.locale });
      return reply.code(201).send({ event });
    },
  );

  app.post(
    '/organizer/series',
    {
      schema: {
        tags,
        summary: "Repeat an event by an RFC 5545 rule: its later dates become real events in the template's state",
        description:
          'At most MAX_SERIES_DATES dates or one year; the local time of day is kept across clock changes. 400 `field.rrule` ' +
          'for a rule that cannot be read or yields no date; 409 `event_in_series`. ' + ACCESS,
        body: CreateSeriesSchema,
        response: { 201: OrganizerSeriesAnswerSchema, ...ORGANIZER_REFUSALS, 409: ProblemSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await events.createSeries({ userId: requireUser(request).userId, body: request.body, locale: request.locale })),
  );
};
