import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeApi } from '../../../tests/support/test-app';
import type { AdminApplication, AdminOrganizer, OrganizerApplication } from '../../shared/schemas/admin-moderation';
import type { OrganizerEvent } from '../../shared/schemas/organizer-workspace';
import type { Problem } from '../../shared/schemas/problem';
import type { NotificationList } from '../../shared/schemas/reservations';
import { createOrganizerFixture, eventBody } from '../organizer/organizer-events-test-kit';
import { createUser, drainJobs } from '../reservations/reservations-fixtures';
import { accountsEnv, mailTo } from '../users/users-test-kit';

const API = '/api/v1';
const env = accountsEnv();
type Rows<T> = { rows: T[] };
/** An answer's body: what the route returns, or a problem (its code and field errors). */
type Answer<T> = T & Pick<Partial<Problem>, 'code' | 'detail'> & { errors?: Record<string, string[]> };

const APPLICATION = { name: 'Dom omladine Beograd', contact: '+381 11 3220 127', website: 'https://domomladine.org', venues: 'Velika sala\nAmerikana', message: 'Koncerti i tribine.' };

describeApi(
  'organizer applications API',
  (t) => {
    const call = <T = unknown>(method: string, path: string, token: string | undefined, body?: unknown, locale = 'en') =>
      t().json<Answer<T>>(method, `${API}${path}`, { token, body, headers: { 'accept-language': locale } });
    const rows = async <T>(query: ReturnType<typeof sql>) => ((await t().services.database.db.execute(query)) as unknown as Rows<T>).rows;

    it('refuses a guest (401) and bad input (400 on the field), and takes one open application per user (409)', async () => {
      const guest = await call('POST', '/organizer/applications', await t().guestToken(), APPLICATION);
      expect(guest.status).toBe(401);
      const user = await createUser(t().services);
      const empty = await call('POST', '/organizer/applications', user.token, { ...APPLICATION, name: '  ', contact: 'x\u0000y' });
      expect(empty.status).toBe(400);
      expect(Object.keys(empty.body.errors ?? {}).sort()).toEqual(['contact', 'name']);
      const first = await call<OrganizerApplication>('POST', '/organizer/applications', user.token, { name: 'Bitef', contact: 'info@bitef.rs', website: '' });
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({ status: 'pending', name: 'Bitef', website: null, venues: null, decision_message: null });
      const second = await call('POST', '/organizer/applications', user.token, APPLICATION);
      expect(second.status).toBe(409);
      expect(second.body.code).toBe('application_open');
      const mine = await call<{ items: OrganizerApplication[] }>('GET', '/organizer/applications/mine', user.token);
      expect(mine.body.items.map((item) => item.id)).toEqual([first.body.id]);
    });

    it('refuses a user who is not an admin on an admin route (403)', async () => {
      const user = await createUser(t().services);
      const answer = await call('GET', '/admin/organizer-applications', user.token);
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe('admin_required');
    });

    it('approves: an untrusted organizer with the applicant as owner, the role, a notice and one e-mail, and the audit entry', async () => {
      const admin = await createUser(t().services, { role: 'admin' });
      const user = await createUser(t().services, { locale: 'sr' });
      const applied = await call<OrganizerApplication>('POST', '/organizer/applications', user.token, APPLICATION);
      const queue = await call<{ items: AdminApplication[] }>('GET', '/admin/organizer-applications?status=pending&limit=100', admin.token);
      const listed = queue.body.items.find((item) => item.id === applied.body.id);
      expect(listed?.applicant).toMatchObject({ id: user.id, email: user.email });

      const decided = await call<AdminApplication>('POST', `/admin/organizer-applications/${applied.body.id}/decision`, admin.token, { status: 'approved' });
      expect(decided.status).toBe(200);
      expect(decided.body.status).toBe('approved');
      const organizerId = decided.body.organizer_id!;
      const [organizer] = await rows<{ name: string; slug: string; trusted: boolean }>(sql`SELECT name, slug, trusted FROM organizers WHERE id = ${organizerId}`);
      expect(organizer).toMatchObject({ name: APPLICATION.name, trusted: false });
      expect(organizer!.slug).toMatch(/^dom-omladine-beograd(-\d+)?$/);
      expect(await rows(sql`SELECT role FROM organizer_members WHERE organizer_id = ${organizerId} AND user_id = ${user.id}`)).toEqual([{ role: 'owner' }]);
      expect(await rows(sql`SELECT role FROM users WHERE id = ${user.id}`)).toEqual([{ role: 'organizer' }]);
      expect(await rows(sql`SELECT action, before, after FROM audit_log WHERE target_type = 'organizer_application' AND target_id = ${String(applied.body.id)}`)).toEqual([
        { action: 'application.approved', before: { status: 'pending' }, after: { status: 'approved', organizer_id: organizerId } },
      ]);

      // In the app, in the reader's language, linking to the application page.
      const bell = await call<NotificationList>('GET', '/notifications', user.token, undefined, 'sr');
      expect(bell.body.items[0]).toMatchObject({ type: 'organizer_application', title: 'Sada možete da objavljujete događaje', link: '/sr/organizer/apply', reservation_id: null, time_zone: null });
      // By e-mail once, in the applicant's language, however often the jobs run.
      await drainJobs(t().services);
      await drainJobs(t().services);
      const mails = mailTo(env.DATA_DIR!, user.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Sada možete da objavljujete događaje');
      expect(mails[0]!.text).toContain('/sr/organizer/apply');

      const again = await call('POST', `/admin/organizer-applications/${applied.body.id}/decision`, admin.token, { status: 'rejected', message: 'Ne.' });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('application_decided');
    });

    it('asks for more: the message reaches the applicant, who edits and resends it to the queue', async () => {
      const admin = await createUser(t().services, { role: 'admin' });
      const user = await createUser(t().services);
      const applied = await call<OrganizerApplication>('POST', '/organizer/applications', user.token, APPLICATION);
      const noMessage = await call('POST', `/admin/organizer-applications/${applied.body.id}/decision`, admin.token, { status: 'needs_info' });
      expect(noMessage.status).toBe(400);
      expect(noMessage.body.errors).toHaveProperty('message');
      const tooEarly = await call('PATCH', `/organizer/applications/${applied.body.id}`, user.token, APPLICATION);
      expect(tooEarly.status).toBe(409);
      expect(tooEarly.body.code).toBe('application_not_editable');

      await call('POST', `/admin/organizer-applications/${applied.body.id}/decision`, admin.token, { status: 'needs_info', message: 'Which venues exactly?' });
      const mine = await call<{ items: OrganizerApplication[] }>('GET', '/organizer/applications/mine', user.token);
      expect(mine.body.items[0]).toMatchObject({ status: 'needs_info', decision_message: 'Which venues exactly?' });
      const bell = await call<NotificationList>('GET', '/notifications', user.token);
      expect(bell.body.items[0]?.body).toContain('Which venues exactly?');

      const stranger = await createUser(t().services);
      expect((await call('PATCH', `/organizer/applications/${applied.body.id}`, stranger.token, APPLICATION)).status).toBe(404);
      const resent = await call<OrganizerApplication>('PATCH', `/organizer/applications/${applied.body.id}`, user.token, { ...APPLICATION, venues: 'Velika sala only' });
      expect(resent.status).toBe(200);
      expect(resent.body).toMatchObject({ status: 'pending', venues: 'Velika sala only' });

      const rejected = await call<AdminApplication>('POST', `/admin/organizer-applications/${applied.body.id}/decision`, admin.token, { status: 'rejected', message: 'Not a venue.' });
      expect(rejected.body).toMatchObject({ status: 'rejected', organizer_id: null });
      expect(await rows(sql`SELECT role FROM users WHERE id = ${user.id}`)).toEqual([{ role: 'user' }]);
      await drainJobs(t().services);
      expect(mailTo(env.DATA_DIR!, user.email).map((mail) => mail.subject)).toEqual(['We need more about your application', 'Your application was declined']);
      // A closed application no longer blocks a new one.
      expect((await call('POST', '/organizer/applications', user.token, APPLICATION)).status).toBe(201);
    });

    it('toggles trusted (audited): an untrusted organizer publishes to review, a trusted one publishes', async () => {
      const admin = await createUser(t().services, { role: 'admin' });
      const fixture = await createOrganizerFixture(t().services, { trusted: false });
      const publish = async () => {
        const created = await call<{ event: OrganizerEvent }>('POST', '/organizer/events', fixture.owner.token, eventBody(fixture));
        return (await call<{ event: OrganizerEvent }>('POST', `/organizer/events/${created.body.event.id}/publish`, fixture.owner.token, {})).body.event.status;
      };
      expect(await publish()).toBe('pending_review');

      const [{ slug }] = (await rows<{ slug: string }>(sql`SELECT slug FROM organizers WHERE id = ${fixture.organizerId}`)) as [{ slug: string }];
      const found = await call<{ items: AdminOrganizer[] }>('GET', `/admin/organizers?q=${encodeURIComponent(slug.toUpperCase())}`, admin.token);
      expect(found.body.items).toEqual([expect.objectContaining({ id: fixture.organizerId, trusted: false, members: 4 })]);
      const trusted = await call<AdminOrganizer>('PATCH', `/admin/organizers/${fixture.organizerId}`, admin.token, { trusted: true });
      expect(trusted.body).toMatchObject({ id: fixture.organizerId, trusted: true });
      expect(await publish()).toBe('published');
      expect(await rows(sql`SELECT action, before, after FROM audit_log WHERE target_type = 'organizer' AND target_id = ${String(fixture.organizerId)}`)).toEqual([
        { action: 'organizer.trusted_changed', before: { trusted: false }, after: { trusted: true } },
      ]);
      expect((await call('PATCH', '/admin/organizers/999999999', admin.token, { trusted: true })).status).toBe(404);
    });
  },
  { env },
);
