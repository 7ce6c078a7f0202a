import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { describeApi } from '../../../tests/support/test-app';
import type { EmailChanged, SessionList } from '../../shared/schemas/account-settings';
import type { Problem } from '../../shared/schemas/problem';
import type { SignInResponse, User } from '../../shared/schemas/users';
import { emailChanges } from '../db/schema';
import { SIGN_IN_LIMITS } from './account-limits';
import { accountsEnv, api, mailTo, PASSWORD, registerAndSignIn, uniqueEmail } from './users-test-kit';

const NEW_PASSWORD = 'Another-secret!2027';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

describeApi(
  'account basics: password, e-mail, sessions',
  (t) => {
    const call = api(t);
    const dataDir = () => t().services.config.DATA_DIR;
    const signIn = async (email: string, password = PASSWORD, userAgent?: string) =>
      call<SignInResponse>('POST', '/users/email_password_login', {
        body: { email, password },
        token: await t().guestToken(),
        headers: userAgent ? { 'user-agent': userAgent } : {},
      });
    const confirmToken = (email: string) => mailTo(dataDir(), email).at(-1)?.text.match(/confirm-email\?token=([A-Za-z0-9_-]+)/)?.[1];

    describe('change_password', () => {
      it('refuses a wrong current password with a translated problem and changes nothing', async () => {
        const person = await registerAndSignIn(t);
        const res = await call<Problem>('POST', '/users/change_password', {
          token: person.access_token,
          body: { current_password: 'not-my-password', new_password: NEW_PASSWORD },
          headers: { 'accept-language': 'en' },
        });
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ code: 'password_incorrect', detail: 'The password is not correct.' });
        expect((await signIn(person.email)).status).toBe(200);
      });

      it('counts wrong current passwords like sign-in: the 11th from one address is refused with 429, unchecked', async () => {
        const person = await registerAndSignIn(t);
        const ip = '10.200.1.1';
        const attempt = (current: string) =>
          call<Problem>('POST', '/users/change_password', { token: person.access_token, body: { current_password: current, new_password: NEW_PASSWORD }, ip });
        for (let i = 0; i < SIGN_IN_LIMITS.perAddress; i += 1) expect((await attempt('wrong-password')).status).toBe(403);
        const locked = await attempt(PASSWORD);
        expect(locked.status).toBe(429);
        expect(locked.body.code).toBe('rate_limited');
        expect((await signIn(person.email)).status).toBe(200);
      });

      it('applies the password rules of registration to the new one', async () => {
        const person = await registerAndSignIn(t);
        const res = await call<Problem>('POST', '/users/change_password', {
          token: person.access_token,
          body: { current_password: PASSWORD, new_password: 'short' },
          headers: { 'accept-language': 'en' },
        });
        expect(res.status).toBe(400);
        expect(res.body.errors?.new_password).toHaveLength(1);
      });

      it('signs every other session out, keeps this one, and tells the person by e-mail', async () => {
        const person = await registerAndSignIn(t);
        const other = await signIn(person.email);
        const res = await call('POST', '/users/change_password', {
          token: person.access_token,
          body: { current_password: PASSWORD, new_password: NEW_PASSWORD },
        });
        expect(res.status).toBe(200);
        expect((await call('GET', '/users/get_user', { token: person.access_token })).status).toBe(200);
        expect((await call('GET', '/users/get_user', { token: other.body.access_token })).status).toBe(401);
        expect((await signIn(person.email, PASSWORD)).status).toBe(401);
        expect((await signIn(person.email, NEW_PASSWORD)).status).toBe(200);
        await t().services.jobs.runDue();
        const mail = mailTo(dataDir(), person.email).find((message) => message.text.includes('/forgot-password'));
        expect(mail?.text).toBeDefined();
        // A security e-mail: no unsubscribe.
        expect(JSON.stringify(mail)).not.toContain('List-Unsubscribe');
      });
    });

    describe('sessions', () => {
      it('lists the signed-in devices with the caller marked, and revokes only the caller’s own', async () => {
        const person = await registerAndSignIn(t);
        const firefox = await signIn(person.email, PASSWORD, FIREFOX);
        const list = await call<SessionList>('GET', '/users/sessions', { token: person.access_token });
        expect(list.status).toBe(200);
        expect(list.headers.get('cache-control')).toContain('no-store');
        expect(list.body.items).toHaveLength(2);
        const current = list.body.items.find((item) => item.current);
        const other = list.body.items.find((item) => !item.current);
        expect(current).toBeDefined();
        expect(other).toMatchObject({ device: 'Firefox · Linux', current: false });

        const stranger = await registerAndSignIn(t);
        expect((await call<Problem>('DELETE', `/users/sessions/${other!.id}`, { token: stranger.access_token })).status).toBe(404);
        expect((await call('GET', '/users/get_user', { token: firefox.body.access_token })).status).toBe(200);

        expect((await call('DELETE', `/users/sessions/${other!.id}`, { token: person.access_token })).status).toBe(204);
        expect((await call('GET', '/users/get_user', { token: firefox.body.access_token })).status).toBe(401);
        const after = await call<SessionList>('GET', '/users/sessions', { token: person.access_token });
        expect(after.body.items.map((item) => item.id)).toEqual([current!.id]);
        expect((await call('DELETE', `/users/sessions/${other!.id}`, { token: person.access_token })).status).toBe(404);
      });

      it('records the last use at refresh', async () => {
        const person = await registerAndSignIn(t);
        const refreshed = await call<SignInResponse>('POST', '/auth/refresh_token', { body: { refreshToken: person.refresh_token } });
        expect(refreshed.status).toBe(200);
        const list = await call<SessionList>('GET', '/users/sessions', { token: refreshed.body.access_token });
        expect(list.body.items[0]?.last_seen_at).not.toBeNull();
      });
    });

    describe('change_email', () => {
      it('mails a link to the new address and a notice to the old one; the link switches and verifies the address once', async () => {
        const person = await registerAndSignIn(t);
        const newEmail = uniqueEmail('moved');
        const wrong = await call<Problem>('POST', '/users/change_email', { token: person.access_token, body: { new_email: newEmail, password: 'nope' } });
        expect(wrong.status).toBe(403);
        const res = await call('POST', '/users/change_email', { token: person.access_token, body: { new_email: newEmail, password: PASSWORD } });
        expect(res.status).toBe(202);
        await t().services.jobs.runDue();
        expect(mailTo(dataDir(), person.email).some((mail) => mail.text.includes(newEmail))).toBe(true);
        const token = confirmToken(newEmail);
        expect(token).toBeDefined();
        // Only the hash is kept.
        const rows = await t().services.database.db.select().from(emailChanges).where(eq(emailChanges.newEmail, newEmail));
        expect(rows[0]?.tokenHash).not.toBe(token);

        const confirmed = await call<EmailChanged>('POST', '/users/confirm_email', { token: await t().guestToken(), body: { token } });
        expect(confirmed.status).toBe(200);
        expect(confirmed.body).toEqual({ status: 'email_changed', email: newEmail });
        const user = await call<{ user: User }>('GET', '/users/get_user', { token: person.access_token });
        expect(user.body.user).toMatchObject({ email: newEmail, email_verified: true });
        expect((await signIn(newEmail)).status).toBe(200);
        const again = await call<Problem>('POST', '/users/confirm_email', { token: await t().guestToken(), body: { token } });
        expect(again.status).toBe(400);
        expect(again.body.code).toBe('email_token_invalid');
      });

      it('refuses an address already taken, and one taken between the request and the link', async () => {
        const person = await registerAndSignIn(t);
        const taken = await registerAndSignIn(t);
        const direct = await call<Problem>('POST', '/users/change_email', {
          token: person.access_token,
          body: { new_email: taken.email, password: PASSWORD },
        });
        expect(direct.status).toBe(409);
        expect(direct.body.code).toBe('email_taken');

        const wanted = uniqueEmail('wanted');
        await call('POST', '/users/change_email', { token: person.access_token, body: { new_email: wanted, password: PASSWORD } });
        await t().services.jobs.runDue();
        const token = confirmToken(wanted);
        await registerAndSignIn(t, { email: wanted });
        const late = await call<Problem>('POST', '/users/confirm_email', { token: await t().guestToken(), body: { token } });
        expect(late.status).toBe(409);
        expect(late.body.code).toBe('email_taken');
        const user = await call<{ user: User }>('GET', '/users/get_user', { token: person.access_token });
        expect(user.body.user.email).toBe(person.email);
      });

      it('refuses an expired link', async () => {
        const person = await registerAndSignIn(t);
        const newEmail = uniqueEmail('late');
        await call('POST', '/users/change_email', { token: person.access_token, body: { new_email: newEmail, password: PASSWORD } });
        await t().services.jobs.runDue();
        const token = confirmToken(newEmail);
        await t()
          .services.database.db.update(emailChanges)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(emailChanges.newEmail, newEmail));
        const res = await call<Problem>('POST', '/users/confirm_email', {
          token: await t().guestToken(),
          body: { token },
          headers: { 'accept-language': 'en' },
        });
        expect(res.status).toBe(400);
        expect(res.body.detail).toBe('This confirmation link is invalid, expired or already used.');
      });
    });
  },
  { env: accountsEnv() },
);
