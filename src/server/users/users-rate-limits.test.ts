import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { describeApi } from '../../../tests/support/test-app';
import type { Problem } from '../../shared/schemas/problem';
import { phoneCodes } from '../db/schema';
import { accountsEnv, api, linkedToken, PASSWORD, registerAndSignIn, uniqueEmail, uniquePhone } from './users-test-kit';

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
      const wrong = (email: string, ip: string) =>
        call('POST', '/users/email_password_login', { body: { email, password: 'Wrong-pass!123' }, token: guestToken, ip });
      let guestToken = '';
      const signInAs = (email: string, password: string, ip: string) =>
        call('POST', '/users/email_password_login', { body: { email, password }, token: guestToken, ip });

      it("locks a guesser's address out of an account after 10 wrong passwords, but not the owner at another address", async () => {
        const session = await registerAndSignIn(t);
        guestToken = await t().guestToken();
        for (let i = 0; i < 10; i += 1) expect((await wrong(session.email, '198.51.100.1')).status).toBe(401);
        // Even the right password waits at the guesser's address, whatever the e-mail's case.
        expectLimited(await signInAs(session.email.toUpperCase(), PASSWORD, '198.51.100.1'));
        expect((await signInAs(session.email, PASSWORD, '198.51.100.2')).status).toBe(200);
        // An unknown e-mail is locked the same way, so the limit does not tell which accounts exist.
        const ghost = uniqueEmail('ghost');
        for (let i = 0; i < 10; i += 1) await wrong(ghost, '198.51.100.1');
        expectLimited(await wrong(ghost, '198.51.100.1'));
      });

      it('locks an account at every address after 100 wrong passwords from many addresses', async () => {
        const session = await registerAndSignIn(t);
        guestToken = await t().guestToken();
        for (let address = 0; address < 10; address += 1) {
          const results = await Promise.all(Array.from({ length: 10 }, () => wrong(session.email, `198.51.101.${address}`)));
          expect(results.map((res) => res.status)).toEqual(Array(10).fill(401));
        }
        expectLimited(await signInAs(session.email, PASSWORD, '198.51.101.200'));
      });

      it('lifts the lock at once when the owner completes a password reset', async () => {
        const session = await registerAndSignIn(t);
        guestToken = await t().guestToken();
        for (let i = 0; i < 10; i += 1) await wrong(session.email, '198.51.102.1');
        expectLimited(await signInAs(session.email, PASSWORD, '198.51.102.1'));
        expect((await call('POST', '/users/request_password_reset', { body: { email: session.email }, token: guestToken })).status).toBe(202);
        await t().services.jobs.runDue();
        const token = linkedToken(t().services.config.DATA_DIR, session.email, '/reset-password');
        const fresh = 'Fresh-Kuda!77y';
        expect((await call('POST', '/users/reset_password', { body: { token, password: fresh }, token: guestToken })).status).toBe(200);
        expect((await signInAs(session.email, fresh, '198.51.102.1')).status).toBe(200);
      });

      it('checks at most 10 of 25 wrong passwords sent at once; the rest are refused unchecked', async () => {
        const session = await registerAndSignIn(t);
        guestToken = await t().guestToken();
        const results = await Promise.all(Array.from({ length: 25 }, () => wrong(session.email, '198.51.103.1')));
        const statuses = results.map((res) => res.status).sort();
        expect(statuses).toEqual([...Array(10).fill(401), ...Array(15).fill(429)]);
      });

      it('never locks out a person who signs in successfully again and again', async () => {
        const session = await registerAndSignIn(t);
        const guest = await t().guestToken();
        for (let i = 0; i < 12; i += 1) {
          const res = await call('POST', '/users/email_password_login', { body: { email: session.email, password: PASSWORD }, token: guest, ip: '198.51.104.1' });
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
