import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FollowListSchema, FollowParamsSchema, FollowStateSchema } from '../../shared/schemas/follows';
import { ProblemSchema } from '../../shared/schemas/problem';
import { requirePrincipal } from '../plugins/authentication';
import type { FollowOwner, FollowsService } from './follows-service';

/** A signed-in person's follows are the account's; a guest's are the guest token's (moved at sign-in). */
function ownerOf(request: FastifyRequest): FollowOwner {
  const principal = requirePrincipal(request);
  return principal.kind === 'user' && principal.userId ? { userId: principal.userId } : { guestId: principal.subject };
}

const errors = { 400: ProblemSchema, 401: ProblemSchema };

/**
 * Follows (issue 12): private to their owner, so every answer is `private, no-store` (the API's default,
 * plugins/api-conventions.ts) and nothing here names anyone else's.
 */
export const followsRoutes: FastifyPluginAsyncZod<{ follows: FollowsService }> = async (app, { follows }) => {
  const tags = ['follows'];

  app.get(
    '/follows',
    {
      schema: {
        tags,
        summary: 'What the caller (account or guest) follows, newest first, with names and slugs for links',
        response: { 200: FollowListSchema, ...errors },
      },
    },
    async (request) => follows.list({ owner: ownerOf(request), locale: request.locale }),
  );

  app.put(
    '/follows/:kind/:id',
    {
      schema: {
        tags,
        summary: 'Follow a venue, organizer, category or tag (by numeric id); idempotent',
        description:
          'Guests may follow too. Following twice is one follow. 404 `follow_target_not_found` for an unknown id, ' +
          '409 `follow_limit` past the limit per person (`limit` in GET /follows).',
        params: FollowParamsSchema,
        response: { 200: FollowStateSchema, 404: ProblemSchema, 409: ProblemSchema, ...errors },
      },
    },
    async (request) => follows.follow({ owner: ownerOf(request), familyId: requirePrincipal(request).familyId, ...request.params }),
  );

  app.delete(
    '/follows/:kind/:id',
    {
      schema: {
        tags,
        summary: 'Stop following; idempotent (not following is already the answer)',
        params: FollowParamsSchema,
        response: { 200: FollowStateSchema, ...errors },
      },
    },
    async (request) => follows.unfollow({ owner: ownerOf(request), ...request.params }),
  );
};
