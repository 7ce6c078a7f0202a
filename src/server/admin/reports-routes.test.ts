import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { EventDetail, EventPage, SearchResult } from '../../shared/schemas/catalog';
import type { Problem } from '../../shared/schemas/problem';
import type { ReportQueue, ReportResolution } from '../../shared/schemas/reports';
import { describeApi } from '../../../tests/support/test-app';
import { createEvent, createOrganizer, createUser, type TestUser } from '../reservations/reservations-fixtures';
import { api } from '../users/users-test-kit';

type Answer = Problem & { id: number };
const en = { 'accept-language': 'en' };

describeApi(
  'reports',
  (t) => {
    const call = <T = Answer>(method: string, path: string, options: { body?: unknown; token?: string; ip?: string } = {}) =>
      api(t)<T>(method, path, { ...options, headers: en });
    let admin: TestUser;
    let user: TestUser;
    let reader: string;
    /** Public catalogue reads (they take any bearer). */
    const read = <T = Answer>(path: string) => call<T>('GET', path, { token: reader });

    const guest = async () => (await call<{ access_token: string }>('POST', '/auth/register', { body: { auth: 'client' } })).body.access_token;
    const report = (token: string, body: Record<string, unknown>, ip?: string) => call('POST', '/reports', { token, body: { reason: 'spam', ...body }, ip });
    const queue = (status = 'open', cursor?: string) =>
      call<ReportQueue & Problem>('GET', `/admin/reports?status=${status}${cursor ? `&cursor=${cursor}` : ''}`, { token: admin.token });
    const groupOf = (page: ReportQueue, type: string, id: number) => page.items.find((item) => item.target.type === type && item.target.id === id);
    const auditOf = async (targetType: string, targetId: number) =>
      (
        (await t().services.database.db.execute(
          sql`SELECT action, before, after, reason, actor_user_id FROM audit_log WHERE target_type = ${targetType} AND target_id = ${String(targetId)} ORDER BY id`,
        )) as unknown as { rows: { action: string; before: unknown; after: unknown; reason: string | null; actor_user_id: string }[] }
      ).rows;

    beforeAll(async () => {
      admin = await createUser(t().services, { role: 'admin' });
      user = await createUser(t().services);
      reader = await guest();
    });

    it('takes a report from a guest and from a signed-in user, and tells them apart in the queue without naming them', async () => {
      const eventId = await createEvent(t().services);
      const fromGuest = await report(await guest(), { target_type: 'event', target_id: eventId, reason: 'fake', message: 'Nobody plays\nthat night.' });
      expect(fromGuest.status).toBe(201);
      expect(fromGuest.body.id).toEqual(expect.any(Number));
      const fromUser = await report(user.token, { target_type: 'event', target_id: eventId, reason: 'wrong_information' });
      expect(fromUser.status).toBe(201);
      const group = groupOf((await queue()).body, 'event', eventId)!;
      expect(group.reports.map((one) => [one.reason, one.reporter, one.message])).toEqual([
        ['wrong_information', 'user', null],
        ['fake', 'guest', 'Nobody plays\nthat night.'],
      ]);
      expect(JSON.stringify(group)).not.toContain(user.email);
    });

    it('refuses a target that does not exist or is not public (404), `other` without a message and control characters (400)', async () => {
      const token = await guest();
      expect((await report(token, { target_type: 'event', target_id: 9_999_999 })).body.code).toBe('event_not_found');
      const draft = await createEvent(t().services, { published: false });
      expect((await report(token, { target_type: 'event', target_id: draft })).status).toBe(404);
      expect((await report(token, { target_type: 'venue', target_id: 2_147_483_648 })).body.code).toBe('venue_not_found');
      const hidden = await createOrganizer(t().services);
      expect((await report(token, { target_type: 'organizer', target_id: hidden })).body.code).toBe('organizer_not_found');
      const eventId = await createEvent(t().services);
      const other = await report(token, { target_type: 'event', target_id: eventId, reason: 'other', message: '  ' });
      expect(other.status).toBe(400);
      expect(other.body.errors?.message).toEqual(['This field is required.']);
      const control = await report(token, { target_type: 'event', target_id: eventId, reason: 'other', message: 'Bad\u0007bell' });
      expect(control.status).toBe(400);
      expect(control.body.errors?.message?.[0]).toMatch(/not allowed/);
      expect((await report(token, { target_type: 'event', target_id: eventId, reason: 'boring' })).status).toBe(400);
      expect((await report(token, { target_type: 'event', target_id: eventId, extra: 1 })).status).toBe(400);
      expect((await call('POST', '/reports', { body: { target_type: 'event', target_id: eventId, reason: 'spam' } })).status).toBe(401);
      const count = (await t().services.database.db.execute(sql`SELECT count(*)::int AS n FROM reports WHERE target_id = ${eventId}`)) as unknown as {
        rows: { n: number }[];
      };
      expect(count.rows[0]!.n).toBe(0);
    });

    it('lets one bearer report the same target once a day and five times an hour, then answers 429 with Retry-After', async () => {
      const token = await guest();
      const events = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createEvent(t().services)));
      expect((await report(token, { target_type: 'event', target_id: events[0]! })).status).toBe(201);
      const again = await report(token, { target_type: 'event', target_id: events[0]! });
      expect(again.status).toBe(429);
      expect(again.body.code).toBe('already_reported');
      expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
      for (const eventId of events.slice(1, 5)) expect((await report(token, { target_type: 'event', target_id: eventId })).status).toBe(201);
      const sixth = await report(token, { target_type: 'event', target_id: events[5]! });
      expect(sixth.status).toBe(429);
      expect(sixth.body.code).toBe('rate_limited');
      expect(sixth.body.detail).toMatch(/^Too many attempts\. Try again in \d+ s\.$/);
      expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(3000);
      // Another bearer is not held back by this one's count.
      expect((await report(await guest(), { target_type: 'event', target_id: events[5]! })).status).toBe(201);
    });

    it('limits one client address however many guest tokens it mints', async () => {
      const ip = '10.200.0.7';
      const eventId = await createEvent(t().services);
      const statuses: number[] = [];
      for (let i = 0; i < 21; i += 1) statuses.push((await report(await guest(), { target_type: 'event', target_id: eventId }, ip)).status);
      expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
      expect(statuses[20]).toBe(429);
    });

    it('groups the reports on one target into one queue item with its title, link, count, reasons and latest date', async () => {
      const organizerId = await createOrganizer(t().services);
      const eventId = await createEvent(t().services, { organizerId });
      const detail = (await read<EventDetail>(`/events/${eventId}`)).body;
      await report(await guest(), { target_type: 'event', target_id: eventId, reason: 'spam' });
      await report(await guest(), { target_type: 'event', target_id: eventId, reason: 'spam' });
      await report(await guest(), { target_type: 'event', target_id: eventId, reason: 'other', message: 'Same poster as last year' });
      await report(await guest(), { target_type: 'organizer', target_id: organizerId, reason: 'fake' });
      await report(await guest(), { target_type: 'venue', target_id: detail.venue!.id, reason: 'wrong_information' });
      const page = (await queue()).body;
      const event = groupOf(page, 'event', eventId)!;
      expect(event).toMatchObject({
        target: { type: 'event', id: eventId, title: detail.title, url: detail.path, removed: false },
        count: 3,
        reasons: { spam: 2, other: 1 },
      });
      expect(event.reports).toHaveLength(3);
      expect(event.latest_at).toBe(event.reports[0]!.created_at);
      expect(groupOf(page, 'organizer', organizerId)).toMatchObject({ target: { title: expect.stringMatching(/^Organizer org-/), url: null }, count: 1 });
      expect(groupOf(page, 'venue', detail.venue!.id)).toMatchObject({ target: { title: 'Dom omladine', url: expect.stringContaining('/en/venues/') } });
      // Newest first: the venue was reported last.
      expect(page.items[0]!.target).toMatchObject({ type: 'venue', id: detail.venue!.id });
    });

    it('pages the queue by target with a cursor', async () => {
      const first = (await queue()).body;
      expect(first.items.length).toBeGreaterThan(0);
      const seen = first.items.map((item) => `${item.target.type}:${item.target.id}`);
      let cursor = first.next_cursor;
      while (cursor) {
        const next = (await queue('open', cursor)).body;
        seen.push(...next.items.map((item) => `${item.target.type}:${item.target.id}`));
        cursor = next.next_cursor;
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect((await queue('open', 'not-a-cursor')).status).toBe(400);
      expect((await queue('closed')).status).toBe(400);
    });

    it('resolves every open report on an event and takes it off the site: listing, search and its page (410), with audit entries', async () => {
      const eventId = await createEvent(t().services);
      const detail = (await read<EventDetail>(`/events/${eventId}`)).body;
      const word = detail.slug.split('-').at(-1)!;
      expect((await read<EventPage>(`/events?venue=${detail.venue!.id}&limit=50`)).body.items.map((item) => item.id)).toContain(eventId);
      expect((await read<SearchResult>(`/search?q=${word}`)).body.events.map((item) => item.id)).toContain(eventId);
      const ids = [
        (await report(await guest(), { target_type: 'event', target_id: eventId, reason: 'fake' })).body.id,
        (await report(await guest(), { target_type: 'event', target_id: eventId, reason: 'offensive' })).body.id,
        (await report(user.token, { target_type: 'event', target_id: eventId, reason: 'spam' })).body.id,
      ];

      const resolved = await call<ReportResolution & Problem>('POST', `/admin/reports/${ids[1]}/resolve`, {
        token: admin.token,
        body: { status: 'resolved', note: 'Fake event, organizer warned', unpublish: true },
      });
      expect(resolved.status).toBe(200);
      expect(resolved.body).toEqual({ status: 'resolved', report_ids: ids, unpublished: true });

      expect((await read<EventPage>(`/events?venue=${detail.venue!.id}&limit=50`)).body.items.map((item) => item.id)).not.toContain(eventId);
      expect((await read<SearchResult>(`/search?q=${word}`)).body.events.map((item) => item.id)).not.toContain(eventId);
      const page = await read(`/events/${eventId}`);
      expect(page.status).toBe(410);
      expect(page.body.code).toBe('event_removed');
      expect(page.body.detail).toBe('This event is no longer available: it was removed from the site.');
      expect((await read('/events/9999998')).status).toBe(404);

      expect(groupOf((await queue()).body, 'event', eventId)).toBeUndefined();
      const closed = groupOf((await queue('resolved')).body, 'event', eventId)!;
      expect(closed).toMatchObject({ count: 3, target: { removed: true } });
      expect(closed.reports.every((one) => one.note === 'Fake event, organizer warned' && one.resolved_at)).toBe(true);

      expect(await auditOf('event', eventId)).toEqual([
        {
          action: 'event.removed',
          actor_user_id: admin.id,
          before: { publication: 'published', published: true, removed_at: null },
          after: expect.objectContaining({ publication: 'archived', published: false }),
          reason: 'Fake event, organizer warned',
        },
      ]);
      for (const id of ids) {
        expect(await auditOf('report', id)).toEqual([
          expect.objectContaining({ action: 'report.resolved', before: { status: 'open' }, after: expect.objectContaining({ status: 'resolved', target_id: eventId, unpublished: true }) }),
        ]);
      }
      // Decided already: a second decision is refused and writes nothing.
      expect((await call('POST', `/admin/reports/${ids[0]}/resolve`, { token: admin.token, body: { status: 'dismissed' } })).body.code).toBe('report_closed');
      // Reporting it again is a 404: it is no longer public.
      expect((await report(await guest(), { target_type: 'event', target_id: eventId })).status).toBe(404);
    });

    it('dismisses the reports on a target and leaves the event on the site', async () => {
      const eventId = await createEvent(t().services);
      const first = (await report(await guest(), { target_type: 'event', target_id: eventId })).body.id;
      const second = (await report(await guest(), { target_type: 'event', target_id: eventId, reason: 'offensive' })).body.id;
      const refused = await call('POST', `/admin/reports/${first}/resolve`, { token: admin.token, body: { status: 'dismissed', unpublish: true } });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toHaveProperty('unpublish');
      const dismissed = await call<ReportResolution>('POST', `/admin/reports/${first}/resolve`, { token: admin.token, body: { status: 'dismissed', note: 'Fine' } });
      expect(dismissed.body).toEqual({ status: 'dismissed', report_ids: [first, second], unpublished: false });
      expect((await read(`/events/${eventId}`)).status).toBe(200);
      expect(groupOf((await queue('dismissed')).body, 'event', eventId)?.count).toBe(2);
      expect((await auditOf('report', second))[0]).toMatchObject({ action: 'report.dismissed', reason: 'Fine' });
      expect(await auditOf('event', eventId)).toEqual([]);
    });

    it('refuses unpublishing a venue report and an unknown report', async () => {
      const eventId = await createEvent(t().services);
      const venueId = (await read<EventDetail>(`/events/${eventId}`)).body.venue!.id;
      const id = (await report(await guest(), { target_type: 'venue', target_id: venueId, reason: 'fake' })).body.id;
      const refused = await call('POST', `/admin/reports/${id}/resolve`, { token: admin.token, body: { status: 'resolved', unpublish: true } });
      expect(refused.status).toBe(400);
      expect((await call('POST', '/admin/reports/99999999/resolve', { token: admin.token, body: { status: 'resolved' } })).status).toBe(404);
    });

    it('keeps the queue from a signed-in user who is not an admin (403)', async () => {
      const answer = await call('GET', '/admin/reports', { token: user.token });
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe('admin_required');
    });
  },
  { env: { TRUST_PROXY: 'true' } },
);
