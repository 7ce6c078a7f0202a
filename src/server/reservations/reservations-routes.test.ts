import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Problem } from '../../shared/schemas/problem';
import type { Reservation, ReservationList, ReservationOptions } from '../../shared/schemas/reservations';
import { describeApi } from '../../../tests/support/test-app';
import { createEvent, createUser, drainJobs } from './reservations-fixtures';

const API = '/api/v1';
const en = { 'accept-language': 'en' };
/** A reservation answer or a problem (same `code` and `status` names, other types). */
type Answer = Reservation & Omit<Problem, 'code' | 'status'> & { code: string | null };

describeApi(
  'reservations: guest side',
  (t) => {
    const reserve = (token: string, body: unknown, headers: Record<string, string> = en) =>
      t().json<Answer>('POST', `${API}/reservations`, { token, body, headers });
    const get = (token: string, id: number) => t().json<Answer>('GET', `${API}/reservations/${id}`, { token, headers: en });
    const action = (token: string, id: number, name: 'cancel' | 'respond' | 'confirm', body: unknown = {}) =>
      t().json<Answer>('POST', `${API}/reservations/${id}/${name}`, { token, body, headers: en });

    describe('POST /reservations', () => {
      it('accepts at once on an instant event, with a short door code and the history', async () => {
        const user = await createUser(t().services);
        const eventId = await createEvent(t().services, { capacity: 10, mode: 'instant' });
        const { status, body } = await reserve(user.token, { event_id: eventId, party_size: 2, note: 'Near the stage, please' });
        expect(status).toBe(201);
        expect(body.status).toBe('accepted');
        expect(body.code).toMatch(/^[34679ACDEFGHJKMNPQRTUVWXY]{7}$/);
        expect(body.party_size).toBe(2);
        expect(body.note).toBe('Near the stage, please');
        expect(body.event).toMatchObject({ id: eventId, venue_name: 'Dom omladine', time_zone: 'Europe/Belgrade' });
        expect(body.event.title).toMatch(/^Concert /);
        expect(body.history).toEqual([expect.objectContaining({ from: null, to: 'accepted', by: 'guest', message: null })]);
        expect(body).toMatchObject({ can_cancel: true, can_respond: false, can_confirm: true, waitlist_position: null });
      });

      it('holds places as pending on an approval event, without a code', async () => {
        const user = await createUser(t().services);
        const eventId = await createEvent(t().services, { capacity: 10, mode: 'approval' });
        const { status, body } = await reserve(user.token, { event_id: eventId, party_size: 3 });
        expect(status).toBe(201);
        expect(body.status).toBe('pending');
        expect(body.code).toBeNull();
        expect(body.note).toBeNull();
      });

      it('waitlists when the party does not fit, with a position in line', async () => {
        const eventId = await createEvent(t().services, { capacity: 4, mode: 'instant' });
        const first = await createUser(t().services);
        const second = await createUser(t().services);
        const third = await createUser(t().services);
        const held = await reserve(first.token, { event_id: eventId, party_size: 3 });
        expect(held.body).toMatchObject({ status: 'accepted', others_waiting: false });
        const waiting = await reserve(second.token, { event_id: eventId, party_size: 2 });
        expect(waiting.status).toBe(201);
        // Nobody else waits: the guest's own place in line does not count.
        expect(waiting.body).toMatchObject({ status: 'waitlisted', waitlist_position: 1, code: null, others_waiting: false });
        // The guest holding places now sees that someone waits for them (the cancel dialog says so).
        expect((await get(first.token, held.body.id)).body.others_waiting).toBe(true);
        // One place left: a party of one still fits.
        expect((await reserve(third.token, { event_id: eventId, party_size: 1 })).body.status).toBe('accepted');
      });

      it('refuses a second active reservation for the same event (409 already_reserved)', async () => {
        const user = await createUser(t().services);
        const eventId = await createEvent(t().services);
        expect((await reserve(user.token, { event_id: eventId, party_size: 1 })).status).toBe(201);
        const again = await reserve(user.token, { event_id: eventId, party_size: 1 });
        expect(again.status).toBe(409);
        expect(again.body.code).toBe('already_reserved');
        expect(again.headers.get('content-type')).toContain('application/problem+json');
      });

      it('refuses a party outside the event limits, in the request language', async () => {
        const user = await createUser(t().services);
        const eventId = await createEvent(t().services, { partyMin: 2, partyMax: 4 });
        const large = await reserve(user.token, { event_id: eventId, party_size: 5 });
        expect(large.status).toBe(422);
        expect(large.body).toMatchObject({ code: 'party_too_large', detail: 'At most 4 people can be in one reservation for this event.' });
        const small = await reserve(user.token, { event_id: eventId, party_size: 1 }, { 'accept-language': 'sr' });
        expect(small.status).toBe(422);
        expect(small.body.code).toBe('party_too_small');
        expect(small.body.detail).toBe('Najmanji broj osoba u jednoj rezervaciji za ovaj događaj je 2.');
      });

      it('refuses a user who is not eligible (403 not_eligible, with what is missing)', async () => {
        const user = await createUser(t().services, { eligible: false });
        const eventId = await createEvent(t().services);
        const { status, body } = await reserve(user.token, { event_id: eventId, party_size: 1 });
        expect(status).toBe(403);
        expect(body.code).toBe('not_eligible');
        expect(body.errors?.missing).toEqual(expect.arrayContaining(['first_name', 'phone']));
      });

      it('refuses closed, past-deadline, unreservable and unknown events', async () => {
        const user = await createUser(t().services);
        const cancelled = await createEvent(t().services, { status: 'cancelled' });
        const soon = await createEvent(t().services, { startsInHours: 1 });
        const custom = await createEvent(t().services, { startsInHours: 48, deadlineInHours: -1 });
        const plain = await createEvent(t().services, { reservable: false });
        const hidden = await createEvent(t().services, { published: false });
        const cases: [number, number, string][] = [
          [cancelled, 409, 'event_closed'],
          [soon, 409, 'reservation_deadline_passed'],
          [custom, 409, 'reservation_deadline_passed'],
          [plain, 409, 'not_reservable'],
          [hidden, 404, 'event_not_found'],
          [987_654_321, 404, 'event_not_found'],
        ];
        for (const [eventId, status, code] of cases) {
          const answer = await reserve(user.token, { event_id: eventId, party_size: 1 });
          expect({ eventId, status: answer.status, code: answer.body.code }).toEqual({ eventId, status, code });
          expect(answer.body.detail).toBeTruthy();
        }
      });

      it('refuses once the event has started, whatever its deadline says', async () => {
        const user = await createUser(t().services);
        // A deadline written after the start (possible: the event was moved earlier) does not keep it open.
        const started = await createEvent(t().services, { startsInHours: -1, deadlineInHours: 5 });
        const startedPlain = await createEvent(t().services, { startsInHours: -1 });
        for (const eventId of [started, startedPlain]) {
          const answer = await reserve(user.token, { event_id: eventId, party_size: 1 });
          expect({ eventId, status: answer.status, code: answer.body.code }).toEqual({ eventId, status: 409, code: 'event_started' });
          expect(answer.body.detail).toBe('The event has already started.');
          const options = await t().json<ReservationOptions>('GET', `${API}/reservations/options?event_id=${eventId}`, { token: user.token });
          expect(options.body).toMatchObject({ open: false, closed_reason: 'event_started' });
        }
      });

      it('caps a deadline set after the start at the start, for reserving and for cancelling', async () => {
        const user = await createUser(t().services);
        const eventId = await createEvent(t().services, { startsInHours: 3, deadlineInHours: 10 });
        const event = await t().json<{ starts_at: string }>('GET', `${API}/events/${eventId}`, { token: user.token });
        const startsAt = Date.parse(event.body.starts_at);
        const options = await t().json<ReservationOptions>('GET', `${API}/reservations/options?event_id=${eventId}`, { token: user.token });
        expect(options.body.open).toBe(true);
        expect(Date.parse(options.body.deadline)).toBe(startsAt);
        const made = await reserve(user.token, { event_id: eventId, party_size: 1 });
        expect(made.status).toBe(201);
        expect(Date.parse(made.body.deadline)).toBe(startsAt);
        expect(made.body.can_cancel).toBe(true);
        // Once the event has begun, the guest can no longer cancel, although the stored deadline is later.
        await t().services.database.db.execute(sql`UPDATE events SET starts_at = now() - interval '1 minute' WHERE id = ${eventId}`);
        const late = await t().json<Answer>('POST', `${API}/reservations/${made.body.id}/cancel`, { token: user.token });
        expect(late.status).toBe(409);
        expect(late.body.code).toBe('reservation_deadline_passed');
      });

      it('validates the body with per-field errors', async () => {
        const user = await createUser(t().services);
        const { status, body } = await reserve(user.token, { event_id: 'x', party_size: 0, note: 'n'.repeat(501), extra: 1 });
        expect(status).toBe(400);
        expect(body.code).toBe('validation_failed');
        expect(Object.keys(body.errors ?? {})).toEqual(expect.arrayContaining(['event_id', 'party_size', 'note']));
      });

      it('answers 401 to a guest token and to no token', async () => {
        const eventId = await createEvent(t().services);
        const guest = await t().guestToken();
        const asGuest = await reserve(guest, { event_id: eventId, party_size: 1 });
        expect(asGuest.status).toBe(401);
        expect(asGuest.body.code).toBe('user_required');
        const anonymous = await t().json<Problem>('POST', `${API}/reservations`, { body: { event_id: eventId, party_size: 1 } });
        expect(anonymous.status).toBe(401);
        for (const path of ['/reservations', '/reservations/1', '/notifications']) {
          expect((await t().json('GET', `${API}${path}`, { token: guest })).status).toBe(401);
        }
        for (const path of ['/reservations/1/cancel', '/reservations/1/confirm', '/notifications/read']) {
          expect((await t().json('POST', `${API}${path}`, { token: guest, body: {} })).status).toBe(401);
        }
        expect((await t().json('POST', `${API}/reservations/1/respond`, { token: guest, body: { message: 'hi' } })).status).toBe(401);
      });
    });

    describe('rate limit', () => {
      it('limits reservation requests per user (429 with Retry-After), not per server', async () => {
        const busy = await createUser(t().services);
        const calm = await createUser(t().services);
        const answers = [];
        for (let i = 0; i < 31; i++) answers.push(await reserve(busy.token, { event_id: 987_654_321, party_size: 1 }));
        expect(answers.slice(0, 30).every((answer) => answer.status === 404)).toBe(true);
        expect(answers[30]!.status).toBe(429);
        expect(answers[30]!.headers.get('retry-after')).toBeTruthy();
        expect((await reserve(calm.token, { event_id: 987_654_321, party_size: 1 })).status).toBe(404);
      });
    });

    describe('reading', () => {
      it('lists only the user’s own reservations, newest first, with cursor pages and filters', async () => {
        const user = await createUser(t().services);
        const other = await createUser(t().services);
        const ids: number[] = [];
        for (let i = 0; i < 3; i++) {
          const eventId = await createEvent(t().services, { mode: i === 1 ? 'approval' : 'instant' });
          ids.push((await reserve(user.token, { event_id: eventId, party_size: 1 })).body.id);
          await reserve(other.token, { event_id: eventId, party_size: 1 });
        }
        const page1 = await t().json<ReservationList>('GET', `${API}/reservations?limit=2`, { token: user.token });
        expect(page1.status).toBe(200);
        expect(page1.headers.get('cache-control')).toBe('private, no-store');
        expect(page1.body.items.map((item) => item.id)).toEqual([ids[2], ids[1]]);
        expect(page1.body.next_cursor).toBeTruthy();
        const page2 = await t().json<ReservationList>('GET', `${API}/reservations?limit=2&cursor=${page1.body.next_cursor}`, {
          token: user.token,
        });
        expect(page2.body.items.map((item) => item.id)).toEqual([ids[0]]);
        expect(page2.body.next_cursor).toBeNull();
        const pending = await t().json<ReservationList>('GET', `${API}/reservations?status=pending&scope=upcoming`, { token: user.token });
        expect(pending.body.items.map((item) => item.id)).toEqual([ids[1]]);
        const past = await t().json<ReservationList>('GET', `${API}/reservations?scope=past`, { token: user.token });
        expect(past.body.items).toEqual([]);
        const bad = await t().json<Problem>('GET', `${API}/reservations?status=lost`, { token: user.token });
        expect(bad.status).toBe(400);
      });

      it('answers 404 for someone else’s reservation, exactly as for a missing one', async () => {
        const owner = await createUser(t().services);
        const stranger = await createUser(t().services);
        const eventId = await createEvent(t().services);
        const { body } = await reserve(owner.token, { event_id: eventId, party_size: 1 });
        expect((await get(owner.token, body.id)).status).toBe(200);
        const foreign = await get(stranger.token, body.id);
        const missing = await get(stranger.token, 987_654_321);
        expect(foreign.status).toBe(404);
        expect(missing.status).toBe(404);
        expect(foreign.body.code).toBe('reservation_not_found');
        expect(foreign.body.detail).toBe(missing.body.detail);
        for (const name of ['cancel', 'confirm'] as const) {
          expect((await action(stranger.token, body.id, name)).status).toBe(404);
        }
        expect((await action(stranger.token, body.id, 'respond', { message: 'mine now' })).status).toBe(404);
        expect((await get(owner.token, body.id)).body.status).toBe('accepted');
        expect((await t().json('GET', `${API}/reservations/abc`, { token: owner.token })).status).toBe(400);
      });

      it('describes the Reserve form: limits, mode, remaining places and the user’s active reservation', async () => {
        const user = await createUser(t().services);
        const eventId = await createEvent(t().services, { capacity: 6, mode: 'approval', partyMax: 4 });
        const before = await t().json<ReservationOptions>('GET', `${API}/reservations/options?event_id=${eventId}`, { token: user.token });
        expect(before.body).toMatchObject({
          event_id: eventId,
          reservable: true,
          open: true,
          closed_reason: null,
          mode: 'approval',
          party_min: 1,
          party_max: 4,
          capacity: 6,
          remaining: 6,
          my_reservation: null,
        });
        const { body } = await reserve(user.token, { event_id: eventId, party_size: 4 });
        const after = await t().json<ReservationOptions>('GET', `${API}/reservations/options?event_id=${eventId}`, { token: user.token });
        expect(after.body).toMatchObject({ remaining: 2, my_reservation: { id: body.id, status: 'pending' } });
        const guest = await t().guestToken();
        const asGuest = await t().json<ReservationOptions>('GET', `${API}/reservations/options?event_id=${eventId}`, { token: guest });
        expect(asGuest.body).toMatchObject({ remaining: 2, my_reservation: null });
        const closed = await createEvent(t().services, { status: 'cancelled' });
        const closedAnswer = await t().json<ReservationOptions>('GET', `${API}/reservations/options?event_id=${closed}`, { token: guest });
        expect(closedAnswer.body).toMatchObject({ open: false, closed_reason: 'event_closed' });
        expect((await t().json('GET', `${API}/reservations/options?event_id=987654321`, { token: guest })).status).toBe(404);
      });
    });

    describe('cancel, respond, confirm', () => {
      it('cancels before the deadline and hands the places to the waitlist in order', async () => {
        const eventId = await createEvent(t().services, { capacity: 4, mode: 'instant' });
        const holder = await createUser(t().services);
        const big = await createUser(t().services);
        const small = await createUser(t().services);
        const later = await createUser(t().services);
        const held = (await reserve(holder.token, { event_id: eventId, party_size: 4 })).body;
        const bigWait = (await reserve(big.token, { event_id: eventId, party_size: 3 })).body;
        const smallWait = (await reserve(small.token, { event_id: eventId, party_size: 1 })).body;
        const laterWait = (await reserve(later.token, { event_id: eventId, party_size: 1 })).body;
        expect([bigWait.status, smallWait.status, laterWait.status]).toEqual(['waitlisted', 'waitlisted', 'waitlisted']);
        expect([bigWait.waitlist_position, smallWait.waitlist_position, laterWait.waitlist_position]).toEqual([1, 2, 3]);

        const cancelled = await action(holder.token, held.id, 'cancel');
        expect(cancelled.status).toBe(200);
        expect(cancelled.body).toMatchObject({ status: 'cancelled', can_cancel: false });
        expect(cancelled.body.history.map((entry) => [entry.from, entry.to, entry.by])).toEqual([
          [null, 'accepted', 'guest'],
          ['accepted', 'cancelled', 'guest'],
        ]);
        // 4 places freed: the party of 3 then the party of 1 move up; the last one waits (position 1 now).
        const promoted = (await get(big.token, bigWait.id)).body;
        expect(promoted.status).toBe('accepted');
        expect(promoted.code).toBeTruthy();
        expect(promoted.history.at(-1)).toMatchObject({ from: 'waitlisted', to: 'accepted', by: 'system' });
        expect((await get(small.token, smallWait.id)).body.status).toBe('accepted');
        expect((await get(later.token, laterWait.id)).body).toMatchObject({ status: 'waitlisted', waitlist_position: 1 });

        const twice = await action(holder.token, held.id, 'cancel');
        expect(twice.status).toBe(409);
        expect(twice.body.code).toBe('invalid_transition');
        // After cancelling, the same user may reserve again.
        expect((await reserve(holder.token, { event_id: eventId, party_size: 1 })).body.status).toBe('waitlisted');
      });

      it('fills freed places first-fit: a smaller party behind moves up past one too large, which keeps its place at the head', async () => {
        // docs/decisions/0007-waitlist-promotion.md
        const eventId = await createEvent(t().services, { capacity: 4, mode: 'instant' });
        const [three, one, big, small] = await Promise.all([1, 2, 3, 4].map(() => createUser(t().services)));
        const heldThree = (await reserve(three!.token, { event_id: eventId, party_size: 3 })).body;
        const heldOne = (await reserve(one!.token, { event_id: eventId, party_size: 1 })).body;
        const bigWait = (await reserve(big!.token, { event_id: eventId, party_size: 3 })).body;
        const smallWait = (await reserve(small!.token, { event_id: eventId, party_size: 1 })).body;
        expect([heldThree.status, heldOne.status, bigWait.waitlist_position, smallWait.waitlist_position]).toEqual(['accepted', 'accepted', 1, 2]);

        // One place frees up: the party of 3 at the head does not fit, the party of 1 behind it does.
        await action(one!.token, heldOne.id, 'cancel');
        expect((await get(small!.token, smallWait.id)).body.status).toBe('accepted');
        expect((await get(big!.token, bigWait.id)).body).toMatchObject({ status: 'waitlisted', waitlist_position: 1 });

        // Three places free up: the head of the line goes first.
        await action(three!.token, heldThree.id, 'cancel');
        expect((await get(big!.token, bigWait.id)).body.status).toBe('accepted');
      });

      it('promotes to pending (not accepted) on an approval event', async () => {
        const eventId = await createEvent(t().services, { capacity: 2, mode: 'approval' });
        const a = await createUser(t().services);
        const b = await createUser(t().services);
        const first = (await reserve(a.token, { event_id: eventId, party_size: 2 })).body;
        const second = (await reserve(b.token, { event_id: eventId, party_size: 2 })).body;
        expect([first.status, second.status]).toEqual(['pending', 'waitlisted']);
        await action(a.token, first.id, 'cancel');
        expect((await get(b.token, second.id)).body).toMatchObject({ status: 'pending', code: null });
      });

      it('lets a waitlisted guest leave the line', async () => {
        const eventId = await createEvent(t().services, { capacity: 1 });
        const a = await createUser(t().services);
        const b = await createUser(t().services);
        await reserve(a.token, { event_id: eventId, party_size: 1 });
        const waiting = (await reserve(b.token, { event_id: eventId, party_size: 1 })).body;
        const left = await action(b.token, waiting.id, 'cancel');
        expect(left.body).toMatchObject({ status: 'cancelled', waitlist_position: null });
      });

      it('refuses to cancel after the deadline (409 reservation_deadline_passed)', async () => {
        const user = await createUser(t().services);
        const eventId = await createEvent(t().services, { startsInHours: 48 });
        const { body } = await reserve(user.token, { event_id: eventId, party_size: 1 });
        await t().services.database.db.execute(
          sql`UPDATE event_reservation_settings SET deadline = now() - interval '1 minute' WHERE event_id = ${eventId}`,
        );
        expect((await get(user.token, body.id)).body.can_cancel).toBe(false);
        const late = await action(user.token, body.id, 'cancel');
        expect(late.status).toBe(409);
        expect(late.body.code).toBe('reservation_deadline_passed');
      });

      it('answers an action request: action_needed → pending, the answer kept in the history', async () => {
        const user = await createUser(t().services);
        const eventId = await createEvent(t().services, { mode: 'approval' });
        const { body } = await reserve(user.token, { event_id: eventId, party_size: 2 });
        const early = await action(user.token, body.id, 'respond', { message: 'Hello?' });
        expect(early.status).toBe(409);
        expect(early.body.code).toBe('invalid_transition');
        // The venue asks (directly through the service: the organizer suite covers the HTTP side).
        const admin = await createUser(t().services, { role: 'admin' });
        await t().services.reservations.decide({ actorUserId: admin.id, id: body.id, decision: { status: 'action_needed', message: 'Is one of you under 18?' } });
        const asked = (await get(user.token, body.id)).body;
        expect(asked).toMatchObject({ status: 'action_needed', action_message: 'Is one of you under 18?', can_respond: true });

        const empty = await action(user.token, body.id, 'respond', { message: '   ' });
        expect(empty.status).toBe(400);
        expect(Object.keys(empty.body.errors ?? {})).toContain('message');
        const answered = await action(user.token, body.id, 'respond', { message: 'No, both adults.' });
        expect(answered.status).toBe(200);
        expect(answered.body).toMatchObject({ status: 'pending', action_message: null, can_respond: false });
        expect(answered.body.history.map((entry) => [entry.to, entry.by, entry.message])).toEqual([
          ['pending', 'guest', null],
          ['action_needed', 'venue', 'Is one of you under 18?'],
          ['pending', 'guest', 'No, both adults.'],
        ]);
      });

      it('confirms "I’m coming" on an accepted reservation only; the status stays accepted', async () => {
        const user = await createUser(t().services);
        const instant = await createEvent(t().services, { mode: 'instant' });
        const approval = await createEvent(t().services, { mode: 'approval' });
        const accepted = (await reserve(user.token, { event_id: instant, party_size: 1 })).body;
        const pending = (await reserve(user.token, { event_id: approval, party_size: 1 })).body;
        const confirmed = await action(user.token, accepted.id, 'confirm');
        expect(confirmed.status).toBe(200);
        expect(confirmed.body).toMatchObject({ status: 'accepted', can_confirm: false });
        expect(confirmed.body.confirmed_at).toBeTruthy();
        expect((await action(user.token, accepted.id, 'confirm')).body.confirmed_at).toBe(confirmed.body.confirmed_at);
        const refused = await action(user.token, pending.id, 'confirm');
        expect(refused.status).toBe(409);
        expect(refused.body.code).toBe('invalid_transition');
        // An empty body (no content type) is accepted too.
        const bare = await t().http(`${API}/reservations/${accepted.id}/confirm`, {
          method: 'POST',
          headers: { authorization: `Bearer ${user.token}` },
        });
        expect(bare.status, await bare.clone().text()).toBe(200);
      });
    });

    describe('OpenAPI', () => {
      it('documents every reservation, organizer and notification call', async () => {
        const { status, body } = await t().json<{ paths: Record<string, Record<string, unknown>> }>('GET', `${API}/openapi.json`);
        expect(status).toBe(200);
        const documented = Object.entries(body.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`));
        expect(documented).toEqual(
          expect.arrayContaining([
            `post ${API}/reservations`,
            `get ${API}/reservations`,
            `get ${API}/reservations/options`,
            `get ${API}/reservations/{id}`,
            `post ${API}/reservations/{id}/cancel`,
            `post ${API}/reservations/{id}/respond`,
            `post ${API}/reservations/{id}/confirm`,
            `get ${API}/organizer/events`,
            `get ${API}/organizer/reservations`,
            `post ${API}/organizer/reservations/{id}/decision`,
            `get ${API}/notifications`,
            `post ${API}/notifications/read`,
          ]),
        );
      });
    });

    describe('audit trail and notifications', () => {
      it('writes one audit line per change in the same transaction and queues one notification job per line', async () => {
        const user = await createUser(t().services);
        const eventId = await createEvent(t().services, { mode: 'instant' });
        const { body } = await reserve(user.token, { event_id: eventId, party_size: 1 });
        await action(user.token, body.id, 'cancel');
        const db = t().services.database.db;
        const lines = (await db.execute(
          sql`SELECT from_status, to_status, actor, actor_user_id FROM reservation_history WHERE reservation_id = ${body.id} ORDER BY id`,
        )) as unknown as { rows: { from_status: string | null; to_status: string; actor: string; actor_user_id: string }[] };
        expect(lines.rows).toEqual([
          { from_status: null, to_status: 'accepted', actor: 'guest', actor_user_id: user.id },
          { from_status: 'accepted', to_status: 'cancelled', actor: 'guest', actor_user_id: user.id },
        ]);
        const jobs = (await db.execute(
          sql`SELECT type FROM jobs WHERE type LIKE 'reservation.%' AND (payload->>'reservation_id' = ${String(body.id)}
              OR payload->>'history_id' IN (SELECT id::text FROM reservation_history WHERE reservation_id = ${body.id}))`,
        )) as unknown as { rows: { type: string }[] };
        // A guest giving up an accepted place is news for the venue too.
        expect(jobs.rows.map((row) => row.type).sort()).toEqual([
          'reservation.notify',
          'reservation.notify',
          'reservation.notify_venue',
          'reservation.reminder',
        ]);
        await drainJobs(t().services);
      });
    });
  },
  { env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'kuda-reservations-')) } },
);
