import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, expect, it, vi } from 'vitest';
import type { NotificationList, Reservation } from '../../shared/schemas/reservations';
import { describeApi } from '../../../tests/support/test-app';
import { createEvent, createUser, drainJobs, makeJobsDue, type TestUser } from '../reservations/reservations-fixtures';
import type { MailMessage } from './mailer';

const API = '/api/v1';

describeApi(
  'notifications: in-app and e-mail, through the job queue',
  (t) => {
    const sent: MailMessage[] = [];
    const spy = () =>
      vi.spyOn(t().services.mailer, 'send').mockImplementation(async (message) => {
        sent.push(message);
      });
    afterEach(() => {
      vi.restoreAllMocks();
      sent.length = 0;
    });

    const reserve = async (user: TestUser, eventId: number, partySize = 2) =>
      (
        await t().json<Reservation>('POST', `${API}/reservations`, {
          token: user.token,
          body: { event_id: eventId, party_size: partySize },
          headers: { 'accept-language': 'en' },
        })
      ).body;
    const bell = (user: TestUser, lang = 'en', query = '') =>
      t().json<NotificationList>('GET', `${API}/notifications${query}`, { token: user.token, headers: { 'accept-language': lang } });

    it('notifies every status change in the app (rendered in the request language) and by e-mail (in the user’s)', async () => {
      spy();
      const user = await createUser(t().services, { locale: 'sr', firstName: 'Milica' });
      const eventId = await createEvent(t().services, { mode: 'instant' });
      const reservation = await reserve(user, eventId);
      // Nothing is sent inside the request: the job does it.
      expect((await bell(user)).body.items).toEqual([]);
      await drainJobs(t().services);

      const english = await bell(user, 'en');
      expect(english.status).toBe(200);
      expect(english.body.unread_count).toBe(1);
      expect(english.body.items).toHaveLength(1);
      expect(english.body.items[0]).toMatchObject({
        type: 'reservation_status',
        title: 'Reservation confirmed',
        reservation_id: reservation.id,
        status: 'accepted',
        actions: [],
        read_at: null,
        // Its time is shown in the event's zone, not the reader's device's.
        time_zone: reservation.event.time_zone,
      });
      expect(english.body.items[0]!.body).toContain(`Your code: ${reservation.code}`);
      expect(english.body.items[0]!.body).toContain(reservation.event.title);
      const ukrainian = await bell(user, 'uk');
      expect(ukrainian.body.items[0]!.title).toBe('Бронювання підтверджено');
      expect(ukrainian.body.items[0]!.body).toContain('Концерт');

      const mails = sent.filter((mail) => mail.to === user.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Rezervacija je potvrđena');
      expect(mails[0]!.text).toContain('Zdravo Milica,');
      expect(mails[0]!.text).toContain(`/sr/reservation/${reservation.id}`);
      expect(mails[0]!.html).toContain('lang="sr"');

      await t().json('POST', `${API}/reservations/${reservation.id}/cancel`, { token: user.token, body: {} });
      await drainJobs(t().services);
      const after = await bell(user, 'en');
      expect(after.body.unread_count).toBe(2);
      expect(after.body.items.map((item) => [item.title, item.status])).toEqual([
        ['Reservation cancelled', 'cancelled'],
        ['Reservation confirmed', 'accepted'],
      ]);
      expect(sent.filter((mail) => mail.to === user.email).map((mail) => mail.subject)).toEqual([
        'Rezervacija je potvrđena',
        'Rezervacija je otkazana',
      ]);
    });

    it('carries the venue’s message and notifies the waitlisted guest who moves up', async () => {
      spy();
      const admin = await createUser(t().services, { role: 'admin' });
      const holder = await createUser(t().services);
      const waiting = await createUser(t().services, { locale: 'ru' });
      const eventId = await createEvent(t().services, { mode: 'approval', capacity: 2 });
      const held = await reserve(holder, eventId, 2);
      const line = await reserve(waiting, eventId, 2);
      await t().services.reservations.decide({ actorUserId: admin.id, id: held.id, decision: { status: 'action_needed', message: 'Bring your student cards.' } });
      await drainJobs(t().services);
      // Jobs drained together may run in any order: find the notification by what it announces.
      const asked = (await bell(holder)).body.items.find((item) => item.status === 'action_needed')!;
      expect(asked).toMatchObject({ title: 'The venue needs something from you', status: 'action_needed' });
      expect(asked.body).toContain('Message from the venue: Bring your student cards.');
      const mail = sent.find((message) => message.to === holder.email && message.subject === 'The venue needs something from you');
      expect(mail?.text).toContain('Bring your student cards.');

      await t().services.reservations.decide({ actorUserId: admin.id, id: held.id, decision: { status: 'rejected' } });
      await drainJobs(t().services);
      expect((await bell(holder)).body.items[0]).toMatchObject({ title: 'Reservation declined', status: 'rejected' });
      const moved = (await bell(waiting)).body.items[0]!;
      expect(moved).toMatchObject({ title: 'A place freed up', status: 'pending', reservation_id: line.id });
      expect(sent.find((message) => message.to === waiting.email && message.subject === 'Освободилось место')).toBeTruthy();
    });

    it('marks read: given ids, or all; never someone else’s', async () => {
      const user = await createUser(t().services);
      const other = await createUser(t().services);
      for (let i = 0; i < 3; i++) await reserve(user, await createEvent(t().services));
      await reserve(other, await createEvent(t().services));
      await drainJobs(t().services);
      const { body } = await bell(user);
      expect(body.unread_count).toBe(3);
      const mine = body.items.map((item) => item.id);
      const theirs = (await bell(other)).body.items.map((item) => item.id);

      const one = await t().json<{ unread_count: number }>('POST', `${API}/notifications/read`, {
        token: user.token,
        body: { ids: [mine[0], ...theirs] },
      });
      expect(one).toMatchObject({ status: 200, body: { unread_count: 2 } });
      expect((await bell(other)).body.unread_count).toBe(1);
      const unread = await bell(user, 'en', '?unread=true');
      expect(unread.body.items.map((item) => item.id)).toEqual(mine.slice(1));

      const page = await bell(user, 'en', '?limit=2');
      expect(page.body.items).toHaveLength(2);
      const rest = await bell(user, 'en', `?limit=2&cursor=${page.body.next_cursor}`);
      expect(rest.body.items.map((item) => item.id)).toEqual([mine[2]]);

      const all = await t().json<{ unread_count: number }>('POST', `${API}/notifications/read`, { token: user.token, body: {} });
      expect(all.body.unread_count).toBe(0);
      expect((await bell(user)).body.items.every((item) => item.read_at !== null)).toBe(true);
      const bad = await t().json('POST', `${API}/notifications/read`, { token: user.token, body: { ids: [] } });
      expect(bad.status).toBe(400);
    });

    it('is idempotent: a failed or re-run job never notifies twice', async () => {
      const user = await createUser(t().services);
      let failures = 1;
      vi.spyOn(t().services.mailer, 'send').mockImplementation(async (message) => {
        if (failures-- > 0) throw new Error('SMTP down');
        sent.push(message);
      });
      await reserve(user, await createEvent(t().services));
      await drainJobs(t().services);
      // The e-mail failed: the in-app notification is there, the job waits for its retry.
      expect((await bell(user)).body.items).toHaveLength(1);
      expect(sent.filter((mail) => mail.to === user.email)).toHaveLength(0);
      await makeJobsDue(t().services);
      await drainJobs(t().services);
      // (making every job due also ran the reminder: only status notifications count here)
      const statusOnly = async () => (await bell(user)).body.items.filter((item) => item.type === 'reservation_status');
      const statusMails = () => sent.filter((mail) => mail.to === user.email && !mail.subject.startsWith('Reminder'));
      expect(await statusOnly()).toHaveLength(1);
      expect(statusMails()).toHaveLength(1);

      // A worker that died after finishing: the same job runs again, nothing is sent twice.
      await t().services.database.db.execute(
        sql`UPDATE jobs SET status = 'pending', run_at = now() - interval '1 second' WHERE type = 'reservation.notify'`,
      );
      await drainJobs(t().services);
      expect(await statusOnly()).toHaveLength(1);
      expect(statusMails()).toHaveLength(1);
    });

    it('reminds the day before with one-tap "I’m coming" and "Cancel"', async () => {
      spy();
      const user = await createUser(t().services);
      const eventId = await createEvent(t().services, { mode: 'instant', startsInHours: 72 });
      const reservation = await reserve(user, eventId);
      const jobs = (await t().services.database.db.execute(
        sql`SELECT run_at FROM jobs WHERE idempotency_key = ${`reservation.reminder:${reservation.id}`}`,
      )) as unknown as { rows: { run_at: string | Date }[] };
      const runAt = new Date(jobs.rows[0]!.run_at).getTime();
      expect(Math.abs(runAt - (new Date(reservation.event.starts_at).getTime() - 24 * 3_600_000))).toBeLessThan(1000);
      await drainJobs(t().services);
      expect((await bell(user)).body.items.map((item) => item.type)).toEqual(['reservation_status']);

      await makeJobsDue(t().services);
      await drainJobs(t().services);
      const reminder = (await bell(user)).body.items[0]!;
      expect(reminder).toMatchObject({ type: 'reservation_reminder', status: 'accepted', reservation_id: reservation.id });
      expect(reminder.title).toBe(`Reminder: ${reservation.event.title}`);
      expect(reminder.actions).toEqual([
        { kind: 'confirm', label: "I'm coming", method: 'POST', path: `/reservations/${reservation.id}/confirm` },
        { kind: 'cancel', label: 'Cancel reservation', method: 'POST', path: `/reservations/${reservation.id}/cancel` },
      ]);
      const mail = sent.find((message) => message.to === user.email && message.subject.startsWith('Reminder'));
      expect(mail?.text).toContain(`/en/reservation/${reservation.id}?action=confirm`);
      expect(mail?.text).toContain(`/en/reservation/${reservation.id}?action=cancel`);

      const confirm = reminder.actions[0]!;
      expect((await t().json('POST', `${API}${confirm.path}`, { token: user.token, body: {} })).status).toBe(200);
      expect((await bell(user)).body.items[0]!.actions.map((action) => action.kind)).toEqual(['cancel']);
    });

    it('re-checks at run time: no reminder for a reservation cancelled meanwhile, nor for a deleted account', async () => {
      spy();
      const cancelled = await createUser(t().services);
      const deleted = await createUser(t().services);
      const eventId = await createEvent(t().services, { mode: 'instant', startsInHours: 72 });
      const first = await reserve(cancelled, eventId, 1);
      await reserve(deleted, eventId, 1);
      await t().json('POST', `${API}/reservations/${first.id}/cancel`, { token: cancelled.token, body: {} });
      await t().services.database.db.execute(
        sql`UPDATE users SET status = 'deleted', email = NULL, first_name = NULL, last_name = NULL WHERE id = ${deleted.id}`,
      );
      await makeJobsDue(t().services);
      await drainJobs(t().services);
      expect((await bell(cancelled)).body.items.map((item) => item.type)).toEqual(['reservation_status', 'reservation_status']);
      expect(sent.filter((mail) => mail.to === deleted.email)).toEqual([]);
      const rows = (await t().services.database.db.execute(
        sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${deleted.id}`,
      )) as unknown as { rows: { n: number }[] };
      expect(Number(rows.rows[0]!.n)).toBe(0);
    });
  },
  { env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'kuda-notifications-')) } },
);
