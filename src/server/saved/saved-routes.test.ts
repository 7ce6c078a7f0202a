import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeApi } from '../../../tests/support/test-app';
import type { NotificationList } from '../../shared/schemas/reservations';
import { MAX_SAVED_EVENTS, type SavedEventPage, type SavedIds } from '../../shared/schemas/saved';
import type { SignInResponse, User } from '../../shared/schemas/users';
import { createEvent, createOrganizer, createUser, drainJobs, makeJobsDue } from '../reservations/reservations-fixtures';
import { accountsEnv, api, PASSWORD, uniqueEmail } from '../users/users-test-kit';

type Rows<T> = { rows: T[] };

describeApi(
  'saved events: the heart, the Saved page, guest to account, notices of changes',
  (t) => {
    const call = api(t);
    const en = { 'accept-language': 'en' };
    /** A guest of its own (the app's shared guest token would carry other tests' saves). */
    const newGuest = async () => (await call<{ access_token: string }>('POST', '/auth/register', { body: { auth: 'client' } })).body.access_token;
    const save = (token: string, id: number) => call<{ saved: boolean }>('PUT', `/saved/events/${id}`, { token, headers: en });
    const ids = async (token: string) => (await call<SavedIds>('GET', '/saved/events/ids', { token })).body.ids;
    const list = (token: string, query = '') => call<SavedEventPage>('GET', `/saved/events${query}`, { token, headers: en });

    it('saves once however often PUT is sent, forgets on DELETE, and 404s an unknown or unpublished event', async () => {
      const user = await createUser(t().services);
      const eventId = await createEvent(t().services);
      expect((await save(user.token, eventId)).body).toEqual({ event_id: eventId, saved: true });
      expect((await save(user.token, eventId)).status).toBe(200);
      const rows = (await t().services.database.db.execute(
        sql`SELECT count(*)::int AS n FROM saved_events WHERE user_id = ${user.id}`,
      )) as unknown as Rows<{ n: number }>;
      expect(rows.rows[0]!.n).toBe(1);
      expect(await ids(user.token)).toEqual([eventId]);

      const unknown = await save(user.token, 987_654_321);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ code: 'event_not_found' });
      const draft = await createEvent(t().services, { published: false });
      expect((await save(user.token, draft)).status).toBe(404);

      const gone = await call('DELETE', `/saved/events/${eventId}`, { token: user.token });
      expect(gone.body).toEqual({ event_id: eventId, saved: false });
      expect((await call('DELETE', `/saved/events/${eventId}`, { token: user.token })).status).toBe(200);
      expect(await ids(user.token)).toEqual([]);
    });

    it(`refuses a save beyond ${MAX_SAVED_EVENTS} with a translated 422, and still accepts saving one already saved`, async () => {
      const user = await createUser(t().services);
      const db = t().services.database.db;
      const first = await createEvent(t().services);
      await save(user.token, first);
      // The rest of the quota in one statement: copies of the first event, saved by the user.
      await db.execute(sql`
        WITH copies AS (
          INSERT INTO events (slug, title, category_id, venue_id, starts_at)
          SELECT 'bulk-' || g || '-' || e.id, e.title, e.category_id, e.venue_id, e.starts_at
          FROM events e, generate_series(1, ${MAX_SAVED_EVENTS - 1}) g WHERE e.id = ${first}
          RETURNING id)
        INSERT INTO saved_events (user_id, event_id) SELECT ${user.id}::uuid, id FROM copies`);
      const extra = await createEvent(t().services);
      const refused = await call<{ code: string; detail: string }>('PUT', `/saved/events/${extra}`, { token: user.token, headers: { 'accept-language': 'ru' } });
      expect(refused.status).toBe(422);
      expect(refused.body.code).toBe('saved_limit');
      expect(refused.body.detail).toContain(String(MAX_SAVED_EVENTS));
      expect(refused.body.detail).toMatch(/[А-я]/);
      expect((await save(user.token, first)).status).toBe(200);
    });

    it('lists upcoming saves soonest first, then past ones latest first, page by page, flagged when changed, and only to their owner', async () => {
      const { services } = t();
      const guest = await newGuest();
      const later = await createEvent(services, { startsInHours: 200 });
      const soon = await createEvent(services, { startsInHours: 5 });
      const cancelled = await createEvent(services, { startsInHours: 50, status: 'cancelled' });
      const past = await createEvent(services, { startsInHours: -48 });
      const longAgo = await createEvent(services, { startsInHours: -480 });
      for (const id of [longAgo, later, past, cancelled, soon]) expect((await save(guest, id)).status).toBe(200);

      const first = await list(guest, '?limit=3');
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toContain('no-store');
      expect(first.body.items.map((item) => item.id)).toEqual([soon, cancelled, later]);
      expect(first.body.items.map((item) => item.change)).toEqual([null, 'cancelled', null]);
      const second = await list(guest, `?limit=3&cursor=${first.body.next_cursor}`);
      expect(second.body.items.map((item) => [item.id, item.past])).toEqual([[past, true], [longAgo, true]]);
      expect(second.body.next_cursor).toBeNull();
      expect((await list(guest, '?cursor=nonsense')).status).toBe(400);

      // Nobody else sees them: not another guest, not an account.
      const other = await newGuest();
      expect((await list(other)).body.items).toEqual([]);
      const user = await createUser(services);
      expect(await ids(user.token)).toEqual([]);
      expect((await call('GET', '/saved/events')).status).toBe(401);
    });

    it('moves a guest’s saves, follows and category visits to the account on sign-up and on sign-in, duplicates collapsed', async () => {
      const { services } = t();
      const db = services.database.db;
      const [one, two, three] = [await createEvent(services), await createEvent(services), await createEvent(services)];
      const categoryId = Number(
        ((await db.execute(sql`SELECT category_id FROM events WHERE id = ${one}`)) as unknown as Rows<{ category_id: number }>).rows[0]!.category_id,
      );
      const guest = await newGuest();
      const subject = JSON.parse(Buffer.from(guest.split('.')[1]!, 'base64url').toString()).sub as string;
      await save(guest, one);
      await save(guest, two);
      await db.execute(sql`INSERT INTO follows (guest_id, kind, target_id) VALUES (${subject}::uuid, 'venue', 7)`);
      await db.execute(sql`INSERT INTO category_visits (guest_id, category_id, visits) VALUES (${subject}::uuid, ${categoryId}, 3)`);

      // Sign-up with the guest's token: the new account has them at once.
      const email = uniqueEmail('saver');
      const registered = await call<{ user: User }>('POST', '/users/register_email', { body: { email, password: PASSWORD }, token: guest });
      expect(registered.status).toBe(201);
      const login = await call<SignInResponse>('POST', '/users/email_password_login', { body: { email, password: PASSWORD }, token: guest });
      const userToken = login.body.access_token;
      expect((await ids(userToken)).sort()).toEqual([one, two].sort());
      expect(await ids(guest)).toEqual([]);
      const follows = (await db.execute(sql`SELECT user_id, guest_id FROM follows WHERE target_id = 7 AND (guest_id = ${subject}::uuid OR user_id = ${registered.body.user.id}::uuid)`)) as unknown as Rows<{ user_id: string | null }>;
      expect(follows.rows.map((row) => row.user_id)).toEqual([registered.body.user.id]);

      // A second guest session signs in to the same account: its duplicate save collapses, visits add up.
      const again = await newGuest();
      const againSubject = JSON.parse(Buffer.from(again.split('.')[1]!, 'base64url').toString()).sub as string;
      await save(again, two);
      await save(again, three);
      await db.execute(sql`INSERT INTO category_visits (guest_id, category_id, visits) VALUES (${againSubject}::uuid, ${categoryId}, 2)`);
      expect((await call('POST', '/users/email_password_login', { body: { email, password: PASSWORD }, token: again })).status).toBe(200);
      expect((await ids(userToken)).sort()).toEqual([one, two, three].sort());
      const visits = (await db.execute(sql`SELECT visits FROM category_visits WHERE user_id = ${registered.body.user.id}::uuid`)) as unknown as Rows<{ visits: number }>;
      expect(visits.rows.map((row) => row.visits)).toEqual([5]);
      const left = (await db.execute(sql`SELECT count(*)::int AS n FROM saved_events WHERE guest_id IN (${subject}::uuid, ${againSubject}::uuid)`)) as unknown as Rows<{ n: number }>;
      expect(left.rows[0]!.n).toBe(0);
    });

    it('prunes the saves and follows of a guest whose token can no longer be refreshed, and only theirs', async () => {
      const { services } = t();
      const db = services.database.db;
      const eventId = await createEvent(services);
      const [gone, staying, follower] = [await newGuest(), await newGuest(), await newGuest()];
      await save(gone, eventId);
      await save(staying, eventId);
      // A guest who only follows is pruned the same way (its follow registers it too).
      const categoryId = (await db.execute(sql`SELECT category_id AS "categoryId" FROM events WHERE id = ${eventId}`) as unknown as Rows<{ categoryId: number }>).rows[0]!.categoryId;
      expect((await call('PUT', `/follows/category/${categoryId}`, { token: follower })).status).toBe(200);
      const familyOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).fam as string;
      for (const token of [gone, follower]) {
        await db.execute(sql`UPDATE refresh_tokens SET expires_at = now() - interval '1 day' WHERE family_id = ${familyOf(token)}::uuid`);
      }
      await makeJobsDue(services);
      await drainJobs(services);
      expect(await ids(gone)).toEqual([]);
      expect(await ids(staying)).toEqual([eventId]);
      const followerSubject = JSON.parse(Buffer.from(follower.split('.')[1]!, 'base64url').toString()).sub as string;
      const follows = (await db.execute(sql`SELECT count(*)::int AS n FROM follows WHERE guest_id = ${followerSubject}::uuid`)) as unknown as Rows<{ n: number }>;
      expect(follows.rows[0]!.n).toBe(0);
      // The job comes back tomorrow while guests with saves remain.
      const next = (await db.execute(sql`SELECT count(*)::int AS n FROM jobs WHERE type = 'saved.prune_guests' AND status = 'pending'`)) as unknown as Rows<{ n: number }>;
      expect(next.rows[0]!.n).toBe(1);
    });

    it('forgets what a deleted account saved, followed and opened', async () => {
      const { services } = t();
      const user = await createUser(services);
      const eventId = await createEvent(services);
      await save(user.token, eventId);
      await services.database.db.execute(sql`INSERT INTO follows (user_id, kind, target_id) VALUES (${user.id}::uuid, 'tag', 3)`);
      await services.users.deletion.deleteAccount({ userId: user.id });
      const left = (await services.database.db.execute(
        sql`SELECT (SELECT count(*) FROM saved_events WHERE user_id = ${user.id}::uuid)::int + (SELECT count(*) FROM follows WHERE user_id = ${user.id}::uuid)::int AS n`,
      )) as unknown as Rows<{ n: number }>;
      expect(left.rows[0]!.n).toBe(0);
    });

    it('tells every account that saved an event, once, when it is postponed, moved or cancelled, in the reader’s language', async () => {
      const { services } = t();
      const owner = await createUser(services);
      const organizerId = await createOrganizer(services, [owner.id]);
      const eventId = await createEvent(services, { organizerId });
      const saver = await createUser(services);
      const bystander = await createUser(services);
      const guest = await newGuest();
      await save(saver.token, eventId);
      await save(guest, eventId);
      const bell = async (token: string, lang = 'en') =>
        (await call<NotificationList>('GET', '/notifications', { token, headers: { 'accept-language': lang } })).body.items.filter(
          (item) => item.type === 'saved_event_change',
        );

      const postpone = (body: object) => call('POST', `/organizer/events/${eventId}/postpone`, { token: owner.token, body });
      expect((await postpone({ date_tba: true })).status).toBe(200);
      const newDate = new Date(Date.now() + 40 * 86_400_000).toISOString();
      expect((await postpone({ starts_at: newDate })).status).toBe(200);
      const cancel = () => call('POST', `/organizer/events/${eventId}/cancel`, { token: owner.token, body: { message: 'Sorry.' } });
      expect((await cancel()).status).toBe(200);
      expect((await cancel()).status).toBe(200);

      const english = await bell(saver.token);
      expect(english.map((item) => item.title)).toEqual(['A saved event was cancelled', 'A saved event moved to a new date', 'A saved event was postponed']);
      expect(english[0]!.body).toContain('Concert');
      expect(english[0]!.link).toMatch(new RegExp(`^/en/events/.+-${eventId}$`));
      const russian = await bell(saver.token, 'ru');
      expect(russian[0]!.title).toMatch(/[А-я]/);
      expect(await bell(bystander.token)).toEqual([]);
    });
  },
  { env: accountsEnv() },
);
