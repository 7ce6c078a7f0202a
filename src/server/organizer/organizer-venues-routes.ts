import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OrganizerVenueSchema, VenueInputSchema, VenuePatchSchema } from '../../shared/schemas/organizer-venues';
import { IdParamsSchema } from '../../shared/schemas/common';
import { z } from '../../shared/schemas/zod';
import { requireUser } from '../plugins/authentication';
import { ORGANIZER_REFUSALS } from './organizer-refusals';
import type { OrganizerVenuesService } from './organizer-venues-service';


/**
 * The organizer's venues. Reads need the `read` capability (owner, manager, viewer), writes `venues`
 * (owner, manager). Refusals: 401 `user_required`, 403 `organizer_required` / `organizer_role_required`,
 * 404 `not_found` (also another organizer's venue), 400 with `errors.city` for a city that is not in the list
 * and `errors.image_ids` for a photo that is not an upload of the same organizer (or a seventh, or a repeat).
 */
export const organizerVenuesRoutes: FastifyPluginAsyncZod<{
  venues: OrganizerVenuesService;
}> = async (app, { venues }) => {
  const tags = ['organizer'];

  app.get(
    '/organizer/venues',
    {
      schema: {
        tags,
        summary: "The organizer's venues",
        response: {
          200: z.object({ items: z.array(OrganizerVenueSchema) }),
          ...ORGANIZER_REFUSALS,
        },
      },
    },
    async (request) =>
      venues.list({
        userId: requireUser(request).userId,
        locale: request.locale,
      }),
  );

  app.post(
    '/organizer/venues',
    {
      schema: {
        tags,
        summary: 'Add a venue (name per language, address, city slug, position, accessibility, capacity, photos)',
        body: VenueInputSchema,
        response: {
          201: OrganizerVenueSchema,
          ...ORGANIZER_REFUSALS,
        },
      },
    },
    async (request, reply) => {
      const venue = await venues.create({
        userId: requireUser(request).userId,
        venue: request.body,
        locale: request.locale,
      });
      return reply.code(201).send(venue);
    },
  );

  app.get(
    '/organizer/venues/:id',
    {
      schema: {
        tags,
        summary: 'One venue of the organizer',
        params: IdParamsSchema,
        response: {
          200: OrganizerVenueSchema,
          ...ORGANIZER_REFUSALS,
        },
      },
    },
    async (request) =>
      venues.get({
        userId: requireUser(request).userId,
        venueId: request.params.id,
        locale: request.locale,
      }),
  );

  app.patch(
    '/organizer/venues/:id',
    {
      schema: {
        tags,
        summary: 'Change a venue; a new name shows on the public venue page at once',
        params: IdParamsSchema,
        body: VenuePatchSchema,
        response: {
          200: OrganizerVenueSchema,
          ...ORGANIZER_REFUSALS,
        },
      },
    },
    async (request) =>
      venues.update({
        userId: requireUser(request).userId,
        venueId: request.params.id,
        patch: request.body,
        locale: request.locale,
      }),
  );
};
