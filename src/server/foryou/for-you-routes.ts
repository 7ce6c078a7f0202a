import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CategoryVisitSchema, ForYouQuerySchema, ForYouSchema } from '../../shared/schemas/for-you';
import { ProblemSchema } from '../../shared/schemas/problem';
import { requirePrincipal } from '../plugins/authentication';
import type { ForYouService } from './for-you-service';

/**
 * "For you" (DESIGN §15). Personal answers: never `publicCache`, so the API conventions send
 * `Cache-Control: private, no-store` and no shared cache (nor the catalogue's answer cache) keeps them.
 * A guest's token counts: a guest with saves or follows gets the row too.
 */
export const forYouRoutes: FastifyPluginAsyncZod<{ forYou: ForYouService }> = async (app, { forYou }) => {
  const tags = ['for you'];

  app.get(
    '/events/for-you',
    {
      schema: {
        tags,
        summary: "Upcoming events picked from the person's own follows, saves, reservations and visited categories",
        description:
          'Each item carries the machine-readable `reason` it was picked for (`follows_venue` with the venue\'s name, …); ' +
          'events published lately by something the person follows come first. Upcoming, published, not cancelled, ' +
          'at most two per venue, never one the person reserved or saved. No signals: an empty list.',
        querystring: ForYouQuerySchema,
        response: { 200: ForYouSchema, 400: ProblemSchema, 401: ProblemSchema },
      },
    },
    async (request) => forYou.forYou(requirePrincipal(request), request.locale, { limit: request.query.limit }),
  );

  app.post(
    '/events/for-you/visits',
    {
      schema: {
        tags,
        summary: 'The person opened a category listing (a "for you" signal); the web sends it after the page shows',
        body: CategoryVisitSchema,
        response: { 204: z.null(), 400: ProblemSchema, 401: ProblemSchema },
      },
    },
    async (request, reply) => {
      forYou.noteCategoryVisit(requirePrincipal(request), request.body.category);
      return reply.code(204).send(null);
    },
  );
};
