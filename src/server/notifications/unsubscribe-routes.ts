import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UnsubscribedSchema, UnsubscribeQuerySchema, UNSUBSCRIBE_PATH } from '../../shared/schemas/account-settings';
import { ProblemSchema } from '../../shared/schemas/problem';
import { NO_STORE } from '../plugins/problem-details';
import type { NotificationSettingsService } from '../users/notification-settings-service';

/**
 * POST /unsubscribe?token=…: the one-click unsubscribe of RFC 8058 (the `List-Unsubscribe` header's
 * target) and the button of the page `/{lang}/unsubscribe`. Outside /api/v1: mail clients send no bearer
 * token, and the signed token is the only proof. A GET of this path is the page, which changes nothing
 * (link scanners open every link).
 */
export async function unsubscribeRoutes(app: FastifyInstance, { settings }: { settings: NotificationSettingsService }) {
  // Mail clients post `List-Unsubscribe=One-Click` as a form; the page posts nothing. The body carries no meaning.
  app.addContentTypeParser(['application/x-www-form-urlencoded', 'application/json', 'text/plain'], { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
    done(null, undefined),
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    UNSUBSCRIBE_PATH,
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['users'],
        summary: 'One-click unsubscribe (RFC 8058): turns off the kind of e-mail the signed token names',
        querystring: UnsubscribeQuerySchema,
        response: { 200: UnsubscribedSchema, 400: ProblemSchema, 429: ProblemSchema },
      },
    },
    async (request, reply) => {
      const { kind } = await settings.unsubscribe(request.query.token);
      return reply.header('cache-control', NO_STORE).send({ status: 'unsubscribed' as const, kind });
    },
  );
}
