import { describe, expect, it } from 'vitest';
import { describeApi, TEST_JWT_SECRET } from '../../../tests/support/test-app';
import type { NotificationSettings, Unsubscribed } from '../../shared/schemas/account-settings';
import type { Problem } from '../../shared/schemas/problem';
import type { Reservation } from '../../shared/schemas/reservations';
import { userForCalendarSecret } from '../calendar/calendar-secret';
import { UnsubscribeTokens } from '../notifications/unsubscribe-tokens';
import { createEvent, createUser, drainJobs, makeJobsDue } from '../reservations/reservations-fixtures';
import { accountsEnv, api, mailTo, registerAndSignIn } from './users-test-kit';

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  kind?: string;
}

describeApi(
  'notification settings, the calendar URL and one-click unsubscribe',
  (t) => {
    const call = api(t);
    const dataDir = () => t().services.config.DATA_DIR;
    const settingsOf = (token: string) => call<NotificationSettings>('GET', '/users/notification_settings', { token });
    const mails = (email: string) => mailTo(dataDir(), email) as unknown as OutboxMail[];

    describe('settings', () => {
      it('answer the defaults with a personal calendar URL, never cached, and round-trip a partial update', async () => {
        const person = await registerAndSignIn(t);
        const first = await settingsOf(person.access_token);
        expect(first.status).toBe(200);
        expect(first.headers.get('cache-control')).toContain('no-store');
        expect(first.body).toMatchObject({ email_reservations: true, email_reminders: true, email_followed: true, email_digest: false, email_locale: null });
        expect(first.body.calendar_url).toMatch(/^https?:\/\/[^/]+\/calendar\/me\/[A-Za-z0-9_-]{40,}\.ics$/);
        // The same URL every time until it is reset.
        expect((await settingsOf(person.access_token)).body.calendar_url).toBe(first.body.calendar_url);

        const updated = await call<NotificationSettings>('POST', '/users/notification_settings', {
          token: person.access_token,
          body: { email_reminders: false, email_locale: 'uk' },
        });
        expect(updated.status).toBe(200);
        expect(updated.body).toMatchObject({ email_reservations: true, email_reminders: false, email_locale: 'uk' });
        expect((await settingsOf(person.access_token)).body).toEqual(updated.body);
      });

      it('refuse bad input with a translated problem and change nothing', async () => {
        const person = await registerAndSignIn(t);
        for (const body of [{ email_locale: 'de' }, { email_digest: 'yes' }, {}, { calendar_url: 'x' }]) {
          const res = await call<Problem>('POST', '/users/notification_settings', { token: person.access_token, body, headers: { 'accept-language': 'en' } });
          expect(res.status).toBe(400);
          expect(res.body.code).toBe('validation_failed');
        }
        expect((await settingsOf(person.access_token)).body).toMatchObject({ email_digest: false, email_locale: null });
      });

      it('are for signed-in people only', async () => {
        expect((await settingsOf(await t().guestToken())).status).toBe(401);
      });

      it('reset_calendar_url gives a new URL and the old one is gone', async () => {
        const person = await registerAndSignIn(t);
        const before = (await settingsOf(person.access_token)).body.calendar_url;
        const reset = await call<{ calendar_url: string }>('POST', '/users/reset_calendar_url', { token: person.access_token, body: {} });
        expect(reset.status).toBe(200);
        expect(reset.body.calendar_url).not.toBe(before);
        expect((await settingsOf(person.access_token)).body.calendar_url).toBe(reset.body.calendar_url);
        const secretOf = (url: string) => url.match(/\/calendar\/me\/([^/]+)\.ics$/)![1]!;
        const db = t().services.database.db;
        expect(await userForCalendarSecret(db, secretOf(before))).toBeNull();
        expect(await userForCalendarSecret(db, secretOf(reset.body.calendar_url))).not.toBeNull();
      });
    });

    describe('the reservation e-mails', () => {
      const reserve = async (token: string, eventId: number) =>
        (await t().json<Reservation>('POST', '/api/v1/reservations', { token, body: { event_id: eventId, party_size: 2 } })).body;

      it('carry the one-click unsubscribe headers and footer link, in the chosen e-mail language', async () => {
        const user = await createUser(t().services, { locale: 'en', firstName: 'Milica' });
        await call('POST', '/users/notification_settings', { token: user.token, body: { email_locale: 'sr' } });
        await reserve(user.token, await createEvent(t().services, { mode: 'instant' }));
        await drainJobs(t().services);
        const [mail] = mails(user.email);
        expect(mail?.subject).toBe('Rezervacija je potvrđena');
        expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
        const oneClick = mail?.headers?.['List-Unsubscribe']?.match(/^<(https?:\/\/[^>]+\/unsubscribe\?token=([^>]+))>$/);
        expect(oneClick).not.toBeNull();
        expect(mail?.text).toContain(`/sr/unsubscribe?token=${oneClick![2]}`);
        expect(mail?.html).toContain(`/sr/unsubscribe?token=${oneClick![2]}`);
        expect(mail?.html).toContain('Odjavi se sa ovih poruka');
      });

      it('are not sent when turned off (the in-app notification still is), and reminders obey their own switch', async () => {
        const user = await createUser(t().services, { locale: 'en' });
        await call('POST', '/users/notification_settings', { token: user.token, body: { email_reservations: false } });
        const eventId = await createEvent(t().services, { mode: 'instant', startsInHours: 30 });
        await reserve(user.token, eventId);
        await drainJobs(t().services);
        expect(mails(user.email)).toEqual([]);
        const bell = await t().json<{ unread_count: number }>('GET', '/api/v1/notifications', { token: user.token });
        expect(bell.body.unread_count).toBe(1);
        // The day-before reminder still comes by e-mail: it has its own switch.
        await makeJobsDue(t().services);
        await drainJobs(t().services);
        expect(mails(user.email).map((mail) => mail.kind)).toEqual(['reminders']);
      });
    });

    describe('POST /unsubscribe', () => {
      it('turns the named kind off with no sign-in, answers no-store; a forged token changes nothing', async () => {
        const person = await registerAndSignIn(t);
        const userId = (await call<{ user: { id: string } }>('GET', '/users/get_user', { token: person.access_token })).body.user.id;
        const token = await new UnsubscribeTokens('another-secret-than-the-apps-0123456789').sign({ userId, kind: 'reservations' });
        const forged = await t().http(`/unsubscribe?token=${token}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
          body: 'List-Unsubscribe=One-Click',
        });
        expect(forged.status).toBe(400);
        expect(((await forged.json()) as Problem).detail).toBe('This unsubscribe link is not valid.');
        expect((await settingsOf(person.access_token)).body.email_reservations).toBe(true);

        const links = await new UnsubscribeTokens(TEST_JWT_SECRET).links(t().baseUrl, { userId, kind: 'reminders', locale: 'en' });
        // A GET is the page: it changes nothing.
        await t().http(new URL(links.oneClick).pathname + new URL(links.oneClick).search);
        expect((await settingsOf(person.access_token)).body.email_reminders).toBe(true);
        const real = await t().http(new URL(links.oneClick).pathname + new URL(links.oneClick).search, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'List-Unsubscribe=One-Click',
        });
        expect(real.status).toBe(200);
        expect(real.headers.get('cache-control')).toContain('no-store');
        expect((await real.json()) as Unsubscribed).toEqual({ status: 'unsubscribed', kind: 'reminders' });
        expect((await settingsOf(person.access_token)).body).toMatchObject({ email_reminders: false, email_reservations: true });
      });
    });
  },
  { env: accountsEnv() },
);
