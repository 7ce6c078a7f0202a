import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList, Reservation } from '../../shared/schemas/reservations';
import type { OrganizerEvent, OrganizerEventListItem } from '../../shared/schemas/organizer-workspace';
import type { Problem } from '../../shared/schemas/problem';
import { toZonedIso } from '../../shared/zoned-time';
import { describeApi } from '../../../tests/support/test-app';
import { createUser, drainJobs, makeJobsDue } from '../reservations/reservations-fixtures';
import { createOrganizerFixture, eventBody, type OrganizerFixture } from './organizer-events-test-kit';
import { DAY_MS } from '../../shared/constants';

/**
 * Four Fridays around Belgrade's next clock change still ahead (the last Sunday of March or of October), a
 * week apart: the first nine days before that Sunday, the last twelve days after it. With Belgrade's UTC
 * offsets before and after the change. Worked out from today, so the test never falls into the past, and
 * within a year, inside the series horizon.
 */
function fridaysAcrossNextClockChange(now = new Date()) {
  for (let year = now.getUTCFullYear(); ; year += 1) {
    for (const [month, before, after] of [[2, '+01:00', '+02:00'], [9, '+02:00', '+01:00']] as const) {
      const lastDay = new Date(Date.UTC(year, month + 1, 0));
      const friday = lastDay.getTime() - (lastDay.getUTCDay() + 9) * DAY_MS;
      if (friday > now.getTime() + DAY_MS) {
        return { date: (week: number) => new Date(friday + week * 7 * DAY_MS).toISOString().slice(0, 10), before, after };
      }
    }
  }
}

const API = '/api/v1';
const en = { 'accept-language': 'en' };
type Answer = { event: OrganizerEvent } & Partial<Problem> & { errors?: Record<string, string[]> };
type Rows<T> = { rows: T[] };

describeApi('organizer events API', (t) => {
  let a: OrganizerFixture;
  let b: OrganizerFixture;

  const call = (method: string, path: string, token: string | undefined, body?: unknown) =>
    t().json<Answer>(method, `${API}${path}`, { token, body, headers: en });
  /** A public read, as a guest app would make it. */
  const pub = async <T = unknown>(path: string, locale = 'en') =>
    t().json<T>('GET', `${API}${path}`, { token: await t().guestToken(), headers: { 'accept-language': locale } });
  const create = async (fixture: OrganizerFixture, overrides: Record<string, unknown> = {}) => {
    const answer = await call('POST', '/organizer/events', fixture.owner.token, eventBody(fixture, overrides));
    expect(answer.status).toBe(201);
    return answer.body.event;
  };

  beforeAll(async () => {
    a = await createOrganizerFixture(t().services);
    b = await createOrganizerFixture(t().services);
  });

  it('creates a draft with its settings, tags and slug, and reads it back', async () => {
    const event = await create(a, { title: { sr: 'Ђорђе и Џез у Ноћи', en: 'Night jazz' } });
    expect(event).toMatchObject({
      status: 'draft',
      slug: 'djordje-i-dzez-u-noci',
      url: null,
      venue_id: a.venueId,
      tag_ids: [a.tagId],
      price: { min: 0, max: 0, currency: 'RSD' },
      reservation: { mode: 'approval', capacity: 12, party_min: 1, party_max: 4, waitlist: true },
      completeness: { sr: true, en: false, uk: false, ru: false },
    });
    const read = await call('GET', `/organizer/events/${event.id}`, a.viewer.token);
    expect(read.status).toBe(200);
    expect(read.body.event).toEqual(event);
    const history = (await t().services.database.db.execute(sql`SELECT action, to_state FROM event_history WHERE event_id = ${event.id}`)) as unknown as Rows<{
      action: string;
      to_state: string;
    }>;
    expect(history.rows).toEqual([{ action: 'created', to_state: 'draft' }]);
  });

  it('stores a price not announced as no price at all', async () => {
    const event = await create(a, { price: null, reservation: null });
    expect(event.price).toBeNull();
    expect(event.reservation).toBeNull();
  });

  it('refuses unknown taxonomy, a subcategory of another category and another organizer\'s venue, field by field', async () => {
    const answer = await call(
      'POST',
      '/organizer/events',
      a.owner.token,
      eventBody(a, { category_id: 999_999, subcategory_id: a.subcategoryId, tag_ids: [999_998], venue_id: b.venueId }),
    );
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors ?? {}).sort()).toEqual(['category_id', 'subcategory_id', 'tag_ids', 'venue_id']);
    const wrongParent = await call('POST', '/organizer/events', a.owner.token, eventBody(a, { subcategory_id: a.subcategoryId }));
    expect(wrongParent.body.errors).toEqual({ subcategory_id: [expect.any(String)] });
  });

  it('lists every state, newest start first, filtered by status, text and time, page by page', async () => {
    const early = await create(a, { title: { sr: 'Rani filter KVX' }, starts_at: new Date(Date.now() + 2 * 86_400_000).toISOString(), ends_at: null });
    const late = await create(a, { title: { sr: 'Kasni filter KVX' }, starts_at: new Date(Date.now() + 20 * 86_400_000).toISOString(), ends_at: null });
    await call('POST', `/organizer/events/${late.id}/publish`, a.owner.token, {});
    const list = (query: string) => t().json<{ items: OrganizerEventListItem[]; next_cursor: string | null }>('GET', `${API}/organizer/events${query}`, { token: a.viewer.token, headers: en });
    const found = await list('?q=kvx');
    expect(found.body.items.map((item) => item.id)).toEqual([late.id, early.id]);
    expect(found.body.items[0]).toMatchObject({ title: 'Kasni filter KVX', titles: { sr: 'Kasni filter KVX' }, status: 'published', event_id: late.id, capacity: 12, taken: 0 });
    expect((await list('?q=kvx&status=draft')).body.items.map((item) => item.id)).toEqual([early.id]);
    const first = await list('?q=kvx&limit=1');
    expect(first.body.items).toHaveLength(1);
    const second = await list(`?q=kvx&limit=1&cursor=${first.body.next_cursor}`);
    expect(second.body.items.map((item) => item.id)).toEqual([early.id]);
    expect(second.body.next_cursor).toBeNull();
    expect((await list('?q=kvx&upcoming=false')).body.items).toEqual([]);
    const others = await t().json<{ items: OrganizerEventListItem[] }>('GET', `${API}/organizer/events?q=kvx`, { token: b.owner.token });
    expect(others.body.items).toEqual([]);
  });

  it('publishes a complete event at once, refuses an incomplete one with field errors, and refuses moves outside the table', async () => {
    const incomplete = await create(a, { venue_id: null, starts_at: new Date(Date.now() - 86_400_000).toISOString(), ends_at: null });
    const refused = await call('POST', `/organizer/events/${incomplete.id}/publish`, a.owner.token, {});
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('event_incomplete');
    expect(Object.keys(refused.body.errors ?? {}).sort()).toEqual(['starts_at', 'venue_id']);

    const event = await create(a);
    const published = await call('POST', `/organizer/events/${event.id}/publish`, a.manager.token, {});
    expect(published.status).toBe(200);
    expect(published.body.event).toMatchObject({ status: 'published', url: `/en/events/${event.slug}-${event.id}` });
    const again = await call('POST', `/organizer/events/${event.id}/publish`, a.owner.token, {});
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('event_transition');
  });

  it('schedules a publication that a job carries out, unless the event went back to draft', async () => {
    const { services } = t();
    const publishAt = new Date(Date.now() + 3_600_000).toISOString();
    const event = await create(a);
    const scheduled = await call('POST', `/organizer/events/${event.id}/publish`, a.owner.token, { publish_at: publishAt });
    expect(scheduled.body.event).toMatchObject({ status: 'scheduled', publish_at: publishAt });
    expect((await pub(`/events/${event.id}`)).status).toBe(404);

    const withdrawn = await create(a);
    await call('POST', `/organizer/events/${withdrawn.id}/publish`, a.owner.token, { publish_at: publishAt });
    expect((await call('POST', `/organizer/events/${withdrawn.id}/unpublish`, a.owner.token)).body.event.status).toBe('draft');

    await services.database.db.execute(sql`UPDATE events SET publish_at = now() - interval '1 second' WHERE id IN (${event.id}, ${withdrawn.id})`);
    await services.database.db.execute(
      sql`UPDATE jobs SET payload = jsonb_set(payload, '{publish_at}', to_jsonb((SELECT to_char(publish_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') FROM events WHERE id = (payload->>'event_id')::bigint))) WHERE type = 'event.publish'`,
    );
    await makeJobsDue(services);
    await drainJobs(services);
    expect((await call('GET', `/organizer/events/${event.id}`, a.owner.token)).body.event.status).toBe('published');
    expect((await call('GET', `/organizer/events/${withdrawn.id}`, a.owner.token)).body.event.status).toBe('draft');
    expect((await pub(`/events/${event.id}`)).status).toBe(200);
  });

  it('sends an organizer that is not trusted to the review queue', async () => {
    const untrusted = await createOrganizerFixture(t().services, { trusted: false });
    const event = await create(untrusted);
    const answer = await call('POST', `/organizer/events/${event.id}/publish`, untrusted.owner.token, {});
    expect(answer.body.event.status).toBe('pending_review');
  });

  it('shows an edit of a published event on its public page at once, and keeps the change in the history', async () => {
    const event = await create(a);
    await call('POST', `/organizer/events/${event.id}/publish`, a.owner.token, {});
    expect((await pub<{ title: string }>(`/events/${event.id}`, 'sr')).body.title).toBe(event.title.sr);
    const edited = await call('PATCH', `/organizer/events/${event.id}`, a.owner.token, { title: { sr: 'Novi naslov', en: 'New title' }, source_locale: 'sr' });
    expect(edited.status).toBe(200);
    expect(edited.body.event.slug).toBe(event.slug);
    expect((await pub<{ title: string }>(`/events/${event.id}`, 'sr')).body.title).toBe('Novi naslov');
    const history = (await t().services.database.db.execute(
      sql`SELECT changes FROM event_history WHERE event_id = ${event.id} AND action = 'edited'`,
    )) as unknown as Rows<{ changes: Record<string, { from: unknown; to: unknown }> }>;
    expect(history.rows[0]!.changes.title).toEqual({ from: event.title, to: { sr: 'Novi naslov', en: 'New title' } });
    const noTitle = await call('PATCH', `/organizer/events/${event.id}`, a.owner.token, { source_locale: 'uk' });
    expect(noTitle.status).toBe(400);
  });

  it('moves a published event to a new date, keeps the first date and tells every holder in their notifications', async () => {
    const { services } = t();
    const event = await create(a, { reservation: { mode: 'instant', capacity: 5 } });
    await call('POST', `/organizer/events/${event.id}/publish`, a.owner.token, {});
    const guest = await createUser(services);
    const reserved = await t().json<Reservation>('POST', `${API}/reservations`, { token: guest.token, body: { event_id: event.id, party_size: 2 } });
    expect(reserved.status).toBe(201);
    await drainJobs(services);
    const startsAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const moved = await call('POST', `/organizer/events/${event.id}/postpone`, a.owner.token, { starts_at: startsAt, message: 'The band is ill.' });
    expect(moved.status).toBe(200);
    expect(moved.body.event).toMatchObject({ status: 'rescheduled', starts_at: startsAt, date_tba: false });
    const row = (await services.database.db.execute(sql`SELECT previous_starts_at FROM events WHERE id = ${event.id}`)) as unknown as Rows<{ previous_starts_at: string | Date }>;
    expect(new Date(row.rows[0]!.previous_starts_at).toISOString()).toBe(event.starts_at);
    await drainJobs(services);
    const bell = await t().json<NotificationList>('GET', `${API}/notifications`, { token: guest.token, headers: en });
    expect(bell.body.items[0]).toMatchObject({ title: 'Event moved to a new date', reservation_id: reserved.body.id });
    expect(bell.body.items[0]!.body).toContain('The band is ill.');

    const tba = await call('POST', `/organizer/events/${event.id}/postpone`, a.owner.token, { date_tba: true });
    expect(tba.body.event).toMatchObject({ status: 'postponed', date_tba: true });
    await drainJobs(services);
    const later = await t().json<NotificationList>('GET', `${API}/notifications`, { token: guest.token, headers: en });
    expect(later.body.items[0]!.title).toBe('Event postponed');
    const draft = await create(a);
    expect((await call('POST', `/organizer/events/${draft.id}/postpone`, a.owner.token, { date_tba: true })).status).toBe(409);
  });

  it('duplicates an event as a new draft, the end shifted with the start, copying only what was chosen', async () => {
    const event = await create(a);
    const startsAt = new Date(Date.now() + 40 * 86_400_000).toISOString();
    const answer = await call('POST', `/organizer/events/${event.id}/duplicate`, a.owner.token, {
      starts_at: startsAt,
      copy: { tags: false, reservation: true, performers: false },
    });
    expect(answer.status).toBe(201);
    const copy = answer.body.event;
    expect(copy.id).not.toBe(event.id);
    expect(copy).toMatchObject({ status: 'draft', starts_at: startsAt, tag_ids: [], performers: [], title: event.title, reservation: event.reservation });
    expect(Date.parse(copy.ends_at!) - Date.parse(copy.starts_at)).toBe(Date.parse(event.ends_at!) - Date.parse(event.starts_at));
  });

  it('repeats a published event weekly as real published events at 20:00 Belgrade time across the clock change', async () => {
    const { services } = t();
    const { date, before, after } = fridaysAcrossNextClockChange();
    const event = await create(a, { starts_at: `${date(0)}T20:00:00${before}`, ends_at: `${date(0)}T23:00:00${before}` });
    await call('POST', `/organizer/events/${event.id}/publish`, a.owner.token, {});
    const answer = await t().json<{ series: { id: number; rrule: string; exdates: string[] }; events: OrganizerEvent[] } & Problem>(
      'POST',
      `${API}/organizer/series`,
      { token: a.manager.token, body: { event_id: event.id, rrule: 'FREQ=WEEKLY;COUNT=4', exdates: [date(2)] } },
    );
    expect(answer.status).toBe(201);
    expect(answer.body.series).toMatchObject({ rrule: 'FREQ=WEEKLY;COUNT=4', exdates: [date(2)] });
    expect(answer.body.events.map((item) => toZonedIso(new Date(item.starts_at), 'Europe/Belgrade'))).toEqual([
      `${date(1)}T20:00:00${before}`,
      `${date(3)}T20:00:00${after}`,
    ]);
    expect(answer.body.events.every((item) => item.status === 'published' && item.series_id === answer.body.series.id)).toBe(true);
    expect(answer.body.events[0]!.reservation).toMatchObject({ capacity: 12, mode: 'approval' });
    expect((await pub(`/events/${answer.body.events[1]!.id}`)).status).toBe(200);
    const again = await t().json<Problem>('POST', `${API}/organizer/series`, { token: a.owner.token, body: { event_id: event.id, rrule: 'FREQ=WEEKLY;COUNT=2' } });
    expect(again.status).toBe(409);
    const unreadable = await t().json<Problem>('POST', `${API}/organizer/series`, { token: a.owner.token, body: { event_id: (await create(a)).id, rrule: 'FREQ=SOMETIMES' } });
    expect(unreadable.status).toBe(400);
    void services;
  });

  describe('who may do what', () => {
    it('answers a guest 401, a signed-in non-member 403 and a member of another organizer 404', async () => {
      const event = await create(a);
      const guest = await t().guestToken();
      const stranger = await createUser(t().services);
      for (const [method, path, body] of [
        ['GET', '/organizer/events', undefined],
        ['POST', '/organizer/events', eventBody(a)],
        ['GET', `/organizer/events/${event.id}`, undefined],
        ['PATCH', `/organizer/events/${event.id}`, { summary: { sr: 'x' } }],
        ['POST', `/organizer/events/${event.id}/publish`, {}],
      ] as const) {
        expect((await call(method, path, guest, body)).status, `${method} ${path} as a guest`).toBe(401);
        const asStranger = await call(method, path, stranger.token, body);
        expect(asStranger.status, `${method} ${path} as a stranger`).toBe(403);
        expect(asStranger.body.code).toBe('organizer_required');
      }
      for (const [method, path, body] of [
        ['GET', `/organizer/events/${event.id}`, undefined],
        ['PATCH', `/organizer/events/${event.id}`, { summary: { sr: 'x' } }],
        ['POST', `/organizer/events/${event.id}/publish`, {}],
        ['POST', `/organizer/events/${event.id}/postpone`, { date_tba: true }],
        ['POST', `/organizer/events/${event.id}/duplicate`, { starts_at: event.starts_at }],
        ['POST', '/organizer/series', { event_id: event.id, rrule: 'FREQ=WEEKLY;COUNT=2' }],
      ] as const) {
        expect((await call(method, path, b.owner.token, body)).status, `${method} ${path} for another organizer`).toBe(404);
      }
    });

    it('lets the door role write nothing and read nothing, the viewer read only, the manager and owner write', async () => {
      const event = await create(a);
      const edit = { summary: { sr: 'Kratko' } };
      const asDoor = await call('PATCH', `/organizer/events/${event.id}`, a.door.token, edit);
      expect(asDoor.status).toBe(403);
      expect(asDoor.body.code).toBe('organizer_role_required');
      expect((await call('POST', '/organizer/events', a.door.token, eventBody(a))).status).toBe(403);
      expect((await call('GET', `/organizer/events/${event.id}`, a.door.token)).status).toBe(403);
      expect((await call('GET', `/organizer/events/${event.id}`, a.viewer.token)).status).toBe(200);
      expect((await call('GET', '/organizer/events', a.viewer.token)).status).toBe(200);
      expect((await call('PATCH', `/organizer/events/${event.id}`, a.viewer.token, edit)).status).toBe(403);
      expect((await call('POST', '/organizer/events', a.viewer.token, eventBody(a))).status).toBe(403);
      expect((await call('PATCH', `/organizer/events/${event.id}`, a.manager.token, edit)).status).toBe(200);
      expect((await call('PATCH', `/organizer/events/${event.id}`, a.owner.token, edit)).status).toBe(200);
      expect((await call('POST', `/organizer/events/${event.id}/duplicate`, a.manager.token, { starts_at: event.starts_at })).status).toBe(201);
    });
  });
});
