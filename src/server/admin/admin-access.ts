import type { FastifyRequest } from 'fastify';
import type { Principal } from '../auth/auth-service';
import { forbidden } from '../lib/errors';
import { requirePrincipal } from '../plugins/authentication';

export type AdminPrincipal = Principal & { userId: string };

/**
 * The one check of the whole `/admin` prefix (admin-routes.ts runs it as the scope's first hook, before
 * body validation): 401 without a bearer (the authentication hook), 403 `admin_required` for a guest, a
 * user or an organizer. The role is the one `authenticate` read from the database for this request, so a
 * demoted or suspended admin loses access at once on every instance.
 */
export function requireAdmin(request: FastifyRequest): AdminPrincipal {
  const principal = requirePrincipal(request);
  if (principal.kind !== 'user' || !principal.userId || principal.role !== 'admin') throw forbidden('admin_required');
  return principal as AdminPrincipal;
}
