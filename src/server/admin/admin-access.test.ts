import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeApi } from '../../../tests/support/test-app';
import type { Problem } from '../../shared/schemas/problem';
import { createUser, type TestUser } from '../reservations/reservations-fixtures';

const PREFIX = '/api/v1/admin';
const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';
const JUNK = { junk: 'x'.repeat(20), role: 42, reason: ['no'] };

/**
 * Every route the running app registered under `/api/v1/admin`, read from Fastify's own route tree
 * (`printRoutes`, one segment per line, indented by depth), so routes added by any section later are in
 * the matrix without touching this file. HEAD and OPTIONS are Fastify's own companions and are left out.
 */
function adminRoutesOf(app: FastifyInstance): { method: string; path: string }[] {
  const found: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    const path = stack.join('');
    if (!path.startsWith(PREFIX)) continue;
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim()).filter(Boolean)) {
      if (method !== 'HEAD' && method !== 'OPTIONS') found.push({ method, path });
    }
  }
  return found;
}

const concrete = (path: string) => path.replace(/:[A-Za-z_]+/g, SAMPLE_ID).replace(/\*$/, 'x');

describeApi('admin: one role check for the whole /admin prefix', (t) => {
  let routes: { method: string; path: string }[];
  let user: TestUser;
  let organizer: TestUser;
  let admin: TestUser;
  const send = (route: { method: string; path: string }, token?: string) =>
    t().json<Problem>(route.method, concrete(route.path), { token, body: route.method === 'GET' || route.method === 'DELETE' ? undefined : JUNK });

  beforeAll(async () => {
    routes = adminRoutesOf(t().app);
    user = await createUser(t().services, { role: 'user' });
    organizer = await createUser(t().services, { role: 'organizer' });
    admin = await createUser(t().services, { role: 'admin' });
  });

  it('lists the real routes, every one the issue names among them, so the matrix cannot pass empty', () => {
    expect(routes.length).toBeGreaterThanOrEqual(30);
    const names = routes.map((route) => `${route.method} ${route.path}`);
    for (const name of [
      // The contract of issue 10, section by section.
      ...['categories', 'subcategories', 'tags'].flatMap((kind) => [
        `GET /api/v1/admin/${kind}`,
        `POST /api/v1/admin/${kind}`,
        `PATCH /api/v1/admin/${kind}/:id`,
        `DELETE /api/v1/admin/${kind}/:id`,
      ]),
      'POST /api/v1/admin/tags/:id/merge',
      'GET /api/v1/admin/organizer-applications',
      'POST /api/v1/admin/organizer-applications/:id/decision',
      'PATCH /api/v1/admin/organizers/:id',
      'GET /api/v1/admin/events',
      'POST /api/v1/admin/events/:id/moderation',
      'GET /api/v1/admin/reports',
      'POST /api/v1/admin/reports/:id/resolve',
      'GET /api/v1/admin/dashboard',
      'GET /api/v1/admin/users',
      'GET /api/v1/admin/users/:id',
      'PATCH /api/v1/admin/users/:id',
      'POST /api/v1/admin/users/:id/suspend',
      'POST /api/v1/admin/users/:id/unsuspend',
      'GET /api/v1/admin/audit-log',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('answers 401 to a request without a bearer, on every route', async () => {
    for (const route of routes) expect((await send(route)).status, `${route.method} ${route.path}`).toBe(401);
  });

  describe.each(['guest', 'user', 'organizer'] as const)('a %s', (who) => {
    it('is refused with 403 admin_required on every route, before its body is read', async () => {
      const token = who === 'guest' ? await t().guestToken() : who === 'user' ? user.token : organizer.token;
      for (const route of routes) {
        const { status, body } = await send(route, token);
        expect({ route: `${route.method} ${route.path}`, status, code: body?.code }).toEqual({
          route: `${route.method} ${route.path}`,
          status: 403,
          code: 'admin_required',
        });
      }
    });
  });

  it('lets an admin through the hook on every route (the route itself then answers, e.g. 400 to the junk body)', async () => {
    for (const route of routes) {
      const { status, body } = await send(route, admin.token);
      expect(status, `${route.method} ${route.path}`).not.toBe(401);
      expect(body?.code, `${route.method} ${route.path}`).not.toBe('admin_required');
      expect(status, `${route.method} ${route.path}`).toBeLessThan(500);
    }
  });
});
