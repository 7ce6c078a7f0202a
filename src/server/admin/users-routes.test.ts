import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeApi } from '../../../tests/support/test-app';
import type { AuditPage } from '../../shared/schemas/admin-audit';
import type { AdminUserDetail, AdminUserPage } from '../../shared/schemas/admin-users';
import type { Problem } from '../../shared/schemas/problem';
import type { Reservation } from '../../shared/schemas/reservations';
import { createEvent, createUser, drainJobs, type TestUser } from '../reservations/reservations-fixtures';
import { accountsEnv, api, PASSWORD, registerAndSignIn } from '../users/users-test-kit';

type Answer = Partial<AdminUserDetail> & Partial<Pick<Problem, 'code' | 'detail' | 'errors'>>;
type Rows<T> = { rows: T[] };

describeApi(
  'admin: users',
  (t) => {
    const call = api(t);
    const en = { 'accept-language': 'en' };
    let admin: TestUser;
    const as = <T = Answer>(method: string, path: string, body?: unknown, token = admin.token) => call<T>(method, `/admin${path}`, { token, body, headers: en });
    const rows = async <T>(query: ReturnType<typeof sql>) => ((await t().services.database.db.execute(query)) as unknown as Rows<T>).rows;

    beforeAll(async () => {
      admin = await createUser(t().services, { role: 'admin', firstName: 'Ada' });
    });

    it('finds people by part of an e-mail, a name in any case, or a phone number in any common spelling', async () => {
      const person = await createUser(t().services, { firstName: 'Zorica' });
      await t().services.database.db.execute(sql`UPDATE users SET last_name = 'Kovačević', phone_number = '+381641234567' WHERE id = ${person.id}`);
      const ids = async (q: string) => (await as<AdminUserPage>('GET', `/users?q=${encodeURIComponent(q)}`)).body.items.map((user) => user.id);
      expect(await ids(person.email.slice(2, 12).toUpperCase())).toContain(person.id);
      expect(await ids('zorica kovač')).toContain(person.id);
      expect(await ids('KOVAČEVIĆ')).toContain(person.id);
      for (const phone of ['064 123 4567', '+381 64 123-4567', '00381641234567', '(064) 123 45 67', '123 45']) expect(await ids(phone), phone).toContain(person.id);
      expect(await ids('zorica nobody')).not.toContain(person.id);
      expect(await ids('065 123 4567')).not.toContain(person.id);
      // Pattern characters are taken literally.
      expect(await ids('%')).toEqual([]);
      const found = await as<AdminUserPage>('GET', `/users?q=${encodeURIComponent(person.email)}`);
      expect(found.body.items).toEqual([
        { id: person.id, email: person.email, name: 'Zorica Kovačević', phone_number: '+381641234567', role: 'user', status: 'active', created_at: expect.any(String) },
      ]);
      expect(JSON.stringify(found.body)).not.toMatch(/password|hash|token/i);
    });

    it('pages through every person newest first with the cursor, none twice and none left out', async () => {
      const tag = `pager${Date.now()}`;
      // One insert: every row gets the same creation time, so only the id orders them.
      const made = await rows<{ id: string }>(sql`
        INSERT INTO users (id, email) SELECT gen_random_uuid(), ${tag} || '-' || n || '@test.kuda' FROM generate_series(1, 45) AS n RETURNING id`);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: { body: AdminUserPage; status: number } = await as<AdminUserPage>('GET', `/users?q=${tag}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.status).toBe(200);
        seen.push(...page.body.items.map((user) => user.id));
        cursor = page.body.next_cursor;
        pages += 1;
      } while (cursor && pages < 10);
      expect(pages).toBe(3);
      expect(new Set(seen).size).toBe(45);
      expect([...seen].sort()).toEqual(made.map((row) => row.id).sort());
      expect((await as('GET', '/users?cursor=nonsense')).body.errors).toHaveProperty('cursor');
    });

    it('shows one person: standing, role, organizer teams, latest reservations; 404 for nobody, 400 for a malformed id', async () => {
      const person = await createUser(t().services);
      const organizer = (await rows<{ id: number }>(sql`INSERT INTO organizers (slug, name) VALUES (${`team-${person.id}`}, 'Dom omladine') RETURNING id`))[0]!;
      await t().services.database.db.execute(sql`INSERT INTO organizer_members (organizer_id, user_id, role) VALUES (${organizer.id}, ${person.id}, 'door')`);
      const eventId = await createEvent(t().services, { capacity: 5 });
      await call('POST', '/reservations', { token: person.token, body: { event_id: eventId, party_size: 2 } });
      const { status, body } = await as('GET', `/users/${person.id}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ id: person.id, status: 'active', role: 'user', suspension: null, phone_verified: true });
      expect(body.memberships).toEqual([{ organizer_id: Number(organizer.id), organizer_name: 'Dom omladine', role: 'door' }]);
      expect(body.reservations).toEqual([
        expect.objectContaining({ status: 'accepted', party_size: 2, event: expect.objectContaining({ id: eventId, title: expect.stringContaining('Concert') }) }),
      ]);
      expect((await as('GET', '/users/7d3c64f2-0000-4000-8000-000000000000')).body.code).toBe('user_not_found');
      expect((await as('GET', '/users/42')).status).toBe(400);
    });

    it('suspends: signed out everywhere at once, refresh and sign-in refused, open reservations cancelled and the waitlist moved up, audited', async () => {
      const session = await registerAndSignIn(t);
      const suspect = session.user.id;
      await t().services.database.db.execute(sql`UPDATE users SET first_name = 'Sima', last_name = 'Test', phone_number = ${`+3816${String(Date.now()).slice(-8)}`}, phone_verified_at = now() WHERE id = ${suspect}`);
      // A second device of the same person.
      const secondDevice = await call<{ access_token: string; refresh_token: string }>('POST', '/users/email_password_login', {
        body: { email: session.email, password: PASSWORD },
        token: await t().guestToken(),
      });
      expect((await call('GET', '/users/get_user', { token: session.access_token })).status).toBe(200);

      const eventId = await createEvent(t().services, { capacity: 2, mode: 'approval' });
      const held = await call<Reservation>('POST', '/reservations', { token: session.access_token, body: { event_id: eventId, party_size: 2 } });
      expect(held.body.status).toBe('pending');
      const next = await createUser(t().services);
      const waiting = await call<Reservation>('POST', '/reservations', { token: next.token, body: { event_id: eventId, party_size: 2 } });
      expect(waiting.body.status).toBe('waitlisted');

      const suspended = await as('POST', `/users/${suspect}/suspend`, { reason: '  Resold tickets  ' });
      expect(suspended.status).toBe(200);
      expect(suspended.body).toMatchObject({ status: 'suspended', suspension: { reason: 'Resold tickets', by: { id: admin.id, name: 'Ada Test' } } });

      // Every access token already issued stops at its next request, on every device.
      for (const token of [session.access_token, secondDevice.body.access_token]) {
        const res = await call<Problem>('GET', '/users/get_user', { token });
        expect(res.status).toBe(401);
      }
      expect((await call('POST', '/auth/refresh_token', { body: { refreshToken: session.refresh_token } })).status).toBe(401);
      const again = await call<Problem>('POST', '/users/email_password_login', { body: { email: session.email, password: PASSWORD }, token: await t().guestToken(), headers: en });
      expect(again.status).toBe(403);
      expect(again.body).toMatchObject({ code: 'account_suspended', detail: 'This account is suspended. Please contact support.' });

      const statuses = await rows<{ id: number | string; status: string }>(sql`SELECT id, status FROM reservations WHERE id IN (${held.body.id}, ${waiting.body.id}) ORDER BY id`);
      expect(statuses.map((row) => row.status)).toEqual(['cancelled', 'pending']);
      const history = await rows<{ actor: string; actor_user_id: string }>(sql`SELECT actor, actor_user_id FROM reservation_history WHERE reservation_id = ${held.body.id} AND to_status = 'cancelled'`);
      expect(history).toEqual([{ actor: 'venue', actor_user_id: admin.id }]);
      await drainJobs(t().services);
      const notices = await rows<{ n: number | string }>(sql`SELECT count(*) AS n FROM notifications WHERE user_id = ${suspect} AND type = 'reservation_status'`);
      expect(Number(notices[0]!.n)).toBeGreaterThan(0);

      const audit = await as<AuditPage>('GET', `/audit-log?target_type=user&target_id=${suspect}`);
      expect(audit.body.items[0]).toMatchObject({
        action: 'user.suspended',
        actor: { id: admin.id, name: 'Ada Test', email: admin.email },
        before: { status: 'active' },
        after: { status: 'suspended', cancelled_reservations: 1 },
        reason: 'Resold tickets',
      });
      expect((await as('POST', `/users/${suspect}/suspend`, { reason: 'Again' })).body.code).toBe('already_suspended');

      // Unsuspended, the person signs in again; the old sign-ins stay revoked.
      const restored = await as('POST', `/users/${suspect}/unsuspend`, {});
      expect(restored.body).toMatchObject({ status: 'active', suspension: null });
      expect((await call('GET', '/users/get_user', { token: session.access_token })).status).toBe(401);
      const back = await call<{ access_token: string }>('POST', '/users/email_password_login', { body: { email: session.email, password: PASSWORD }, token: await t().guestToken() });
      expect(back.status).toBe(200);
      expect((await call('GET', '/users/get_user', { token: back.body.access_token })).status).toBe(200);
      const log = await as<AuditPage>('GET', `/audit-log?target_type=user&target_id=${suspect}`);
      expect(log.body.items.map((entry) => entry.action)).toEqual(['user.unsuspended', 'user.suspended']);
      expect(log.body.items[0]).toMatchObject({ before: { status: 'suspended', reason: 'Resold tickets' }, after: { status: 'active' } });
      expect((await as('POST', `/users/${suspect}/unsuspend`, {})).body.code).toBe('not_suspended');
    });

    it('refuses a suspension without a reason, of oneself, and of a deleted account, and writes nothing', async () => {
      const person = await createUser(t().services);
      const blank = await as('POST', `/users/${person.id}/suspend`, { reason: '   ' });
      expect(blank.status).toBe(400);
      expect(blank.body.errors).toHaveProperty('reason');
      const self = await as('POST', `/users/${admin.id}/suspend`, { reason: 'Testing' });
      expect(self.status).toBe(409);
      expect(self.body).toMatchObject({ code: 'self_suspension', detail: 'You cannot suspend your own account.' });
      await t().services.database.db.execute(sql`UPDATE users SET status = 'deleted', email = NULL WHERE id = ${person.id}`);
      expect((await as('POST', `/users/${person.id}/suspend`, { reason: 'Late' })).body.code).toBe('user_deleted');
      const entries = await rows<{ n: number | string }>(sql`SELECT count(*) AS n FROM audit_log WHERE target_id IN (${person.id}, ${admin.id})`);
      expect(Number(entries[0]!.n)).toBe(0);
      expect((await call('GET', '/users/get_user', { token: admin.token })).status).toBe(200);
    });

    it('changes the role (in effect on the next request, audited); an admin cannot change their own', async () => {
      const person = await createUser(t().services);
      expect((await as('GET', '/dashboard', undefined, person.token)).status).toBe(403);
      const promoted = await as('PATCH', `/users/${person.id}`, { role: 'admin' });
      expect(promoted.body.role).toBe('admin');
      expect((await as('GET', '/dashboard', undefined, person.token)).status).toBe(200);
      expect((await as('PATCH', `/users/${person.id}`, { role: 'user' })).body.role).toBe('user');
      expect((await as('GET', '/dashboard', undefined, person.token)).status).toBe(403);
      const log = await as<AuditPage>('GET', `/audit-log?target_type=user&target_id=${person.id}`);
      expect(log.body.items.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
        ['user.role_changed', { role: 'admin' }, { role: 'user' }],
        ['user.role_changed', { role: 'user' }, { role: 'admin' }],
      ]);
      const self = await as('PATCH', `/users/${admin.id}`, { role: 'user' });
      expect(self.status).toBe(409);
      expect(self.body.code).toBe('self_role_change');
      expect((await as('PATCH', `/users/${person.id}`, { role: 'superuser' })).status).toBe(400);
      expect((await as('PATCH', `/users/${person.id}`, { role: 'user', extra: 1 })).status).toBe(400);
    });
  },
  { env: accountsEnv() },
);
