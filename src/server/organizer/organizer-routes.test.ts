import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '../../shared/schemas/problem';
import type {
  NotificationList,
  OrganizerEvent,
  OrganizerReservation,
  OrganizerReservationList,
  Reservation,
} from '../../shared/schemas/reservations';
import { describeApi } from '../../../tests/support/test-app';
import { createEvent, createOrganizer, createUser, drainJobs, type TestUser } from '../reservations/reservations-fixtures';
import { latestCode, PASSWORD, registerAndSignIn, uniquePhone } from '../users/users-test-kit';

const API = '/api/v1';
const en = { 'accept-language': 'en' };
/** A decision answer: the reservation, or a problem (same `code` and `status` names, other types). */
type Answer = OrganizerReservation & Omit<Problem, 'code' | 'status'> & { code: string | null };

describeApi(
  'organizer: reservations of their own events',
  (t) => {
    let organizer: TestUser;
    let rival: TestUser;
    let admin: TestUser;
    let ownOrganizer: number;
    let ownEvent: number;
    let rivalEvent: number;

    const reserve = async (eventId: number, partySize = 1) => {
      const guest = await createUser(t().services);
      const { body } = await t().json<Reservation>('POST', `${API}/reservations`, {
        token: guest.token,
        body: { event_id: eventId, party_size: partySize },
      });
      return { guest, reservation: body };
    };
    const decide = (token: string, id: number, body: unknown, headers: Record<string, string> = en) =>
      t().json<Answer>('POST', `${API}/organizer/reservations/${id}/decision`, { token, body, headers });
    const list = (token: string, query = '') =>
      t().json<OrganizerReservationList & Problem>('GET', `${API}/organizer/reservations${query}`, { token, headers: en });

    beforeAll(async () => {
      const { services } = t();
      organizer = await createUser(services, { role: 'organizer' });
      rival = await createUser(services, { role: 'organizer' });
      admin = await createUser(services, { role: 'admin' });
      ownOrganizer = await createOrganizer(services, [organizer.id]);
      const other = await createOrganizer(services, [rival.id]);
      ownEvent = await createEvent(services, { organizerId: ownOrganizer, capacity: 6, mode: 'approval' });
      rivalEvent = await createEvent(services, { organizerId: other, capacity: 6, mode: 'approval' });
    });

    it('lists reservations of own events only, with counts per status and capacity per event', async () => {
      const a = await reserve(ownEvent, 2);
      const b = await reserve(ownEvent, 3);
      const rivals = await reserve(rivalEvent, 1);
      const { status, body } = await list(organizer.token);
      expect(status).toBe(200);
      const ids = body.items.map((item) => item.id);
      expect(ids).toEqual(expect.arrayContaining([a.reservation.id, b.reservation.id]));
      expect(ids).not.toContain(rivals.reservation.id);
      expect(body.counts).toMatchObject({ pending: 2, accepted: 0, waitlisted: 0 });
      expect(body.capacity).toEqual([
        expect.objectContaining({ event_id: ownEvent, capacity: 6, taken: 5, remaining: 1, waitlisted: 0, waitlisted_people: 0, mode: 'approval' }),
      ]);
      const item = body.items.find((entry) => entry.id === b.reservation.id)!;
      expect(item).toMatchObject({
        status: 'pending',
        party_size: 3,
        guest: { first_name: 'Ana', last_name: 'Test', email: b.guest.email, deleted: false },
        allowed_decisions: ['accepted', 'rejected', 'action_needed', 'cancelled'],
      });
      expect(item.event.title).toMatch(/^Concert /);
    });

    it('counts parties waiting, and separately the people in them', async () => {
      const { services } = t();
      const event = await createEvent(services, { organizerId: await createOrganizer(services, [organizer.id]), capacity: 2, mode: 'instant' });
      await reserve(event, 2);
      const waiting = [await reserve(event, 3), await reserve(event, 2)];
      expect(waiting.map((party) => party.reservation.status)).toEqual(['waitlisted', 'waitlisted']);
      const { body } = await list(organizer.token, `?event_id=${event}`);
      expect(body.counts.waitlisted).toBe(2);
      expect(body.capacity).toEqual([expect.objectContaining({ event_id: event, taken: 2, remaining: 0, waitlisted: 2, waitlisted_people: 5 })]);
      const events = await t().json<{ items: OrganizerEvent[] }>('GET', `${API}/organizer/events`, { token: organizer.token, headers: en });
      expect(events.body.items.find((item) => item.event_id === event)).toMatchObject({ waitlisted: 2, waitlisted_people: 5 });
    });

    it('filters by status and event; an event of someone else is not found', async () => {
      const { body } = await list(organizer.token, `?status=pending&event_id=${ownEvent}`);
      expect(body.items.every((item) => item.status === 'pending' && item.event.id === ownEvent)).toBe(true);
      const foreign = await list(organizer.token, `?event_id=${rivalEvent}`);
      expect(foreign.status).toBe(404);
      expect(foreign.body.code).toBe('event_not_found');
      expect((await list(organizer.token, '?status=unknown')).status).toBe(400);
    });

    it('accepts, rejects and asks for action with a message; every change is in the trail', async () => {
      const a = await reserve(ownEvent, 1);
      const accepted = await decide(organizer.token, a.reservation.id, { status: 'accepted' });
      expect(accepted.status).toBe(200);
      // Once accepted, the venue can only cancel (with a message).
      expect(accepted.body).toMatchObject({ status: 'accepted', allowed_decisions: ['cancelled'] });
      expect(accepted.body.code).toBeTruthy();
      expect(accepted.body.history.at(-1)).toMatchObject({ from: 'pending', to: 'accepted', by: 'venue' });
      // The guest sees it too.
      const seen = await t().json<Reservation>('GET', `${API}/reservations/${a.reservation.id}`, { token: a.guest.token });
      expect(seen.body).toMatchObject({ status: 'accepted', code: accepted.body.code });
    });

    it('requires a message to ask for action (422 with a field error), then the guest answers and the venue decides', async () => {
      const { services } = t();
      const event = await createEvent(services, { organizerId: await createOrganizer(services, [organizer.id]), capacity: 4, mode: 'approval' });
      const a = await reserve(event, 2);
      const missing = await decide(organizer.token, a.reservation.id, { status: 'action_needed' });
      expect(missing.status).toBe(422);
      expect(missing.body).toMatchObject({ code: 'validation_failed', errors: { message: ['This field is required.'] } });
      expect((await decide(organizer.token, a.reservation.id, { status: 'waitlisted' })).status).toBe(400);
      expect((await decide(organizer.token, a.reservation.id, { status: 'accepted', extra: true })).status).toBe(400);

      const asked = await decide(organizer.token, a.reservation.id, { status: 'action_needed', message: 'Please send your ages.' });
      expect(asked.body).toMatchObject({ status: 'action_needed', allowed_decisions: ['accepted', 'rejected', 'cancelled'] });
      const again = await decide(organizer.token, a.reservation.id, { status: 'action_needed', message: 'Again?' });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'invalid_transition', detail: 'This reservation cannot be changed this way in its current status.' });
      await t().json('POST', `${API}/reservations/${a.reservation.id}/respond`, { token: a.guest.token, body: { message: '25 and 27' } });
      const rejected = await decide(organizer.token, a.reservation.id, { status: 'rejected', message: 'Sorry, full house.' });
      expect(rejected.body.status).toBe('rejected');
      expect(rejected.body.history.map((entry) => `${entry.from}>${entry.to}:${entry.by}`)).toEqual([
        'null>pending:guest',
        'pending>action_needed:venue',
        'action_needed>pending:guest',
        'pending>rejected:venue',
      ]);
      const final = await decide(organizer.token, a.reservation.id, { status: 'accepted' }, { 'accept-language': 'ru' });
      expect(final.status).toBe(409);
      expect(final.body.detail).toBe('В текущем статусе это бронирование нельзя изменить таким образом.');
    });

    it('a rejection frees places for the waitlist; a waitlisted request can be rejected but not accepted', async () => {
      const { services } = t();
      const event = await createEvent(services, { organizerId: await createOrganizer(services, [organizer.id]), capacity: 2, mode: 'approval' });
      const holder = await reserve(event, 2);
      const first = await reserve(event, 2);
      const second = await reserve(event, 1);
      expect([first.reservation.status, second.reservation.status]).toEqual(['waitlisted', 'waitlisted']);
      const refused = await decide(organizer.token, first.reservation.id, { status: 'accepted' });
      expect(refused.status).toBe(409);
      await decide(organizer.token, holder.reservation.id, { status: 'rejected' });
      const promoted = await t().json<Reservation>('GET', `${API}/reservations/${first.reservation.id}`, { token: first.guest.token });
      expect(promoted.body.status).toBe('pending');
      const dropped = await decide(organizer.token, second.reservation.id, { status: 'rejected', message: 'No more places.' });
      expect(dropped.body.status).toBe('rejected');
      const { body } = await list(organizer.token, `?event_id=${event}`);
      expect(body.counts).toMatchObject({ pending: 1, rejected: 2, waitlisted: 0 });
      expect(body.capacity[0]).toMatchObject({ taken: 2, remaining: 0 });
    });

    it('covers the remaining moves over HTTP: action_needed → accepted / cancelled, and refuses moves not in the table', async () => {
      const { services } = t();
      const event = await createEvent(services, { organizerId: await createOrganizer(services, [organizer.id]), capacity: 10, mode: 'approval' });
      const ask = (id: number) => decide(organizer.token, id, { status: 'action_needed', message: 'Which table?' });
      const guestAction = (who: TestUser, id: number, name: string, body: unknown = {}) =>
        t().json<Answer>('POST', `${API}/reservations/${id}/${name}`, { token: who.token, body, headers: en });

      const a = await reserve(event);
      await ask(a.reservation.id);
      const accepted = await decide(organizer.token, a.reservation.id, { status: 'accepted', message: 'Table 4 is yours.' });
      expect(accepted.body).toMatchObject({ status: 'accepted' });
      expect(accepted.body.history.at(-1)).toMatchObject({ from: 'action_needed', to: 'accepted', message: 'Table 4 is yours.' });
      // Accepted: the venue cannot reject any more, the guest cannot answer or re-open.
      expect((await decide(organizer.token, a.reservation.id, { status: 'rejected' })).status).toBe(409);
      expect((await guestAction(a.guest, a.reservation.id, 'respond', { message: 'hi' })).body.code).toBe('invalid_transition');

      const b = await reserve(event);
      await ask(b.reservation.id);
      const cancelled = await guestAction(b.guest, b.reservation.id, 'cancel');
      expect(cancelled.body.history.at(-1)).toMatchObject({ from: 'action_needed', to: 'cancelled', by: 'guest' });
      // Final: nothing moves a cancelled or rejected reservation.
      for (const status of ['accepted', 'rejected', 'action_needed'] as const) {
        const answer = await decide(organizer.token, b.reservation.id, status === 'action_needed' ? { status, message: 'x' } : { status });
        expect(answer.status).toBe(409);
      }
      expect((await guestAction(b.guest, b.reservation.id, 'cancel')).status).toBe(409);
      expect((await guestAction(b.guest, b.reservation.id, 'confirm')).status).toBe(409);

      // "I'm coming" once the event has started is refused.
      const c = await reserve(event);
      await decide(organizer.token, c.reservation.id, { status: 'accepted' });
      await services.database.db.execute(sql`UPDATE events SET starts_at = now() - interval '5 minutes' WHERE id = ${event}`);
      const late = await guestAction(c.guest, c.reservation.id, 'confirm');
      expect(late.status).toBe(409);
      expect(late.body.code).toBe('event_started');
    });

    it('refuses decisions on another organizer’s reservations with 404 (existence not leaked)', async () => {
      const foreign = await reserve(rivalEvent, 1);
      const answer = await decide(organizer.token, foreign.reservation.id, { status: 'accepted' });
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe('reservation_not_found');
      expect((await decide(organizer.token, 987_654_321, { status: 'accepted' })).body.code).toBe('reservation_not_found');
      const own = await t().json<Reservation>('GET', `${API}/reservations/${foreign.reservation.id}`, { token: foreign.guest.token });
      expect(own.body.status).toBe('pending');
      // The rival organizer may.
      expect((await decide(rival.token, foreign.reservation.id, { status: 'accepted' })).status).toBe(200);
    });

    it('lets an admin see and decide on any event', async () => {
      const foreign = await reserve(rivalEvent, 1);
      const { body } = await list(admin.token, `?event_id=${rivalEvent}`);
      expect(body.items.map((item) => item.id)).toContain(foreign.reservation.id);
      expect((await decide(admin.token, foreign.reservation.id, { status: 'rejected' })).body.status).toBe('rejected');
    });

    it('refuses plain users (403 organizer_required) and guests (401)', async () => {
      const user = await createUser(t().services);
      const guest = await t().guestToken();
      const asUser = await list(user.token);
      expect(asUser.status).toBe(403);
      expect(asUser.body.code).toBe('organizer_required');
      expect((await t().json('GET', `${API}/organizer/events`, { token: user.token })).status).toBe(403);
      const someone = await reserve(ownEvent, 1);
      expect((await decide(user.token, someone.reservation.id, { status: 'accepted' })).status).toBe(403);
      expect((await decide(someone.guest.token, someone.reservation.id, { status: 'accepted' })).status).toBe(403);
      expect((await list(guest)).status).toBe(401);
      expect((await t().json('GET', `${API}/organizer/events`, { token: guest })).status).toBe(401);
      expect((await decide(guest, someone.reservation.id, { status: 'accepted' })).status).toBe(401);
    });

    it('shows a guest who deleted their account anonymised, without their words; their open place goes to the waitlist', async () => {
      const { services } = t();
      const event = await createEvent(services, { organizerId: ownOrganizer, capacity: 2, mode: 'approval' });
      const past = await createEvent(services, { organizerId: ownOrganizer, capacity: 4, mode: 'instant' });

      // A real account: registered, signed in and made eligible through the API.
      const leaving = await registerAndSignIn(t);
      const phone = uniquePhone();
      const token = leaving.access_token;
      expect((await t().json('POST', `${API}/users/add_additional_information`, { token, body: { name: 'Mila', last_name: 'Odlazi', phone_number: phone.e164 } })).status).toBe(202);
      await drainJobs(services); // earlier tests' notices are queued ahead of the SMS
      expect((await t().json('POST', `${API}/users/verify_phone`, { token, body: { code: await latestCode(t, phone.e164) } })).status).toBe(200);

      const note = 'Call me on my private number, Mila';
      const answer = 'Near the window please, it is my birthday';
      const mine = await t().json<Reservation>('POST', `${API}/reservations`, { token, body: { event_id: event, party_size: 2, note } });
      expect(mine.body.status).toBe('pending');
      const earlier = await t().json<Reservation>('POST', `${API}/reservations`, { token, body: { event_id: past, party_size: 1, note } });
      expect(earlier.body.status).toBe('accepted');
      const waiting = await reserve(event, 1);
      expect(waiting.reservation.status).toBe('waitlisted');
      expect((await decide(organizer.token, mine.body.id, { status: 'action_needed', message: 'Which table would you like?' })).status).toBe(200);
      expect((await t().json('POST', `${API}/reservations/${mine.body.id}/respond`, { token, body: { message: answer } })).status).toBe(200);
      // The other event has started meanwhile: its reservation is history, not something to cancel.
      await services.database.db.execute(sql`UPDATE events SET starts_at = now() - interval '1 hour' WHERE id = ${past}`);
      await drainJobs(services);
      const before = await t().json<NotificationList>('GET', `${API}/notifications`, { token: organizer.token, headers: en });
      expect(JSON.stringify(before.body)).toContain(answer);

      const deleted = await t().json('POST', `${API}/users/request_user_deletion`, { token, body: { password: PASSWORD } });
      expect(deleted.status).toBe(202);
      await drainJobs(services);

      const { body } = await list(organizer.token, `?event_id=${event}`);
      const gone = body.items.find((item) => item.id === mine.body.id)!;
      expect(gone.guest).toEqual({ first_name: null, last_name: null, email: null, phone_number: null, deleted: true });
      expect(gone.status).toBe('cancelled');
      expect(gone.note).toBeNull();
      expect(gone.history.at(-1)).toMatchObject({ from: 'pending', to: 'cancelled', by: 'guest', message: null });
      // The venue's own question stays; the guest's answer is gone.
      expect(gone.history.map((entry) => entry.message)).toEqual([null, 'Which table would you like?', null, null]);
      // The freed places went to the waitlist (approval mode: back to the venue for review).
      expect(body.items.find((item) => item.id === waiting.reservation.id)?.status).toBe('pending');

      const started = (await list(organizer.token, `?event_id=${past}`)).body.items.find((item) => item.id === earlier.body.id)!;
      expect(started).toMatchObject({ status: 'accepted', note: null, guest: { deleted: true } });

      const everywhere = JSON.stringify([body, started, (await t().json('GET', `${API}/notifications`, { token: organizer.token, headers: en })).body]);
      expect(everywhere).not.toContain(note);
      expect(everywhere).not.toContain(answer);
      expect(everywhere).not.toContain(leaving.email);
      const own = (await services.database.db.execute(sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${leaving.user.id}`)) as unknown as {
        rows: { n: number }[];
      };
      expect(own.rows[0]?.n).toBe(0);
    });

    describe('GET /organizer/events', () => {
      it('lists own upcoming reservable events with capacity, taken, remaining and counts', async () => {
        const { status, body } = await t().json<{ items: OrganizerEvent[] }>('GET', `${API}/organizer/events`, {
          token: organizer.token,
          headers: en,
        });
        expect(status).toBe(200);
        const own = body.items.find((item) => item.event_id === ownEvent)!;
        expect(own).toMatchObject({ capacity: 6, mode: 'approval', party_min: 1, party_max: 8, time_zone: 'Europe/Belgrade' });
        expect(own.remaining).toBe(own.capacity - own.taken);
        expect(own.counts.pending + own.counts.accepted + own.counts.action_needed).toBeGreaterThan(0);
        expect(body.items.some((item) => item.event_id === rivalEvent)).toBe(false);
      });

      it('lists every event of the organizer, the reservations board\'s fields only on reservable ones', async () => {
        const { services } = t();
        const talk = await createEvent(services, { organizerId: ownOrganizer, reservable: false, startsInHours: -48 });
        const { body } = await t().json<{ items: (Partial<OrganizerEvent> & { id: number; status: string })[] }>('GET', `${API}/organizer/events`, {
          token: organizer.token,
          headers: en,
        });
        const item = body.items.find((entry) => entry.id === talk)!;
        expect(item).toMatchObject({ event_id: talk, status: 'published', reservation: null });
        expect(item.capacity).toBeUndefined();
        expect(body.items.find((entry) => entry.id === ownEvent)?.capacity).toBe(6);
      });
    });
  },
  { env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'kuda-organizer-')) } },
);
