import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { describeApi } from '../../../tests/support/test-app';
import type { Problem } from '../../shared/schemas/problem';
import { phoneCodes } from '../db/schema';
import { accountsEnv, api, PASSWORD, registerAndSignIn, uniqueEmail, uniquePhone } from './users-test-kit';

/** Each limit answers a 429 problem with Retry-After; other clients and accounts are not affected. */
describeApi(
  'accounts rate limits',
  (t) => {
    const call = api(t);

    const expectLimited = (res: { status: number; body: unknown; headers: Headers }) => {
      expect(res.status).toBe(429);
      expect((res.body as Problem).code).toBe('rate_limited');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((res.body as Problem).retry_after).toBe(Number(res.headers.get('retry-after')));
    };

    describe('sign-in', () => {
      it('locks one account after 10 failed attempts in 15 minutes, from any number of addresses', async () => {
        const session = await registerAndSignIn(t);
        const guest = await t().guestToken();
        for (let i = 0; i < 10; i += 1) {
          const res = await call('POST', '/users/email_password_login', { body: { email: session.email, password: 'Wrong-pass!123' }, token: guest });
          expect(res.status).toBe(401);
        }
        // Even the right password, from yet another address, now waits.
        expectLimited(await call('POST', '/users/email_password_login', { body: { email: session.email.toUpperCase(), password: PASSWORD }, token: guest }));
        // An unknown e-mail is locked the same way, so the limit does not tell which accounts exist.
        const ghost = uniqueEmail('ghost');
        for (let i = 0; i < 10; i += 1) await call('POST', '/users/email_password_login', { body: { email: ghost, password: 'Wrong-pass!123' }, token: guest });
        expectLimited(await call('POST', '/users/email_password_login', { body: { email: ghost, password: 'Wrong-pass!123' }, token: guest }));
        // Another account is not affected.
        const other = await registerAndSignIn(t);
        expect(other.access_token).toBeTruthy();
      });

      it('never locks out a person who signs in successfully again and again', async () => {
        const session = await registerAndSignIn(t);
        const guest = await t().guestToken();
        for (let i = 0; i < 12; i += 1) {
          const res = await call('POST', '/users/email_password_login', { body: { email: session.email, password: PASSWORD }, token: guest });
          expect(res.status).toBe(200);
        }
      });

      it('limits one address to 30 attempts a minute, across accounts', async () => {
        const guest = await t().guestToken();
        const ip = '203.0.113.7';
        for (let i = 0; i < 30; i += 1) {
          const res = await call('POST', '/users/email_password_login', { body: { email: uniqueEmail('ip'), password: '' }, token: guest, ip });
          expect(res.status).toBe(400);
        }
        expectLimited(await call('POST', '/users/email_password_login', { body: { email: uniqueEmail('ip'), password: 'Wrong-pass!123' }, token: guest, ip }));
      });
    });

    it('limits registrations from one address to 30 in 10 minutes', async () => {
      const guest = await t().guestToken();
      const ip = '203.0.113.8';
      for (let i = 0; i < 30; i += 1) {
        const res = await call('POST', '/users/register_email', { body: { email: uniqueEmail('reg'), password: 'short' }, token: guest, ip });
        expect(res.status).toBe(400);
      }
      expectLimited(await call('POST', '/users/register_email', { body: { email: uniqueEmail('reg'), password: PASSWORD }, token: guest, ip }));
    });

    it('limits password reset requests for one e-mail to 3 an hour, answering alike for unknown ones', async () => {
      const guest = await t().guestToken();
      const email = uniqueEmail('nobody');
      for (let i = 0; i < 3; i += 1) expect((await call('POST', '/users/request_password_reset', { body: { email }, token: guest })).status).toBe(202);
      expectLimited(await call('POST', '/users/request_password_reset', { body: { email }, token: guest }));
    });

    it('limits code checks per user, beyond the five tries per code', async () => {
      const session = await registerAndSignIn(t);
      const token = session.access_token;
      let last = { status: 0, body: undefined as unknown, headers: new Headers() };
      for (let i = 0; i < 21; i += 1) last = await call('POST', '/users/verify_phone', { body: { code: '000000' }, token });
      expectLimited(last);
    });

    it('limits code sends per user to 10 an hour, whatever the address', async () => {
      const session = await registerAndSignIn(t);
      const token = session.access_token;
      let last = { status: 0, body: undefined as unknown, headers: new Headers() };
      for (let i = 0; i < 11; i += 1) {
        // Past the one-a-minute throttle each time, so only the hourly limit can refuse.
        await t().services.database.db.update(phoneCodes).set({ sentAt: new Date(Date.now() - 120_000) }).where(eq(phoneCodes.userId, session.user.id));
        last = await call('POST', '/users/add_additional_information', { body: { name: 'A', last_name: 'B', phone_number: uniquePhone().e164 }, token });
      }
      expectLimited(last);
      expect((last.body as Problem).detail).toMatch(/\d+/);
    });

    describe('code sends per address and per number', () => {
      const backdate = (userId: string) =>
        t().services.database.db.update(phoneCodes).set({ sentAt: new Date(Date.now() - 120_000) }).where(eq(phoneCodes.userId, userId));
      const addPhone = (token: string, phone: string, ip?: string) =>
        call<Problem>('POST', '/users/add_additional_information', { body: { name: 'A', last_name: 'B', phone_number: phone }, token, ip });

      it('limits one address to 20 code sends an hour, across accounts and numbers', async () => {
        const ip = '203.0.113.21';
        for (let i = 0; i < 20; i += 1) {
          const session = await registerAndSignIn(t);
          expect((await addPhone(session.access_token, uniquePhone().e164, ip)).status).toBe(202);
        }
        const next = await registerAndSignIn(t);
        expectLimited(await addPhone(next.access_token, uniquePhone().e164, ip));
        // resend_otp_code counts against the same address.
        expectLimited(await call('POST', '/users/resend_otp_code', { token: next.access_token, ip }));
        // Another address is not affected.
        expect((await addPhone(next.access_token, uniquePhone().e164)).status).toBe(202);
      });

      it('limits one destination number to 5 codes an hour, however it is written and whichever account asks', async () => {
        const victim = uniquePhone();
        const sessions = [];
        for (let i = 0; i < 4; i += 1) {
          const session = await registerAndSignIn(t);
          sessions.push(session);
          // The local form and E.164 are one number.
          expect((await addPhone(session.access_token, i % 2 ? victim.local : victim.e164)).status).toBe(202);
        }
        // A resend to the number counts too (past the one-a-minute throttle, so only this limit can refuse).
        await backdate(sessions[0]!.user.id);
        expect((await call('POST', '/users/resend_otp_code', { token: sessions[0]!.access_token })).status).toBe(202);
        await backdate(sessions[0]!.user.id);
        const resend = await call<Problem>('POST', '/users/resend_otp_code', { token: sessions[0]!.access_token, headers: { 'accept-language': 'en' } });
        expectLimited(resend);
        expect(resend.body.detail).toMatch(/^Too many attempts\. Try again in \d+ s\.$/);
        const another = await registerAndSignIn(t);
        expectLimited(await addPhone(another.access_token, victim.e164));
        // Another number is not affected.
        expect((await addPhone(another.access_token, uniquePhone().e164)).status).toBe(202);
      });
    });
  },
  { env: accountsEnv() },
);
