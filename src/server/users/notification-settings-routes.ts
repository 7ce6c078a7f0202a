import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CalendarUrlSchema, NotificationSettingsSchema, UpdateNotificationSettingsSchema } from '../../shared/schemas/account-settings';
import { EmptyBodySchema } from '../../shared/schemas/users';
import { requireUser } from '../plugins/authentication';
import { byUser } from './account-limits';
import type { NotificationSettingsService } from './notification-settings-service';
import { problems, TAGS } from './route-helpers';

/** Which e-mails, their language, and the personal calendar feed URL (issue #12). Answers are no-store (the API's default). */
export const notificationSettingsRoutes: FastifyPluginAsyncZod<{ settings: NotificationSettingsService }> = async (app, { settings }) => {
  app.get(
    '/users/notification_settings',
    {
      schema: {
        tags: TAGS,
        summary: "The person's e-mail choices and personal calendar feed URL",
        description: '`calendar_url` holds a secret: treat it like a password; `reset_calendar_url` replaces it.',
        response: { 200: NotificationSettingsSchema, ...problems(401) },
      },
    },
    async (request) => settings.get(requireUser(request).userId),
  );

  app.post(
    '/users/notification_settings',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute', keyGenerator: byUser } },
      schema: {
        tags: TAGS,
        summary: 'Change some of the e-mail choices (the fields sent)',
        body: UpdateNotificationSettingsSchema,
        response: { 200: NotificationSettingsSchema, ...problems(400, 401, 429) },
      },
    },
    async (request) => settings.update(requireUser(request).userId, request.body),
  );

  app.post(
    '/users/reset_calendar_url',
    {
      config: { rateLimit: { max: 10, timeWindow: '10 minutes', keyGenerator: byUser } },
      schema: {
        tags: TAGS,
        summary: 'A new personal calendar feed URL; the old one stops working',
        body: EmptyBodySchema,
        response: { 200: CalendarUrlSchema, ...problems(400, 401, 429) },
      },
    },
    async (request) => settings.resetCalendarUrl(requireUser(request).userId),
  );
};
