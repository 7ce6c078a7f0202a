import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProblemSchema } from '../../shared/schemas/problem';
import {
  MarkNotificationsReadSchema,
  NotificationListSchema,
  NotificationQuerySchema,
  UnreadCountSchema,
} from '../../shared/schemas/reservations';
import { requireUser } from '../plugins/authentication';
import type { NotificationsService } from './notifications-service';

/** The bell: the user's in-app notifications, rendered in the request's language. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (app, { notifications }) => {
  const tags = ['notifications'];

  app.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: "The user's in-app notifications, newest first, with the unread count",
        querystring: NotificationQuerySchema,
        response: { 200: NotificationListSchema, 400: ProblemSchema, 401: ProblemSchema },
      },
    },
    async (request) => notifications.list({ userId: requireUser(request).userId, locale: request.locale, query: request.query }),
  );

  app.post(
    '/notifications/read',
    {
      schema: {
        tags,
        summary: 'Mark notifications read: the given ids, or all when none are given',
        body: MarkNotificationsReadSchema.nullish(),
        response: { 200: UnreadCountSchema, 400: ProblemSchema, 401: ProblemSchema },
      },
    },
    async (request) => notifications.markRead({ userId: requireUser(request).userId, input: request.body ?? {} }),
  );
};
