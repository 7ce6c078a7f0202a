import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { describeApi } from '../../../tests/support/test-app';
import { accounts, jobs, passwordResets, phoneCodes } from '../db/schema';
import type { Eligibility, OtpSent, SignInResponse, User } from '../../shared/schemas/users';
import type { Problem } from '../../shared/schemas/problem';
import {
  accountsEnv,
  api,
  latestCode,
  mailsLinking,
  mailTo,
  PASSWORD,
  registerAndSignIn,
  smsTo,
  uniqueEmail,
  uniquePhone,
} from './users-test-kit';

const PUBLIC_USER_KEYS = ['created_at', 'email', 'email_verified', 'first_name', 'has_password', 'id', 'last_name', 'locale', 'name', 'organizer_role', 'phone_number', 'phone_verified', 'role'];

describeApi(
  'accounts API',
  (t) => {
    const call = api(t);
    const db = () => t().services.database.db;
    const dataDir = () => t().services.config.DATA_DIR;

    describe('register_email', () => {
      it('creates an account and answers 201 {user} with public fields only, in the language of the request', async () => {
        const email = uniqueEmail('New.Person');
        const guest = await t().guestToken();
        const res = await call<{ user: User }>('POST', '/users/register_email', {
          body: { email, password: PASSWORD },
          token: guest,
          headers: { 'accept-language': 'uk-UA,uk;q=0.9,en;q=0.5' },
        });
        expect(res.status).toBe(201);
        expect(Object.keys(res.body.user).sort()).toEqual(PUBLIC_USER_KEYS);
        expect(res.body.user).toMatchObject({ email, role: 'user', locale: 'uk', phone_verified: false, has_password: true, first_name: null });
        expect(JSON.stringify(res.body)).not.toContain(PASSWORD);
        const [row] = await db().select({ hash: accounts.passwordHash }).from(accounts).where(eq(accounts.id, res.body.user.id));
        expect(row?.hash).toMatch(/^\$argon2id\$/);
      });

      it('answers 400 with a translated message per field for a malformed e-mail and a weak password', async () => {
        const res = await call<Problem>('POST', '/users/register_email', {
          body: { email: 'not-an-email', password: 'password1234' },
          token: await t().guestToken(),
          headers: { 'accept-language': 'en' },
        });
        expect(res.status).toBe(400);
        expect(res.headers.get('content-type')).toContain('application/problem+json');
        expect(res.body.code).toBe('validation_failed');
        expect(res.body.errors?.email).toEqual(['Enter a valid e-mail address.']);
        expect(res.body.errors?.password?.[0]).toMatch(/too easy to guess/);
      });

      it('refuses a short password and a missing field', async () => {
        const res = await call<Problem>('POST', '/users/register_email', {
          body: { password: 'Ab1!' },
          token: await t().guestToken(),
          headers: { 'accept-language': 'sr' },
        });
        expect(res.status).toBe(400);
        expect(res.body.errors?.email).toEqual(['Obavezno polje.']);
        expect(res.body.errors?.password).toEqual(['Lozinka mora imati najmanje 10 znakova.']);
      });

      it('refuses an e-mail that is taken, whatever its case', async () => {
        const email = uniqueEmail();
        const guest = await t().guestToken();
        expect((await call('POST', '/users/register_email', { body: { email, password: PASSWORD }, token: guest })).status).toBe(201);
        const again = await call<Problem>('POST', '/users/register_email', { body: { email: email.toUpperCase(), password: PASSWORD }, token: guest });
        expect(again.status).toBe(409);
        expect(again.body.code).toBe('email_taken');
      });

      it('needs a bearer token', async () => {
        const res = await call<Problem>('POST', '/users/register_email', { body: { email: uniqueEmail(), password: PASSWORD } });
        expect(res.status).toBe(401);
      });
    });

    describe('email_password_login', () => {
      it('signs in with tokens and the user, and the access token then works', async () => {
        const session = await registerAndSignIn(t);
        expect(session.access_token).toBeTruthy();
        expect(session.refresh_token).toBeTruthy();
        expect(Object.keys(session.user).sort()).toEqual(PUBLIC_USER_KEYS);
        const me = await call<{ user: User }>('GET', '/users/get_user', { token: session.access_token });
        expect(me.status).toBe(200);
        expect(me.body.user.email).toBe(session.email);
        expect((await call('GET', '/users/is_logged_in', { token: session.access_token })).body).toEqual({ logged_in: true });
        expect((await call('GET', '/users/is_logged_in', { token: await t().guestToken() })).body).toEqual({ logged_in: false });
      });

      it('accepts passedURL and e-mails in any case', async () => {
        const session = await registerAndSignIn(t);
        const res = await call<SignInResponse>('POST', '/users/email_password_login', {
          body: { email: session.email.toUpperCase(), password: PASSWORD, passedURL: '/en/events/1' },
          token: await t().guestToken(),
        });
        expect(res.status).toBe(200);
        expect(res.body.user.id).toBe(session.user.id);
      });

      it('answers a wrong password and an unknown e-mail identically', async () => {
        const session = await registerAndSignIn(t);
        const guest = await t().guestToken();
        const wrong = await call<Problem>('POST', '/users/email_password_login', { body: { email: session.email, password: 'Wrong-pass!123' }, token: guest });
        const unknown = await call<Problem>('POST', '/users/email_password_login', { body: { email: uniqueEmail('nobody'), password: 'Wrong-pass!123' }, token: guest });
        expect(wrong.status).toBe(401);
        expect(unknown.status).toBe(401);
        expect(wrong.body).toEqual(unknown.body);
        expect(wrong.body.code).toBe('invalid_credentials');
      });

      it('stores the language the sign-in request names', async () => {
        const session = await registerAndSignIn(t, { headers: { 'accept-language': 'en' } });
        expect(session.user.locale).toBe('en');
        const res = await call<SignInResponse>('POST', '/users/email_password_login', {
          body: { email: session.email, password: PASSWORD },
          token: await t().guestToken(),
          headers: { 'accept-language': 'ru-RU,ru;q=0.9' },
        });
        expect(res.body.user.locale).toBe('ru');
      });

      it('refuses a suspended account with 403 once the password matched', async () => {
        const session = await registerAndSignIn(t);
        await db().update(accounts).set({ status: 'suspended' }).where(eq(accounts.id, session.user.id));
        const res = await call<Problem>('POST', '/users/email_password_login', { body: { email: session.email, password: PASSWORD }, token: await t().guestToken() });
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('account_suspended');
      });

      it('answers 400 for a missing password', async () => {
        const res = await call<Problem>('POST', '/users/email_password_login', { body: { email: uniqueEmail() }, token: await t().guestToken() });
        expect(res.status).toBe(400);
        expect(res.body.errors?.password).toBeDefined();
      });
    });

    describe('user-only calls', () => {
      it.each([
        ['GET', '/users/get_user', undefined],
        ['POST', '/users/edit_user', { first_name: 'A', last_name: 'B' }],
        ['POST', '/users/add_additional_information', { name: 'A', last_name: 'B', phone_number: '0641234567' }],
        ['POST', '/users/resend_otp_code', {}],
        ['POST', '/users/verify_phone', { code: '123456' }],
        ['POST', '/users/request_user_deletion', {}],
      ])('%s %s answers 401 user_required to a guest token', async (method, path, body) => {
        const res = await call<Problem>(method, path, { body, token: await t().guestToken() });
        expect(res.status).toBe(401);
        expect(res.body.code).toBe('user_required');
      });
    });

    describe('edit_user', () => {
      it('saves first and last name, trimmed', async () => {
        const session = await registerAndSignIn(t);
        const res = await call<{ user: User }>('POST', '/users/edit_user', {
          body: { first_name: '  Ana ', last_name: 'Đorđević' },
          token: session.access_token,
        });
        expect(res.status).toBe(200);
        expect(res.body.user).toMatchObject({ first_name: 'Ana', last_name: 'Đorđević', name: 'Ana Đorđević' });
      });

      it('refuses an empty, overlong or markup name per field', async () => {
        const session = await registerAndSignIn(t);
        const res = await call<Problem>('POST', '/users/edit_user', {
          body: { first_name: '   ', last_name: 'x'.repeat(101) },
          token: session.access_token,
          headers: { 'accept-language': 'en' },
        });
        expect(res.status).toBe(400);
        expect(res.body.errors?.first_name).toEqual(['This field is required.']);
        expect(res.body.errors?.last_name).toEqual(['The name must be at most 100 characters long.']);
        const markup = await call<Problem>('POST', '/users/edit_user', { body: { first_name: '<script>', last_name: 'B' }, token: session.access_token });
        expect(markup.status).toBe(400);
        expect(markup.body.errors?.first_name).toBeDefined();
      });
    });

    describe('phone verification and eligibility', () => {
      it('walks from signed-out to eligible, telling exactly what is missing at each step', async () => {
        const guest = await t().guestToken();
        expect((await call<Eligibility>('GET', '/users/is_eligible_for_reservation', { token: guest })).body).toEqual({ eligible: false, missing: ['sign_in'] });
        const session = await registerAndSignIn(t);
        const token = session.access_token;
        const eligibility = async () => (await call<Eligibility>('GET', '/users/is_eligible_for_reservation', { token })).body;
        expect(await eligibility()).toEqual({ eligible: false, missing: ['first_name', 'last_name', 'phone'] });
        await expect(t().services.users.profile.requireEligible(session.user.id)).rejects.toMatchObject({ kind: 'forbidden', code: 'not_eligible', fieldErrors: { missing: ['first_name', 'last_name', 'phone'] } });

        await call('POST', '/users/edit_user', { body: { first_name: 'Ana', last_name: 'Ilić' }, token });
        expect(await eligibility()).toEqual({ eligible: false, missing: ['phone'] });

        const phone = uniquePhone();
        const sent = await call<OtpSent>('POST', '/users/add_additional_information', {
          body: { name: 'Ana', last_name: 'Ilić', phone_number: phone.local },
          token,
        });
        expect(sent.status).toBe(202);
        expect(sent.body).toEqual({ code_sent: true, phone_number: phone.e164, resend_after_seconds: 60, expires_in_seconds: 600 });
        expect(await eligibility()).toEqual({ eligible: false, missing: ['phone_verification'] });

        const code = await latestCode(t, phone.e164);
        expect(code).toMatch(/^\d{6}$/);
        const verified = await call<{ user: User }>('POST', '/users/verify_phone', { body: { code }, token });
        expect(verified.status).toBe(200);
        expect(verified.body.user).toMatchObject({ phone_number: phone.e164, phone_verified: true, first_name: 'Ana' });
        expect(await eligibility()).toEqual({ eligible: true, missing: [] });
        await expect(t().services.users.profile.requireEligible(session.user.id)).resolves.toBeUndefined();
      });

      it('stores only a keyed hash of the code, and no job payload carries it', async () => {
        const session = await registerAndSignIn(t);
        const phone = uniquePhone();
        await call('POST', '/users/add_additional_information', { body: { name: 'A', last_name: 'B', phone_number: phone.e164 }, token: session.access_token });
        const code = await latestCode(t, phone.e164);
        const [row] = await db().select().from(phoneCodes).where(eq(phoneCodes.userId, session.user.id));
        expect(row?.codeHash).toBeTruthy();
        expect(row?.codeHash).not.toContain(code);
        const payloads = await db().select({ payload: jobs.payload }).from(jobs);
        expect(JSON.stringify(payloads)).not.toContain(code);
        const sms = smsTo(dataDir(), phone.e164);
        expect(sms).toHaveLength(1);
      });

      it('counts wrong codes: five tries, then a new code is needed', async () => {
        const session = await registerAndSignIn(t, { headers: { 'accept-language': 'en' } });
        const token = session.access_token;
        const phone = uniquePhone();
        await call('POST', '/users/add_additional_information', { body: { name: 'A', last_name: 'B', phone_number: phone.e164 }, token });
        const code = await latestCode(t, phone.e164);
        const wrong = code === '000000' ? '000001' : '000000';
        const first = await call<Problem>('POST', '/users/verify_phone', { body: { code: wrong }, token, headers: { 'accept-language': 'en' } });
        expect(first.status).toBe(400);
        expect(first.body.code).toBe('code_invalid');
        expect(first.body.detail).toBe('Wrong code. 4 tries left.');
        expect(first.body.errors?.code).toEqual(['The code is not correct.']);
        // RFC 9457 extension member: the count for the screen to word itself, with plurals.
        expect(first.body.tries_left).toBe(4);
        for (let i = 0; i < 3; i += 1) await call('POST', '/users/verify_phone', { body: { code: wrong }, token });
        const last = await call<Problem>('POST', '/users/verify_phone', { body: { code: wrong }, token, headers: { 'accept-language': 'en' } });
        expect(last.body).toMatchObject({ code: 'code_invalid', tries_left: 0, detail: 'Wrong code. No tries left: ask for a new code.' });
        const locked = await call<Problem>('POST', '/users/verify_phone', { body: { code }, token });
        expect(locked.status).toBe(429);
        expect(locked.body.code).toBe('code_attempts_exceeded');
        expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      });

      it('refuses an expired code', async () => {
        const session = await registerAndSignIn(t);
        const phone = uniquePhone();
        await call('POST', '/users/add_additional_information', { body: { name: 'A', last_name: 'B', phone_number: phone.e164 }, token: session.access_token });
        const code = await latestCode(t, phone.e164);
        await db().update(phoneCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(phoneCodes.userId, session.user.id));
        const res = await call<Problem>('POST', '/users/verify_phone', { body: { code }, token: session.access_token });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('code_expired');
      });

      it('throttles resending to one code a minute with 429 and Retry-After; a new code replaces the old one', async () => {
        const session = await registerAndSignIn(t);
        const token = session.access_token;
        const phone = uniquePhone();
        await call('POST', '/users/add_additional_information', { body: { name: 'A', last_name: 'B', phone_number: phone.e164 }, token });
        const firstCode = await latestCode(t, phone.e164);
        const early = await call<Problem>('POST', '/users/resend_otp_code', { body: {}, token });
        expect(early.status).toBe(429);
        const retryAfter = Number(early.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(60);
        // The browser cannot read Retry-After across its API client, so the problem carries it too.
        expect(early.body.retry_after).toBe(retryAfter);
        // A minute passes.
        await db().update(phoneCodes).set({ sentAt: new Date(Date.now() - 61_000) }).where(eq(phoneCodes.userId, session.user.id));
        const resent = await call<OtpSent>('POST', '/users/resend_otp_code', { body: {}, token });
        expect(resent.status).toBe(202);
        expect(resent.body.code_sent).toBe(true);
        const secondCode = await latestCode(t, phone.e164);
        expect(smsTo(dataDir(), phone.e164)).toHaveLength(2);
        if (secondCode !== firstCode) {
          const stale = await call<Problem>('POST', '/users/verify_phone', { body: { code: firstCode }, token });
          expect(stale.body.code).toBe('code_invalid');
        }
        expect((await call('POST', '/users/verify_phone', { body: { code: secondCode }, token })).status).toBe(200);
      });

      it('accepts resend_otp_code with no body, with {} and with an empty JSON body', async () => {
        const session = await registerAndSignIn(t);
        const token = session.access_token;
        const noPhone = await call<Problem>('POST', '/users/resend_otp_code', { token });
        expect(noPhone.status).toBe(409);
        expect(noPhone.body.code).toBe('phone_missing');
        expect((await call<Problem>('POST', '/users/resend_otp_code', { body: {}, token })).body.code).toBe('phone_missing');
        const empty = await t().http('/api/v1/users/resend_otp_code', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-forwarded-for': '10.9.9.9' },
        });
        expect(empty.status).toBe(409);
      });

      it('refuses to resend for a number already verified, and sends nothing when the verified number is given again', async () => {
        const session = await registerAndSignIn(t);
        const token = session.access_token;
        const phone = uniquePhone();
        await call('POST', '/users/add_additional_information', { body: { name: 'A', last_name: 'B', phone_number: phone.e164 }, token });
        await call('POST', '/users/verify_phone', { body: { code: await latestCode(t, phone.e164) }, token });
        expect((await call<Problem>('POST', '/users/resend_otp_code', { body: {}, token })).body.code).toBe('phone_already_verified');
        const same = await call<OtpSent>('POST', '/users/add_additional_information', { body: { name: 'Ana', last_name: 'B', phone_number: phone.local }, token });
        expect(same.status).toBe(202);
        expect(same.body.code_sent).toBe(false);
        await t().services.jobs.runDue();
        expect(smsTo(dataDir(), phone.e164)).toHaveLength(1);
      });

      it('refuses a number verified on another account', async () => {
        const phone = uniquePhone();
        const first = await registerAndSignIn(t);
        await call('POST', '/users/add_additional_information', { body: { name: 'A', last_name: 'B', phone_number: phone.e164 }, token: first.access_token });
        await call('POST', '/users/verify_phone', { body: { code: await latestCode(t, phone.e164) }, token: first.access_token });
        const second = await registerAndSignIn(t);
        await call('POST', '/users/add_additional_information', { body: { name: 'C', last_name: 'D', phone_number: phone.e164 }, token: second.access_token });
        const res = await call<Problem>('POST', '/users/verify_phone', { body: { code: await latestCode(t, phone.e164) }, token: second.access_token });
        expect(res.status).toBe(409);
        expect(res.body.code).toBe('phone_in_use');
      });

      it('answers 400 per field for an invalid phone number and a malformed code', async () => {
        const session = await registerAndSignIn(t);
        const bad = await call<Problem>('POST', '/users/add_additional_information', {
          body: { name: 'A', last_name: 'B', phone_number: '12' },
          token: session.access_token,
          headers: { 'accept-language': 'en' },
        });
        expect(bad.status).toBe(400);
        expect(bad.body.errors?.phone_number?.[0]).toMatch(/valid phone number/);
        const code = await call<Problem>('POST', '/users/verify_phone', { body: { code: '12ab' }, token: session.access_token, headers: { 'accept-language': 'en' } });
        expect(code.status).toBe(400);
        expect(code.body.errors?.code).toEqual(['Enter the 6-digit code from the SMS.']);
      });
    });

    describe('logout', () => {
      it("revokes this sign-in's family only: its tokens stop at once, other sign-ins go on", async () => {
        const session = await registerAndSignIn(t);
        const other = await call<SignInResponse>('POST', '/users/email_password_login', { body: { email: session.email, password: PASSWORD }, token: await t().guestToken() });
        const res = await call('POST', '/users/logout', { body: {}, token: session.access_token });
        expect(res.status).toBe(204);
        expect((await call('GET', '/users/get_user', { token: session.access_token })).status).toBe(401);
        expect((await call('POST', '/auth/refresh_token', { body: { refreshToken: session.refresh_token } })).status).toBe(401);
        expect((await call('GET', '/users/get_user', { token: other.body.access_token })).status).toBe(200);
      });
    });

    describe('request_user_deletion', () => {
      it('signs out every device at once, erases personal data, keeps the row, and e-mails the captured address', async () => {
        const session = await registerAndSignIn(t, { headers: { 'accept-language': 'en' } });
        const phone = uniquePhone();
        await call('POST', '/users/add_additional_information', { body: { name: 'Ana', last_name: 'B', phone_number: phone.e164 }, token: session.access_token });
        await call('POST', '/users/verify_phone', { body: { code: await latestCode(t, phone.e164) }, token: session.access_token });
        const deviceB = await call<SignInResponse>('POST', '/users/email_password_login', { body: { email: session.email, password: PASSWORD }, token: await t().guestToken() });

        const res = await call<{ status: string }>('POST', '/users/request_user_deletion', {
          body: { reason: 'moving away', password: PASSWORD },
          token: session.access_token,
        });
        expect(res.status).toBe(202);
        expect(res.body).toEqual({ status: 'deleted' });

        // Every access token, not only new refreshes, stops at its very next request.
        expect((await call('GET', '/users/get_user', { token: session.access_token })).status).toBe(401);
        expect((await call('GET', '/users/get_user', { token: deviceB.body.access_token })).status).toBe(401);
        expect((await call('POST', '/auth/refresh_token', { body: { refreshToken: deviceB.body.refresh_token } })).status).toBe(401);

        const [row] = await db().select().from(accounts).where(eq(accounts.id, session.user.id));
        expect(row).toMatchObject({ email: null, passwordHash: null, firstName: null, lastName: null, phoneNumber: null, googleSub: null, facebookId: null, status: 'deleted' });
        expect(row?.deletedAt).toBeInstanceOf(Date);

        await t().services.jobs.runDue();
        const mails = mailTo(dataDir(), session.email).filter((mail) => mail.subject === 'Your Kuda account was deleted');
        expect(mails).toHaveLength(1);
        const leftovers = await db().select({ payload: jobs.payload }).from(jobs).where(eq(jobs.type, 'users.account_deleted_email'));
        expect(JSON.stringify(leftovers)).not.toContain(session.email);

        const login = await call<Problem>('POST', '/users/email_password_login', { body: { email: session.email, password: PASSWORD }, token: await t().guestToken() });
        expect(login.status).toBe(401);
        // The address is free again, and so is the phone number.
        expect((await call('POST', '/users/register_email', { body: { email: session.email, password: PASSWORD }, token: await t().guestToken() })).status).toBe(201);
      });

      it('asks an account with a password for it again: a field error when it is missing, in the request language', async () => {
        const session = await registerAndSignIn(t);
        for (const body of [undefined, {}, { reason: 'bye' }, { password: '' }]) {
          const res = await call<Problem>('POST', '/users/request_user_deletion', { body, token: session.access_token, headers: { 'accept-language': 'en' } });
          expect(res.status).toBe(400);
          expect(res.body.code).toBe('validation_failed');
          expect(res.body.errors?.password).toEqual(['This field is required.']);
        }
        const sr = await call<Problem>('POST', '/users/request_user_deletion', { token: session.access_token, headers: { 'accept-language': 'sr' } });
        expect(sr.body.errors?.password).toEqual(['Obavezno polje.']);
        // Nothing happened: the account still answers.
        expect((await call('GET', '/users/get_user', { token: session.access_token })).status).toBe(200);
      });

      it('refuses a wrong password with 403 password_incorrect, then deletes with the right one', async () => {
        const session = await registerAndSignIn(t);
        const wrong = await call<Problem>('POST', '/users/request_user_deletion', {
          body: { password: 'Not-it!2026x' },
          token: session.access_token,
          headers: { 'accept-language': 'en' },
        });
        expect(wrong.status).toBe(403);
        expect(wrong.body.code).toBe('password_incorrect');
        expect(wrong.body.detail).toBe('The password is not correct.');
        expect((await call('GET', '/users/get_user', { token: session.access_token })).status).toBe(200);
        const right = await call('POST', '/users/request_user_deletion', { body: { password: PASSWORD }, token: session.access_token });
        expect(right.status).toBe(202);
      });

      it('deletes an account without a password (social sign-in only) with no body at all', async () => {
        const session = await registerAndSignIn(t);
        // As if the person had only ever signed in with Google: no password to re-enter.
        await db().update(accounts).set({ passwordHash: null, googleSub: `g-${session.user.id}` }).where(eq(accounts.id, session.user.id));
        const res = await call('POST', '/users/request_user_deletion', { token: session.access_token });
        expect(res.status).toBe(202);
        expect((await call('GET', '/users/get_user', { token: session.access_token })).status).toBe(401);
      });
    });

    describe('password reset', () => {
      const linkToken = (text: string) => text.match(/#token=([A-Za-z0-9_-]+)/)?.[1];

      it('mails a single-use link; the new password works, the old one and every sign-in end', async () => {
        const session = await registerAndSignIn(t, { headers: { 'accept-language': 'sr' } });
        const asked = await call('POST', '/users/request_password_reset', { body: { email: session.email }, token: await t().guestToken() });
        expect(asked.status).toBe(202);
        expect(asked.body).toEqual({ status: 'requested' });
        await t().services.jobs.runDue();
        const [mail] = mailsLinking(dataDir(), session.email, '/reset-password');
        expect(mail?.subject).toBe('Postavite novu lozinku za Kuda');
        const token = linkToken(mail?.text ?? '');
        expect(token).toBeTruthy();
        expect(mail?.text).toContain('/sr/reset-password#token=');
        const [stored] = await db().select().from(passwordResets).where(eq(passwordResets.userId, session.user.id));
        expect(stored?.tokenHash).not.toBe(token);

        const newPassword = 'Brand-new!Pass42';
        const reset = await call('POST', '/users/reset_password', { body: { token, password: newPassword }, token: await t().guestToken() });
        expect(reset.status).toBe(200);
        expect(reset.body).toEqual({ status: 'password_changed' });
        expect((await call('GET', '/users/get_user', { token: session.access_token })).status).toBe(401);
        const guest = await t().guestToken();
        expect((await call('POST', '/users/email_password_login', { body: { email: session.email, password: PASSWORD }, token: guest })).status).toBe(401);
        expect((await call('POST', '/users/email_password_login', { body: { email: session.email, password: newPassword }, token: guest })).status).toBe(200);

        const again = await call<Problem>('POST', '/users/reset_password', { body: { token, password: 'Another-one!77' }, token: guest });
        expect(again.status).toBe(400);
        expect(again.body.code).toBe('reset_token_invalid');
      });

      it('answers the same for an unknown address and sends nothing', async () => {
        const email = uniqueEmail('ghost');
        const res = await call('POST', '/users/request_password_reset', { body: { email }, token: await t().guestToken() });
        expect(res.status).toBe(202);
        expect(res.body).toEqual({ status: 'requested' });
        await t().services.jobs.runDue();
        expect(mailTo(dataDir(), email)).toHaveLength(0);
      });

      it('refuses an expired link, an unknown token and a weak new password', async () => {
        const session = await registerAndSignIn(t);
        await call('POST', '/users/request_password_reset', { body: { email: session.email }, token: await t().guestToken() });
        await t().services.jobs.runDue();
        const token = linkToken(mailsLinking(dataDir(), session.email, '/reset-password')[0]?.text ?? '');
        const guest = await t().guestToken();
        const weak = await call<Problem>('POST', '/users/reset_password', { body: { token, password: 'qwerty12345' }, token: guest });
        expect(weak.status).toBe(400);
        expect(weak.body.errors?.password).toBeDefined();
        const unknown = await call<Problem>('POST', '/users/reset_password', { body: { token: 'nope', password: 'Brand-new!Pass42' }, token: guest });
        expect(unknown.body.code).toBe('reset_token_invalid');
        await db().update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResets.userId, session.user.id));
        const expired = await call<Problem>('POST', '/users/reset_password', { body: { token, password: 'Brand-new!Pass42' }, token: guest });
        expect(expired.status).toBe(400);
        expect(expired.body.code).toBe('reset_token_invalid');
      });
    });

    describe('OpenAPI', () => {
      it('describes every accounts call', async () => {
        const res = await t().json<{ paths: Record<string, Record<string, unknown>> }>('GET', '/api/v1/openapi.json');
        const paths = Object.keys(res.body.paths);
        for (const path of [
          'register_email',
          'email_password_login',
          'register_google',
          'register_facebook',
          'get_user',
          'is_logged_in',
          'is_eligible_for_reservation',
          'edit_user',
          'verify_phone',
          'add_additional_information',
          'resend_otp_code',
          'request_user_deletion',
          'logout',
          'request_password_reset',
          'reset_password',
          'sign_in_providers',
        ]) {
          expect(paths).toContain(`/api/v1/users/${path}`);
        }
      });

      it('declares a 400 answer for every users call that validates a body', async () => {
        type Operation = { requestBody?: unknown; responses?: Record<string, unknown> };
        const res = await t().json<{ paths: Record<string, Record<string, Operation>> }>('GET', '/api/v1/openapi.json');
        const withBody = Object.entries(res.body.paths)
          .filter(([path]) => path.startsWith('/api/v1/users/'))
          .flatMap(([path, operations]) => Object.entries(operations).map(([method, operation]) => ({ call: `${method} ${path}`, operation })))
          .filter(({ operation }) => operation.requestBody !== undefined);
        expect(withBody.map(({ call }) => call)).toEqual(
          expect.arrayContaining(['post /api/v1/users/resend_otp_code', 'post /api/v1/users/logout', 'post /api/v1/users/verify_email']),
        );
        for (const { call, operation } of withBody) expect(Object.keys(operation.responses ?? {}), call).toContain('400');
      });

      it('answers 400 to a body that is not an object on body-less calls', async () => {
        const session = await registerAndSignIn(t);
        for (const path of ['/users/resend_otp_code', '/users/logout']) {
          const res = await call<Problem>('POST', path, { body: [1, 2], token: session.access_token });
          expect(res.status, path).toBe(400);
          expect(res.body.code).toBe('validation_failed');
        }
      });
    });

    describe('data at rest', () => {
      it('keeps no plain secret in the accounts tables', async () => {
        const session = await registerAndSignIn(t);
        const rows = await db().execute(sql`SELECT * FROM users WHERE id = ${session.user.id}`);
        expect(JSON.stringify(rows)).not.toContain(PASSWORD);
      });
    });
  },
  { env: accountsEnv() },
);
