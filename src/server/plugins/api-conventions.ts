import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { NO_STORE } from './problem-details';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A public read that shared caches may keep (the catalogue): the route sets its own Cache-Control and
     * ETag. Every other API answer is personal or a token, and is never stored (RFC 6749 §5.1).
     */
    publicCache?: boolean;
  }
}

/**
 * What every /api/v1 route shares, decided once (STYLE 24):
 * - bodies: JSON only (a text/plain body is refused with 415 rather than read as a string); spec §7
 *   clients send a JSON content type on every call, body-less POSTs included, so an empty body is `{}`
 *   (each such route validates it with the shared EmptyBodySchema);
 * - caching: `Cache-Control: private, no-store` on every answer unless the route opts in with
 *   `config.publicCache`, and on every problem even then.
 */
export const apiConventionsPlugin = fp(
  async (api: FastifyInstance) => {
    api.removeContentTypeParser('text/plain');
    const jsonParser = api.getDefaultJsonParser('error', 'error');
    api.removeContentTypeParser('application/json');
    api.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, {});
      return jsonParser(request, text, done);
    });

    // A callback, not an async hook: no promise and microtask turn per answer (issue #13).
    api.addHook('onSend', (request, reply, payload, done) => {
      if (!request.routeOptions.config?.publicCache || reply.statusCode >= 400) reply.header('cache-control', NO_STORE);
      done(null, payload);
    });
  },
  { name: 'api-conventions' },
);
