import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClientAuthSchema, RefreshTokenSchema, TokenPairSchema } from '../../shared/schemas/auth';
import { ProblemSchema } from '../../shared/schemas/problem';
import type { AuthService } from './auth-service';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/auth/register',
    {
      config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Obtain a guest (client) token pair',
        body: ClientAuthSchema,
        response: { 200: TokenPairSchema, 400: ProblemSchema, 429: ProblemSchema },
      },
    },
    async () => auth.issueGuestPair(),
  );

  app.post(
    '/auth/refresh_token',
    {
      config: { public: true, rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Rotate a refresh token for a new pair',
        body: RefreshTokenSchema,
        response: { 200: TokenPairSchema, 400: ProblemSchema, 401: ProblemSchema, 429: ProblemSchema },
      },
    },
    async (request) => auth.refresh(request.body.refreshToken),
  );
};
