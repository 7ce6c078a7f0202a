import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '../../shared/schemas/common';
import { ProblemSchema } from '../../shared/schemas/problem';
import { SavedEventPageSchema, SavedEventQuerySchema, SavedIdsSchema, SavedStateSchema, MAX_SAVED_EVENTS } from '../../shared/schemas/saved';
import { requirePrincipal } from '../plugins/authentication';
import type { SavedService } from './saved-service';

/**
 * The heart and the Saved page (issue 12). A guest's token saves for the guest, a user's for the account;
 * every answer is about the caller's own saves only, and never stored by a shared cache (API default).
 */
export const savedRoutes: FastifyPluginAsyncZod<{ saved: SavedService }> = async (app, { saved }) => {
  const tags = ['saved'];

  app.put(
    '/saved/events/:id',
    {
      schema: {
        tags,
        summary: 'Save an event (idempotent: saving twice is one save)',
        description: `Guests save on their guest token; the saves move to the account when the guest signs in with that token. At most ${MAX_SAVED_EVENTS} saved events (422 \`saved_limit\`); an unknown or unpublished event is 404.`,
        params: IdParamsSchema,
        response: { 200: SavedStateSchema, 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema, 422: ProblemSchema },
      },
    },
    async (request) => saved.save(requirePrincipal(request), request.params.id),
  );

  app.delete(
    '/saved/events/:id',
    {
      schema: {
        tags,
        summary: 'Forget a saved event (idempotent)',
        params: IdParamsSchema,
        response: { 200: SavedStateSchema, 400: ProblemSchema, 401: ProblemSchema },
      },
    },
    async (request) => saved.unsave(requirePrincipal(request), request.params.id),
  );

  app.get(
    '/saved/events',
    {
      schema: {
        tags,
        summary: "The caller's saved events: upcoming soonest first, then past ones latest first",
        description: '`change` flags an event that was cancelled, postponed or moved to another date since it was announced.',
        querystring: SavedEventQuerySchema,
        response: { 200: SavedEventPageSchema, 400: ProblemSchema, 401: ProblemSchema },
      },
    },
    async (request) => saved.list(requirePrincipal(request), request.locale, request.query),
  );

  app.get(
    '/saved/events/ids',
    {
      schema: {
        tags,
        summary: "The ids of the caller's saved events (what the hearts on a page show)",
        response: { 200: SavedIdsSchema, 401: ProblemSchema },
      },
    },
    async (request) => saved.ids(requirePrincipal(request)),
  );
};
