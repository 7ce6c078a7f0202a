import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { Problem } from '../../shared/schemas/problem';
import type { CancelEventResult, NotificationList, OrganizerReservation, Reservation } from '../../shared/schemas/reservations';
import { describeApi } from '../../../tests/support/test-app';
import type { MailMessage } from '../notifications/mailer';
import { createEvent, createOrganizer, createUser, drainJobs, type TestUser } from '../reservations/reservations-fixtures';

const API = '/api/v1';
const en = { 'accept-language': 'en' };
type Answer = OrganizerReservation & Omit<Problem, 'code' | 'status'> & { code: string | null };
/** An event cancellation's answer, or a problem. */
type EventAnswer = Omit<CancelEventResult, 'status'> & Omit<Problem, 'status'> & { status: string | number };
type Rows<T> = { rows: T[] };

describeApi(
  'organizer: the venue cancels a reservation, or the whole event',
  (t) => {
    let organizer: TestUser;
    let rival: TestUser;
    let admin: TestUser;
    let ownOrganizer: number;
    let rivalOrganizer: number;
    const sent: MailMessage[] = [];

    beforeAll(async () => {
      const { services } = t();
      organizer = await createUser(services, { role: 'organizer' });
      rival = await createUser(services, { role: 'organizer' });
      admin = await createUser(services, { role: 'admin' });
      ownOrganizer = await createOrganizer(services, [organizer.id]);
      rivalOrganizer = await createOrganizer(services, [rival.id]);
    });
    afterEach(() => {
      vi.restoreAllMocks();
      sent.length = 0;
    });
    const spyMail = () =>
      vi.spyOn(t().services.mailer, 'send').mockImplementation(async (message) => {
        sent.push(message);
      });

    const ownEvent = (options: { capacity?: number; mode?: 'instant' | 'approval' } = {}) =>
      createEvent(t().services, { organizerId: ownOrganizer, capacity: options.capacity ?? 6, mode: options.mode ?? 'approval' });
    const reserve = async (eventId: number, partySize = 1, locale: 'sr' | 'en' | 'uk' | 'ru' = 'en') => {
      const guest = await createUser(t().services, { locale });
      const { body } = await t().json<Reservation>('POST', `${API}/reservations`, {
        token: guest.token,
        body: { event_id: eventId, party_size: partySize },
      });
      return { guest, reservation: body };
    };
    const decide = (token: string, id: number, body: unknown, headers: Record<string, string> = en) =>
      t().json<Answer>('POST', `${API}/organizer/reservations/${id}/decision`, { token, body, headers });
    const cancelEvent = (token: string, id: number, body: unknown, headers: Record<string, string> = en) =>
      t().json<EventAnswer>('POST', `${API}/organizer/events/${id}/cancel`, { token, body, headers });
    const guestView = (guest: TestUser, id: number) => t().json<Reservation>('GET', `${API}/reservations/${id}`, { token: guest.token, headers: en });
    const trail = async (id: number) =>
      (
        (await t().services.database.db.execute(
          sql`SELECT from_status, to_status, actor, actor_user_id, message FROM reservation_history WHERE reservation_id = ${id} ORDER BY id`,
        )) as unknown as Rows<{ from_status: string | null; to_status: string; actor: string; actor_user_id: string | null; message: string | null }>
      ).rows;

    // -----------------------------------------------------------------------------------------------------
    // One reservation
    // -----------------------------------------------------------------------------------------------------

    it('cancels from pending, action needed, accepted and waitlisted, with the message in the audit trail', async () => {
      const event = await ownEvent({ capacity: 3 });
      const pending = await reserve(event, 1);
      const asked = await reserve(event, 1);
      const accepted = await reserve(event, 1);
      const waitlisted = await reserve(event, 1);
      expect(waitlisted.reservation.status).toBe('waitlisted');
      await decide(organizer.token, asked.reservation.id, { status: 'action_needed', message: 'Which table?' });
      await decide(organizer.token, accepted.reservation.id, { status: 'accepted' });
      // Waitlisted first: cancelling the others would promote it.
      for (const [party, from] of [
        [waitlisted, 'waitlisted'],
        [pending, 'pending'],
        [asked, 'action_needed'],
        [accepted, 'accepted'],
      ] as const) {
        const before = await t().json<{ items: OrganizerReservation[] }>('GET', `${API}/organizer/reservations?event_id=${event}`, {
          token: organizer.token,
        });
        expect(before.body.items.find((item) => item.id === party.reservation.id)?.allowed_decisions).toContain('cancelled');
        const message = `Sorry, the table by the window had to close (${from}).`;
        const answer = await decide(organizer.token, party.reservation.id, { status: 'cancelled', message });
        expect(answer.status, from).toBe(200);
        expect(answer.body).toMatchObject({ status: 'cancelled', allowed_decisions: [] });
        expect(answer.body.history.at(-1)).toMatchObject({ from, to: 'cancelled', by: 'venue', message });
        expect((await trail(party.reservation.id)).at(-1)).toEqual({
          from_status: from,
          to_status: 'cancelled',
          actor: 'venue',
          actor_user_id: organizer.id,
          message,
        });
        // The guest's page says who cancelled, and why.
        const seen = await guestView(party.guest, party.reservation.id);
        expect(seen.body).toMatchObject({ status: 'cancelled', can_cancel: false, cancellation: { by: 'venue', message } });
      }
    });

    it('refuses to cancel a rejected or cancelled reservation (409 in the request language)', async () => {
      const event = await ownEvent();
      const rejected = await reserve(event);
      await decide(organizer.token, rejected.reservation.id, { status: 'rejected' });
      const byGuest = await reserve(event);
      await t().json('POST', `${API}/reservations/${byGuest.reservation.id}/cancel`, { token: byGuest.guest.token, body: {} });
      for (const id of [rejected.reservation.id, byGuest.reservation.id]) {
        const answer = await decide(organizer.token, id, { status: 'cancelled', message: 'Closing.' }, { 'accept-language': 'sr' });
        expect(answer.status).toBe(409);
        expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
        expect(answer.body).toMatchObject({ code: 'invalid_transition', detail: 'Ova rezervacija se u trenutnom statusu ne može ovako promeniti.' });
      }
      expect((await guestView(byGuest.guest, byGuest.reservation.id)).body.cancellation).toMatchObject({ by: 'guest', message: null });
    });

    it('requires a message to cancel: 422 with a field error, in the request language', async () => {
      const event = await ownEvent();
      const { reservation } = await reserve(event);
      for (const body of [{ status: 'cancelled' }, { status: 'cancelled', message: '   ' }]) {
        const answer = await decide(organizer.token, reservation.id, body, { 'accept-language': 'uk' });
        expect(answer.status).toBe(422);
        expect(answer.body).toMatchObject({ code: 'validation_failed', errors: { message: ["Обов'язкове поле."] } });
      }
      // Anything else wrong with the body stays a 400.
      expect((await decide(organizer.token, reservation.id, { status: 'cancelled', message: 'x', extra: 1 })).status).toBe(400);
      expect((await decide(organizer.token, reservation.id, { status: 'cancelled', message: 'x'.repeat(1001) })).status).toBe(400);
      expect((await trail(reservation.id)).map((line) => line.to_status)).toEqual(['pending']);
    });

    it("refuses another organizer's reservation (404, existence not leaked), plain users (403) and guest tokens (401)", async () => {
      const foreignEvent = await createEvent(t().services, { organizerId: rivalOrganizer, mode: 'approval' });
      const foreign = await reserve(foreignEvent);
      const answer = await decide(organizer.token, foreign.reservation.id, { status: 'cancelled', message: 'Closing.' });
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe('reservation_not_found');
      const plain = await createUser(t().services);
      expect((await decide(plain.token, foreign.reservation.id, { status: 'cancelled', message: 'x' })).body.code).toBe('organizer_required');
      const guest = await decide(await t().guestToken(), foreign.reservation.id, { status: 'cancelled', message: 'x' });
      expect(guest.status).toBe(401);
      expect(guest.body.code).toBe('user_required');
      // A guest token is refused before the body is looked at.
      expect((await decide(await t().guestToken(), foreign.reservation.id, { status: 'cancelled' })).status).toBe(401);
      expect((await guestView(foreign.guest, foreign.reservation.id)).body.status).toBe('pending');
      // The admin may cancel anyone's.
      expect((await decide(admin.token, foreign.reservation.id, { status: 'cancelled', message: 'Venue closed.' })).body.status).toBe('cancelled');
    });

    it('gives the freed place to the first on the waitlist, as a guest cancellation does', async () => {
      const event = await ownEvent({ capacity: 2, mode: 'instant' });
      const holder = await reserve(event, 2);
      const first = await reserve(event, 2);
      const second = await reserve(event, 1);
      expect([holder.reservation.status, first.reservation.status, second.reservation.status]).toEqual(['accepted', 'waitlisted', 'waitlisted']);
      await decide(organizer.token, holder.reservation.id, { status: 'cancelled', message: 'A private party booked the room.' });
      const promoted = await guestView(first.guest, first.reservation.id);
      expect(promoted.body).toMatchObject({ status: 'accepted' });
      expect(promoted.body.code).toBeTruthy();
      expect(promoted.body.history.at(-1)).toMatchObject({ from: 'waitlisted', to: 'accepted', by: 'system' });
      expect((await guestView(second.guest, second.reservation.id)).body).toMatchObject({ status: 'waitlisted', waitlist_position: 1 });
      // Cancelling a waitlisted party frees nothing: the next one waits on.
      await decide(organizer.token, second.reservation.id, { status: 'cancelled', message: 'The list is closed.' });
      expect((await guestView(first.guest, first.reservation.id)).body.status).toBe('accepted');
    });

    it('tells the guest in the app and by e-mail in their own language, with the venue’s message', async () => {
      spyMail();
      const event = await ownEvent({ mode: 'instant' });
      const { guest, reservation } = await reserve(event, 2, 'sr');
      await drainJobs(t().services);
      sent.length = 0;
      const message = 'Morali smo da zatvorimo terasu zbog kiše.';
      await decide(organizer.token, reservation.id, { status: 'cancelled', message });
      await drainJobs(t().services);
      const bell = await t().json<NotificationList>('GET', `${API}/notifications`, { token: guest.token, headers: en });
      const notice = bell.body.items.find((item) => item.status === 'cancelled');
      expect(notice).toMatchObject({
        type: 'reservation_status',
        title: 'The venue cancelled your reservation',
        reservation_id: reservation.id,
        link: `/en/reservation/${reservation.id}`,
      });
      expect(notice?.body).toContain(`Message from the venue: ${message}`);
      const mails = sent.filter((mail) => mail.to === guest.email);
      expect(mails.map((mail) => mail.subject)).toEqual(['Organizator je otkazao vašu rezervaciju']);
      expect(mails[0]!.text).toContain(`Poruka organizatora: ${message}`);
      expect(mails[0]!.text).toContain(`/sr/reservation/${reservation.id}`);
      expect(mails[0]!.html).toContain('lang="sr"');
      // A venue cancellation is the venue's own doing: organizers are not told about it.
      const organizerBell = await t().json<NotificationList>('GET', `${API}/notifications`, { token: organizer.token, headers: en });
      expect(organizerBell.body.items.filter((item) => item.reservation_id === reservation.id && item.status === 'cancelled')).toEqual([]);
    });

    // -----------------------------------------------------------------------------------------------------
    // The whole event
    // -----------------------------------------------------------------------------------------------------

    it('cancelling an event cancels every open reservation in one go, with audit lines and guest notifications', async () => {
      spyMail();
      const event = await ownEvent({ capacity: 3 });
      const pending = await reserve(event, 1, 'ru');
      const asked = await reserve(event, 1);
      const accepted = await reserve(event, 1);
      const waitlisted = await reserve(event, 1);
      const rejected = await reserve(event, 1);
      const gone = await reserve(event, 1);
      await decide(organizer.token, asked.reservation.id, { status: 'action_needed', message: 'Ages?' });
      await decide(organizer.token, accepted.reservation.id, { status: 'accepted' });
      await decide(organizer.token, rejected.reservation.id, { status: 'rejected' });
      await t().json('POST', `${API}/reservations/${gone.reservation.id}/cancel`, { token: gone.guest.token, body: {} });
      expect(waitlisted.reservation.status).toBe('waitlisted');
      await drainJobs(t().services);
      sent.length = 0;

      const message = 'The band is ill; the concert is called off.';
      const answer = await cancelEvent(organizer.token, event, { message });
      expect(answer.status).toBe(200);
      // rejected and gone were waitlisted too (capacity 3), then finalised: only the four open ones move.
      expect(answer.body).toEqual({ event_id: event, status: 'cancelled', cancelled_reservations: 4 });

      for (const party of [pending, asked, accepted, waitlisted]) {
        const view = await guestView(party.guest, party.reservation.id);
        expect(view.body).toMatchObject({ status: 'cancelled', cancellation: { by: 'venue', message }, event: { status: 'cancelled' } });
        expect((await trail(party.reservation.id)).at(-1)).toMatchObject({ to_status: 'cancelled', actor: 'venue', actor_user_id: organizer.id, message });
      }
      expect((await guestView(rejected.guest, rejected.reservation.id)).body.status).toBe('rejected');
      expect((await trail(gone.reservation.id)).at(-1)).toMatchObject({ to_status: 'cancelled', actor: 'guest' });

      await drainJobs(t().services);
      expect(new Set(sent.map((mail) => mail.to))).toEqual(new Set([pending, asked, accepted, waitlisted].map((party) => party.guest.email)));
      const russian = sent.find((mail) => mail.to === pending.guest.email)!;
      expect(russian.subject).toBe('Организатор отменил ваше бронирование');
      expect(russian.text).toContain(`Сообщение от организатора: ${message}`);

      // The event takes no more requests, and repeating the call cancels nothing more.
      const late = await reserve(event, 1);
      expect(late.reservation).toMatchObject({ code: 'event_closed' });
      expect((await cancelEvent(organizer.token, event, { message })).body.cancelled_reservations).toBe(0);
      const status = (await t().services.database.db.execute(sql`SELECT status FROM events WHERE id = ${event}`)) as unknown as Rows<{ status: string }>;
      expect(status.rows[0]!.status).toBe('cancelled');
      const listed = await t().json<{ items: { event_id: number; status: string }[] }>('GET', `${API}/organizer/events`, { token: organizer.token });
      expect(listed.body.items.find((item) => item.event_id === event)?.status).toBe('cancelled');
    });

    it('cancels an event with nothing reserved, and one that takes no reservations', async () => {
      const quiet = await ownEvent();
      expect((await cancelEvent(organizer.token, quiet, { message: 'Called off.' })).body).toEqual({ event_id: quiet, status: 'cancelled', cancelled_reservations: 0 });
      const talk = await createEvent(t().services, { organizerId: ownOrganizer, reservable: false });
      expect((await cancelEvent(organizer.token, talk, { message: 'Called off.' })).body.cancelled_reservations).toBe(0);
    });

    it("refuses to cancel someone else's event (403), without a message (422), for guests (401) and unknown events (404)", async () => {
      const foreignEvent = await createEvent(t().services, { organizerId: rivalOrganizer, mode: 'approval' });
      const foreign = await reserve(foreignEvent);
      const refused = await cancelEvent(organizer.token, foreignEvent, { message: 'Mine now.' }, { 'accept-language': 'ru' });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'forbidden', detail: 'У вас нет разрешения на это действие.' });
      const missing = await cancelEvent(rival.token, foreignEvent, {});
      expect(missing.status).toBe(422);
      expect(missing.body.errors?.message).toEqual(['This field is required.']);
      expect((await cancelEvent(rival.token, foreignEvent, { message: ' ' })).status).toBe(422);
      expect((await cancelEvent(await t().guestToken(), foreignEvent, { message: 'x' })).status).toBe(401);
      expect((await cancelEvent((await createUser(t().services)).token, foreignEvent, { message: 'x' })).body.code).toBe('organizer_required');
      expect((await cancelEvent(organizer.token, 987_654_321, { message: 'x' })).body.code).toBe('event_not_found');
      expect((await guestView(foreign.guest, foreign.reservation.id)).body.status).toBe('pending');
      // Its own organizer, or an admin, may.
      expect((await cancelEvent(admin.token, foreignEvent, { message: 'Venue flooded.' })).body.cancelled_reservations).toBe(1);
    });

    it('documents both calls in OpenAPI, from the same schemas that validate them', async () => {
      const { body } = await t().json<{ paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>> }>(
        'GET',
        `${API}/openapi.json`,
      );
      const cancel = body.paths[`${API}/organizer/events/{id}/cancel`]?.post;
      expect(cancel).toBeTruthy();
      expect(Object.keys(cancel!.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '404', '422']));
      expect(JSON.stringify(cancel!.requestBody)).toContain('"message"');
      const decision = body.paths[`${API}/organizer/reservations/{id}/decision`]?.post;
      expect(JSON.stringify(decision!.requestBody)).toContain('"cancelled"');
      expect(Object.keys(decision!.responses)).toContain('422');
    });
  },
  { env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'kuda-organizer-cancel-')) } },
);
