import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { Notification, NotificationList, Reservation } from '../../shared/schemas/reservations';
import { describeApi } from '../../../tests/support/test-app';
import { createEvent, createOrganizer, createUser, drainJobs, type TestUser } from '../reservations/reservations-fixtures';
import type { MailMessage } from './mailer';

const API = '/api/v1';

describeApi(
  'notifications: organizers hear about new work on their events',
  (t) => {
    const sent: MailMessage[] = [];
    let organizer: TestUser;
    let colleague: TestUser;
    let outsider: TestUser;
    let organizerId: number;

    beforeAll(async () => {
      const { services } = t();
      organizer = await createUser(services, { role: 'organizer', locale: 'en', firstName: 'Olga' });
      // A second member of the same organizer, who reads Serbian.
      colleague = await createUser(services, { role: 'organizer', locale: 'sr', firstName: 'Marko' });
      outsider = await createUser(services, { role: 'organizer' });
      organizerId = await createOrganizer(services, [organizer.id, colleague.id]);
      await createOrganizer(services, [outsider.id]);
    });
    afterEach(() => {
      vi.restoreAllMocks();
      sent.length = 0;
    });
    const spyMail = () =>
      vi.spyOn(t().services.mailer, 'send').mockImplementation(async (message) => {
        sent.push(message);
      });

    const guest = (firstName = 'Ana') => createUser(t().services, { firstName });
    const reserve = async (who: TestUser, eventId: number, partySize = 2) =>
      (await t().json<Reservation>('POST', `${API}/reservations`, { token: who.token, body: { event_id: eventId, party_size: partySize } })).body;
    const bell = async (who: TestUser, lang = 'en') =>
      (await t().json<NotificationList>('GET', `${API}/notifications?limit=100`, { token: who.token, headers: { 'accept-language': lang } })).body;
    const aboutReservation = async (who: TestUser, reservationId: number, lang = 'en'): Promise<Notification[]> =>
      (await bell(who, lang)).items.filter((item) => item.type === 'organizer_reservation' && item.reservation_id === reservationId);
    const mailsTo = (who: TestUser) => sent.filter((mail) => mail.to === who.email);

    it('tells every member of the organizer about a new request to review: in the app, linked to the organizer area, and by e-mail in each one’s language', async () => {
      spyMail();
      const eventId = await createEvent(t().services, { organizerId, mode: 'approval' });
      const ana = await guest('Ana');
      const reservation = await reserve(ana, eventId, 3);
      expect(reservation.status).toBe('pending');
      // Nothing inside the request: the job does it.
      expect(await aboutReservation(organizer, reservation.id)).toEqual([]);
      await drainJobs(t().services);

      const [notice] = await aboutReservation(organizer, reservation.id);
      expect(notice).toMatchObject({
        type: 'organizer_reservation',
        status: 'pending',
        title: 'New reservation request',
        link: `/en/organizer?event=${eventId}&reservation=${reservation.id}`,
        read_at: null,
        actions: [],
      });
      expect(notice!.body).toContain('Ana Test asks for 3 places at Concert ');
      // Rendered in the reader's language at read time, with the right plural form.
      const [russian] = await aboutReservation(organizer, reservation.id, 'ru');
      expect(russian).toMatchObject({ title: 'Новый запрос на бронирование', link: `/ru/organizer?event=${eventId}&reservation=${reservation.id}` });
      expect(russian!.body).toContain('Ana Test просит 3 места на Концерт ');
      expect((await aboutReservation(colleague, reservation.id)).length).toBe(1);
      expect(await aboutReservation(outsider, reservation.id)).toEqual([]);
      // The guest is not told twice: their own notification is the usual one.
      expect((await bell(ana)).items.map((item) => item.type)).toEqual(['reservation_status']);

      const [english] = mailsTo(organizer);
      expect(mailsTo(organizer)).toHaveLength(1);
      expect(english!.subject).toMatch(/^New reservation request: Concert /);
      expect(english!.text).toContain('Hello Olga,');
      expect(english!.text).toContain('Ana Test asks for 3 places');
      expect(english!.text).toContain(`/en/organizer?event=${eventId}&reservation=${reservation.id}`);
      expect(english!.html).toContain('lang="en"');
      const [serbian] = mailsTo(colleague);
      expect(mailsTo(colleague)).toHaveLength(1);
      expect(serbian!.subject).toMatch(/^Novi zahtev za rezervaciju: Koncert /);
      expect(serbian!.text).toContain('Zdravo Marko,');
      expect(serbian!.text).toContain('Ana Test traži 3 mesta za Koncert ');
      expect(serbian!.text).toContain(`/sr/organizer?event=${eventId}&reservation=${reservation.id}`);
    });

    it('uses the plural form each language needs for the party', async () => {
      const eventId = await createEvent(t().services, { organizerId, mode: 'approval', capacity: 20, partyMax: 8 });
      const one = await reserve(await guest(), eventId, 1);
      const five = await reserve(await guest(), eventId, 5);
      await drainJobs(t().services);
      const body = async (id: number, lang: string) => (await aboutReservation(organizer, id, lang))[0]!.body;
      expect(await body(one.id, 'en')).toContain('asks for 1 place at');
      expect(await body(five.id, 'en')).toContain('asks for 5 places at');
      expect(await body(one.id, 'sr')).toContain('traži 1 mesto za');
      expect(await body(one.id, 'uk')).toContain('просить 1 місце на');
      expect(await body(five.id, 'uk')).toContain('просить 5 місць на');
      expect(await body(five.id, 'ru')).toContain('просит 5 мест на');
    });

    it('tells the organizer when a guest answers, with the answer, and when a guest cancels an accepted place', async () => {
      spyMail();
      const eventId = await createEvent(t().services, { organizerId, mode: 'approval' });
      const ana = await guest('Ana');
      const reservation = await reserve(ana, eventId, 2);
      await t().json('POST', `${API}/organizer/reservations/${reservation.id}/decision`, {
        token: organizer.token,
        body: { status: 'action_needed', message: 'How old are the guests?' },
      });
      await t().json('POST', `${API}/reservations/${reservation.id}/respond`, { token: ana.token, body: { message: 'Both over 18.' } });
      await drainJobs(t().services);
      const answered = (await aboutReservation(organizer, reservation.id)).find((item) => item.title === 'A guest answered your question');
      expect(answered).toBeTruthy();
      expect(answered!.body).toContain("The guest's message: Both over 18.");
      // (jobs drained together run in any order)
      const subjects = (who: TestUser) => mailsTo(who).map((mail) => mail.subject.split(':')[0]).sort();
      expect(subjects(organizer)).toEqual(['A guest answered', 'New reservation request']);
      expect(mailsTo(organizer).find((mail) => mail.subject.startsWith('A guest answered'))!.text).toContain('Both over 18.');

      await t().json('POST', `${API}/organizer/reservations/${reservation.id}/decision`, { token: organizer.token, body: { status: 'accepted' } });
      await t().json('POST', `${API}/reservations/${reservation.id}/cancel`, { token: ana.token, body: {} });
      await drainJobs(t().services);
      const cancelled = (await aboutReservation(organizer, reservation.id)).find((item) => item.status === 'cancelled');
      expect(cancelled).toMatchObject({ title: 'A guest cancelled an accepted reservation' });
      expect(cancelled!.body).toContain('Ana Test cancelled their accepted reservation for 2 places');
      expect(subjects(colleague)).toEqual(['Gost je odgovorio', 'Gost je otkazao rezervaciju', 'Novi zahtev za rezervaciju']);
      // Accepting (the venue's own doing) told the organizers nothing.
      expect((await aboutReservation(organizer, reservation.id)).map((item) => item.status).sort()).toEqual(['cancelled', 'pending', 'pending']);
    });

    it('tells the organizer when a waitlisted request moves up to pending; nothing for instant acceptances or cancelled requests', async () => {
      spyMail();
      const approval = await createEvent(t().services, { organizerId, mode: 'approval', capacity: 2 });
      const holder = await guest();
      const held = await reserve(holder, approval, 2);
      const waiting = await reserve(await guest('Vesna'), approval, 2);
      expect(waiting.status).toBe('waitlisted');
      await drainJobs(t().services);
      expect(await aboutReservation(organizer, waiting.id)).toEqual([]);
      // The holder gives up a request still pending: not news for the venue, but the waitlist moves up.
      await t().json('POST', `${API}/reservations/${held.id}/cancel`, { token: holder.token, body: {} });
      await drainJobs(t().services);
      expect((await aboutReservation(organizer, held.id)).map((item) => item.status)).toEqual(['pending']);
      const [moved] = await aboutReservation(organizer, waiting.id);
      expect(moved).toMatchObject({ status: 'pending', title: 'A request left the waitlist' });
      expect(moved!.body).toContain('Vesna Test for 2 places left the waitlist');
      expect(mailsTo(organizer).filter((mail) => mail.subject.startsWith('A request left the waitlist: '))).toHaveLength(1);

      const instant = await createEvent(t().services, { organizerId, mode: 'instant' });
      const taken = await reserve(await guest(), instant, 1);
      await drainJobs(t().services);
      expect(taken.status).toBe('accepted');
      expect(await aboutReservation(organizer, taken.id)).toEqual([]);
    });

    it('names a deleted guest anonymously, and skips members who are no longer organizers', async () => {
      const eventId = await createEvent(t().services, { organizerId, mode: 'approval' });
      const ana = await guest('Ana');
      const reservation = await reserve(ana, eventId, 1);
      const demoted = await createUser(t().services, { role: 'organizer' });
      await t().services.database.db.execute(sql`INSERT INTO organizer_members (organizer_id, user_id) VALUES (${organizerId}, ${demoted.id})`);
      await t().services.database.db.execute(sql`UPDATE users SET role = 'user' WHERE id = ${demoted.id}`);
      await drainJobs(t().services);
      await t().services.database.db.execute(sql`UPDATE users SET status = 'deleted', first_name = NULL, last_name = NULL WHERE id = ${ana.id}`);
      const [notice] = await aboutReservation(organizer, reservation.id);
      expect(notice!.body).toMatch(/^A guest asks for 1 place at /);
      const rows = (await t().services.database.db.execute(
        sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${demoted.id}`,
      )) as unknown as { rows: { n: number }[] };
      expect(Number(rows.rows[0]!.n)).toBe(0);
    });

    it('is idempotent: a retried or re-run job never notifies an organizer twice', async () => {
      let failures = 1;
      vi.spyOn(t().services.mailer, 'send').mockImplementation(async (message) => {
        // The first organizer e-mail fails: the job is retried later.
        if (message.to === organizer.email && failures-- > 0) throw new Error('SMTP down');
        sent.push(message);
      });
      const eventId = await createEvent(t().services, { organizerId, mode: 'approval' });
      const reservation = await reserve(await guest(), eventId, 2);
      await drainJobs(t().services);
      expect(await aboutReservation(organizer, reservation.id)).toHaveLength(1);
      expect(mailsTo(organizer)).toHaveLength(0);
      const venueJobs = sql`type = 'reservation.notify_venue' AND payload->>'history_id' IN
        (SELECT id::text FROM reservation_history WHERE reservation_id = ${reservation.id})`;
      // The retry: the organizer's e-mail goes out; the colleague's (already sent) does not go again.
      await t().services.database.db.execute(sql`UPDATE jobs SET run_at = now() - interval '1 second' WHERE status = 'pending' AND ${venueJobs}`);
      await drainJobs(t().services);
      expect(mailsTo(organizer)).toHaveLength(1);
      expect(mailsTo(colleague)).toHaveLength(1);

      // A worker that died after finishing: the same job runs again, and nothing is repeated.
      await t().services.database.db.execute(sql`UPDATE jobs SET status = 'pending', run_at = now() - interval '1 second' WHERE ${venueJobs}`);
      await drainJobs(t().services);
      expect(mailsTo(organizer)).toHaveLength(1);
      expect(mailsTo(colleague)).toHaveLength(1);
      expect(await aboutReservation(organizer, reservation.id)).toHaveLength(1);
      expect(await aboutReservation(colleague, reservation.id)).toHaveLength(1);
      // And enqueueing it again is a no-op (one job per audit line).
      const jobs = (await t().services.database.db.execute(sql`SELECT count(*)::int AS n FROM jobs WHERE ${venueJobs}`)) as unknown as { rows: { n: number }[] };
      expect(Number(jobs.rows[0]!.n)).toBe(1);
    });
  },
  { env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'kuda-organizer-notifications-')) } },
);
