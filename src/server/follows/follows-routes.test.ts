import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { describeApi } from '../../../tests/support/test-app';
import { FOLLOW_LIMIT, type FollowList, type FollowState } from '../../shared/schemas/follows';
import type { OrganizerEvent } from '../../shared/schemas/organizer-workspace';
import type { Problem } from '../../shared/schemas/problem';
import type { NotificationList } from '../../shared/schemas/reservations';
import type { MailMessage } from '../notifications/mailer';
import { writeNotificationPreferences } from '../notifications/notification-settings-repository';
import { createOrganizerFixture, eventBody, type OrganizerFixture } from '../organizer/organizer-events-test-kit';
import { createUser, drainJobs, type TestUser } from '../reservations/reservations-fixtures';
import { FOLLOWS_JOBS, nextDigestRun } from './follows-jobs';

const API = '/api/v1';
type Rows<T> = { rows: T[] };

describeApi('follows API: follow, stop following, and hear about new events', (t) => {
  let org: OrganizerFixture;
  const sent: MailMessage[] = [];

  beforeAll(async () => {
    org = await createOrganizerFixture(t().services);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    sent.length = 0;
  });

  const call = <T>(method: string, path: string, token: string, lang = 'en') =>
    t().json<T & Partial<Problem>>(method, `${API}${path}`, { token, headers: { 'accept-language': lang } });
  const newGuest = async () => (await t().services.auth.issueGuestPair()).access_token;
  const followsOf = async (token: string, lang = 'en') => (await call<FollowList>('GET', '/follows', token, lang)).body;
  const followedNotices = async (who: TestUser, lang = 'en') =>
    (await t().json<NotificationList>('GET', `${API}/notifications?limit=100`, { token: who.token, headers: { 'accept-language': lang } })).body.items.filter(
      (item) => item.type === 'followed_event',
    );
  /** The organizer creates and publishes an event through the API, as the web does. */
  const publishEvent = async (fixture: OrganizerFixture) => {
    const created = await t().json<{ event: OrganizerEvent }>('POST', `${API}/organizer/events`, { token: fixture.owner.token, body: eventBody(fixture) });
    expect(created.status).toBe(201);
    const published = await t().json<{ event: OrganizerEvent }>('POST', `${API}/organizer/events/${created.body.event.id}/publish`, {
      token: fixture.owner.token,
      body: {},
    });
    expect(published.status).toBe(200);
    return created.body.event.id;
  };

  it('follows idempotently: PUT twice is one follow, listed with its name and slug; DELETE twice leaves none', async () => {
    const guest = await newGuest();
    for (let i = 0; i < 2; i++) {
      const answer = await call<FollowState>('PUT', `/follows/venue/${org.venueId}`, guest);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ kind: 'venue', id: org.venueId, following: true });
    }
    await call('PUT', `/follows/category/${org.categoryId}`, guest);
    const list = await followsOf(guest);
    expect(list.limit).toBe(FOLLOW_LIMIT);
    expect(list.items.map((item) => [item.kind, item.id])).toEqual([
      ['category', org.categoryId],
      ['venue', org.venueId],
    ]);
    expect(list.items[0]).toMatchObject({ name: 'Music', slug: expect.stringMatching(/^cat-/) });
    expect(list.items[1]).toMatchObject({ name: expect.stringMatching(/^Sala /), slug: expect.stringMatching(/^venue-/) });
    expect((await followsOf(guest, 'sr')).items[0]!.name).toBe('Muzika');

    for (let i = 0; i < 2; i++) {
      const answer = await call<FollowState>('DELETE', `/follows/venue/${org.venueId}`, guest);
      expect(answer.status).toBe(200);
      expect(answer.body.following).toBe(false);
    }
    expect((await followsOf(guest)).items.map((item) => item.kind)).toEqual(['category']);
  });

  it('refuses an unknown target (404), an unknown kind or a slug for an id (400), and a call without a token (401), in the request language', async () => {
    const guest = await newGuest();
    const missing = await call('PUT', '/follows/organizer/99999999', guest, 'sr');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'follow_target_not_found', detail: expect.stringContaining('Ne postoji') });
    expect((await call('PUT', `/follows/city/${org.venueId}`, guest)).status).toBe(400);
    expect((await call('PUT', '/follows/tag/besplatno', guest)).status).toBe(400);
    expect((await t().json('GET', `${API}/follows`)).status).toBe(401);
    expect((await followsOf(guest)).items).toEqual([]);
  });

  it('keeps follows private: another guest or account sees only its own, and answers are never stored by caches', async () => {
    const mine = await newGuest();
    const theirs = await newGuest();
    const user = await createUser(t().services);
    await call('PUT', `/follows/tag/${org.tagId}`, mine);
    expect((await followsOf(theirs)).items).toEqual([]);
    expect((await followsOf(user.token)).items).toEqual([]);
    // Stopping someone else's follow is impossible: the owner comes from the token, never the request.
    await call('DELETE', `/follows/tag/${org.tagId}`, theirs);
    const answer = await call<FollowList>('GET', '/follows', mine);
    expect(answer.body.items.map((item) => item.id)).toEqual([org.tagId]);
    expect(answer.headers.get('cache-control')).toContain('no-store');
  });

  it('forgets what a person followed when they delete their account', async () => {
    const user = await createUser(t().services);
    await call('PUT', `/follows/venue/${org.venueId}`, user.token);
    const deleted = await t().json('POST', `${API}/users/request_user_deletion`, { token: user.token, body: {} });
    expect(deleted.status).toBe(202);
    const rows = (await t().services.database.db.execute(sql`SELECT count(*)::int AS n FROM follows WHERE user_id = ${user.id}`)) as unknown as Rows<{ n: number }>;
    expect(rows.rows[0]!.n).toBe(0);
  });

  it(`refuses a follow past ${FOLLOW_LIMIT} with a translated problem, and still allows following again what is already followed`, async () => {
    const user = await createUser(t().services);
    await call('PUT', `/follows/venue/${org.venueId}`, user.token);
    // The rest of the limit written directly (targets need not exist for counting).
    await t().services.database.db.execute(sql`
      INSERT INTO follows (user_id, kind, target_id)
      SELECT ${user.id}, 'tag', 1000000 + n FROM generate_series(1, ${FOLLOW_LIMIT - 1}) AS n`);
    const refused = await call('PUT', `/follows/category/${org.categoryId}`, user.token, 'ru');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'follow_limit', detail: expect.stringContaining(String(FOLLOW_LIMIT)) });
    expect(refused.body.detail).toMatch(/[а-я]/);
    expect((await call('PUT', `/follows/venue/${org.venueId}`, user.token)).status).toBe(200);
    await call('DELETE', `/follows/venue/${org.venueId}`, user.token);
    expect((await call('PUT', `/follows/category/${org.categoryId}`, user.token)).status).toBe(200);
  });

  it('tells every account following the venue, organizer, category or a tag once, after publication, in its language; guests and others get nothing', async () => {
    const fixture = await createOrganizerFixture(t().services);
    const byVenueAndTag = await createUser(t().services);
    const byOrganizer = await createUser(t().services);
    const byCategory = await createUser(t().services);
    const elsewhere = await createUser(t().services);
    const guest = await newGuest();
    await call('PUT', `/follows/venue/${fixture.venueId}`, byVenueAndTag.token);
    await call('PUT', `/follows/tag/${fixture.tagId}`, byVenueAndTag.token);
    await call('PUT', `/follows/organizer/${fixture.organizerId}`, byOrganizer.token);
    await call('PUT', `/follows/category/${fixture.categoryId}`, byCategory.token);
    await call('PUT', `/follows/venue/${org.venueId}`, elsewhere.token);
    await call('PUT', `/follows/venue/${fixture.venueId}`, guest);

    const eventId = await publishEvent(fixture);
    // The publication only queues the fan-out; the job writes the notifications.
    expect(await followedNotices(byVenueAndTag)).toEqual([]);
    await drainJobs(t().services);

    const [venueNotice, ...more] = await followedNotices(byVenueAndTag);
    expect(more).toEqual([]);
    expect(venueNotice).toMatchObject({ title: expect.stringMatching(/^New at Sala /), body: 'A concert', link: expect.stringMatching(new RegExp(`^/en/events/.+-${eventId}$`)) });
    const [inSerbian] = await followedNotices(byVenueAndTag, 'sr');
    expect(inSerbian!.title).toMatch(/^Novo — Sala /);
    expect(inSerbian!.link).toMatch(new RegExp(`^/sr/events/.+-${eventId}$`));
    expect((await followedNotices(byOrganizer)).map((item) => item.title)).toEqual([expect.stringMatching(/^New from Organizer /)]);
    expect((await followedNotices(byCategory)).map((item) => item.title)).toEqual(['New in Music']);
    expect(await followedNotices(elsewhere)).toEqual([]);
    // The organizer's page lists it (GET /events?organizer=…, the page's further pages too).
    const listed = await t().json<{ items: { id: number }[] }>('GET', `${API}/events?organizer=${fixture.organizerId}`, { token: guest });
    expect(listed.body.items.map((item) => item.id)).toEqual([eventId]);
    const page = await t().services.follows.organizerPage(fixture.organizerId, 'en');
    expect(page).toMatchObject({ organizer: { id: fixture.organizerId }, events: [{ id: eventId }], json_ld: { '@type': 'Organization' } });
    expect(page!.path).toMatch(new RegExp(`^/en/organizers/org-.+-${fixture.organizerId}$`));
    expect(await t().services.follows.organizerPage(2_147_483_648, 'en')).toBeNull();

    // A second fan-out of the same event (a retried job) adds nothing.
    await t().services.jobs.enqueue(t().services.database.db, { type: FOLLOWS_JOBS.fanOut, payload: { event_id: eventId } });
    await drainJobs(t().services);
    expect(await followedNotices(byVenueAndTag)).toHaveLength(1);
    const rows = (await t().services.database.db.execute(
      sql`SELECT count(*)::int AS n FROM notifications WHERE type = 'followed_event' AND data ->> 'event_id' = ${String(eventId)}`,
    )) as unknown as Rows<{ n: number }>;
    expect(rows.rows[0]!.n).toBe(3);
  });

  it('tells followers when the admin approves an event that waited for review', async () => {
    const fixture = await createOrganizerFixture(t().services, { trusted: false });
    const admin = await createUser(t().services, { role: 'admin' });
    const follower = await createUser(t().services);
    await call('PUT', `/follows/organizer/${fixture.organizerId}`, follower.token);
    const eventId = await publishEvent(fixture);
    await drainJobs(t().services);
    expect(await followedNotices(follower)).toEqual([]);
    const decided = await t().json('POST', `${API}/admin/events/${eventId}/moderation`, { token: admin.token, body: { decision: 'approve' } });
    expect(decided.status).toBe(200);
    await drainJobs(t().services);
    expect(await followedNotices(follower)).toHaveLength(1);
  });

  it('e-mails one digest a day with what was not yet e-mailed, in the chosen language, marks it e-mailed, and respects the preference', async () => {
    vi.spyOn(t().services.mailer, 'send').mockImplementation(async (message) => {
      sent.push(message);
    });
    const fixture = await createOrganizerFixture(t().services);
    const reader = await createUser(t().services, { locale: 'en' });
    const quiet = await createUser(t().services);
    await writeNotificationPreferences(t().services.database.db, reader.id, { emailLocale: 'uk' });
    await writeNotificationPreferences(t().services.database.db, quiet.id, { emailFollowed: false });
    for (const who of [reader, quiet]) await call('PUT', `/follows/venue/${fixture.venueId}`, who.token);
    await publishEvent(fixture);
    await publishEvent(fixture);
    await drainJobs(t().services);

    const runDigest = async (date: string) => {
      await t().services.jobs.enqueue(t().services.database.db, { type: FOLLOWS_JOBS.digest, payload: { date } });
      await drainJobs(t().services);
    };
    await runDigest('2026-11-24');
    const toReader = sent.filter((mail) => mail.to === reader.email);
    expect(toReader).toHaveLength(1);
    expect(toReader[0]!.subject).toBe('Kuda: 2 новини для вас');
    expect(toReader[0]!.text).toContain('Нове в Sala');
    expect(sent.filter((mail) => mail.to === quiet.email)).toEqual([]);
    const emailed = (await t().services.database.db.execute(
      sql`SELECT count(*) FILTER (WHERE emailed_at IS NOT NULL)::int AS done, count(*)::int AS total FROM notifications WHERE user_id = ${reader.id}`,
    )) as unknown as Rows<{ done: number; total: number }>;
    expect(emailed.rows[0]).toEqual({ done: 2, total: 2 });

    // Something new the same day waits for tomorrow: a second run that day sends nothing.
    await publishEvent(fixture);
    await drainJobs(t().services);
    await runDigest('2026-11-24');
    expect(sent.filter((mail) => mail.to === reader.email)).toHaveLength(1);
    await runDigest('2026-11-25');
    const next = sent.filter((mail) => mail.to === reader.email);
    expect(next).toHaveLength(2);
    expect(next[1]!.subject).toBe('Kuda: 1 новина для вас');
  });

  it('schedules the digest for 08:00 in Belgrade, today while it is ahead, else tomorrow', () => {
    expect(nextDigestRun(new Date('2026-11-24T05:00:00Z'))).toEqual({ runAt: new Date('2026-11-24T07:00:00Z'), date: '2026-11-24' });
    expect(nextDigestRun(new Date('2026-11-24T07:00:00Z'))).toEqual({ runAt: new Date('2026-11-25T07:00:00Z'), date: '2026-11-25' });
    expect(nextDigestRun(new Date('2026-07-01T12:00:00Z'))).toEqual({ runAt: new Date('2026-07-02T06:00:00Z'), date: '2026-07-02' });
  });
});
