import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthService, Principal } from '../auth/auth-service';
import { AppError, unauthorized } from '../lib/errors';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
  interface FastifyContextConfig {
    /** Routes that answer without a bearer token (health, OpenAPI, obtaining and refreshing tokens). */
    public?: boolean;
  }
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : undefined;
}

/** Spec §6: every request carries a bearer token; a guest's token reads, a user's token acts. */
export const authenticationPlugin = fp(
  async (app: FastifyInstance, options: { auth: AuthService; docsPrefix: string }) => {
    app.decorateRequest('principal', undefined);
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config?.public || request.url.startsWith(options.docsPrefix)) return;
      const token = bearer(request);
      if (!token) throw unauthorized();
      request.principal = await options.auth.authenticate(token);
    });
  },
  { name: 'authentication' },
);

/** STYLE 7: throws 401 when the request has no principal (a route left public by mistake). */
export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/** Guest tokens get 401 on user-only calls. */
export function requireUser(request: FastifyRequest): Principal & { userId: string } {
  const principal = requirePrincipal(request);
  if (principal.kind !== 'user' || !principal.userId) throw new AppError('unauthenticated', 'user_required');
  return principal as Principal & { userId: string };
}
