import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '../../shared/schemas/common';
import { ProblemSchema } from '../../shared/schemas/problem';
import { PushPublicKeySchema, PushSubscriptionCreatedSchema, PushSubscriptionInputSchema } from '../../shared/schemas/push';
import { z } from '../../shared/schemas/zod';
import { requireUser } from '../plugins/authentication';
import type { PushService } from './push-service';

/** Web Push on this device: the VAPID public key to subscribe with, and the browser's subscription. */
export const pushRoutes: FastifyPluginAsyncZod<{ push: PushService }> = async (app, { push }) => {
  const tags = ['push'];

  app.get(
    '/push/public_key',
    {
      schema: {
        tags,
        summary: "The VAPID public key, PushManager.subscribe's applicationServerKey",
        response: { 200: PushPublicKeySchema, 401: ProblemSchema },
      },
    },
    async () => push.publicKey(),
  );

  app.post(
    '/push/subscriptions',
    {
      schema: {
        tags,
        summary: "Subscribe this browser to the user's pushes (reminders, reservation changes); again from the same browser updates it",
        body: PushSubscriptionInputSchema,
        response: { 201: PushSubscriptionCreatedSchema, 400: ProblemSchema, 401: ProblemSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await push.subscribe(requireUser(request).userId, request.body, request.headers['user-agent'])),
  );

  app.delete(
    '/push/subscriptions/:id',
    {
      schema: {
        tags,
        summary: "Stop pushes to a browser (the user's own subscription)",
        params: IdParamsSchema,
        response: { 204: z.null(), 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (request, reply) => {
      await push.unsubscribe(requireUser(request).userId, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
