import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { describeApi } from '../../../tests/support/test-app';
import type { Problem } from '../../shared/schemas/problem';
import type { User } from '../../shared/schemas/users';
import { accounts, emailVerifications, jobs } from '../db/schema';
import { accountsEnv, api, linkedToken, mailsLinking, PASSWORD, registerAndSignIn, uniqueEmail } from './users-test-kit';

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** Registration e-mails a single-use, expiring link; opening it proves the address (DESIGN §4). */
describeApi(
  'e-mail verification',
  (t) => {
    const call = api(t);
    const db = () => t().services.database.db;
    const dataDir = () => t().services.config.DATA_DIR;
    const verifiedAt = async (userId: string) =>
      (await db().select({ at: accounts.emailVerifiedAt }).from(accounts).where(eq(accounts.id, userId)))[0]?.at ?? null;

    it('queues the e-mail at registration (not sent inline), in the language of the request, with a link whose token is stored hashed', async () => {
      const email = uniqueEmail('verify');
      const guest = await t().guestToken();
      const res = await call<{ user: User }>('POST', '/users/register_email', {
        body: { email, password: PASSWORD },
        token: guest,
        headers: { 'accept-language': 'uk' },
      });
      expect(res.status).toBe(201);
      // Answered before anything was sent: the job queue holds it.
      expect(mailsLinking(dataDir(), email, '/verify-email')).toHaveLength(0);
      const queued = await db().select({ payload: jobs.payload }).from(jobs).where(eq(jobs.type, 'users.email_verification_email'));
      expect(queued.some((job) => job.payload.user_id === res.body.user.id)).toBe(true);
      expect(JSON.stringify(queued)).not.toContain(email);

      await t().services.jobs.runDue(100);
      const [mail] = mailsLinking(dataDir(), email, '/verify-email');
      expect(mail?.subject).toBe('Підтвердьте свою адресу електронної пошти для Kuda');
      expect(mail?.text).toMatch(/\/uk\/verify-email#token=[A-Za-z0-9_-]{40,}/);
      expect(mail?.text).toContain('48 годин');
      const token = linkedToken(dataDir(), email, '/verify-email')!;
      const stored = await db().select().from(emailVerifications).where(eq(emailVerifications.userId, res.body.user.id));
      expect(stored).toHaveLength(1);
      expect(stored[0]?.tokenHash).toBe(sha256(token));
      expect(stored[0]?.tokenHash).not.toBe(token);
      expect(await verifiedAt(res.body.user.id)).toBeNull();
    });

    it('confirms the address once; the same link again, an unknown or an expired one answer 400 email_token_invalid', async () => {
      const session = await registerAndSignIn(t);
      await t().services.jobs.runDue(100);
      const token = linkedToken(dataDir(), session.email, '/verify-email');
      expect(token).toBeTruthy();
      const guest = await t().guestToken();

      const ok = await call('POST', '/users/verify_email', { body: { token }, token: guest });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ status: 'email_verified' });
      expect(await verifiedAt(session.user.id)).toBeInstanceOf(Date);

      const again = await call<Problem>('POST', '/users/verify_email', { body: { token }, token: guest, headers: { 'accept-language': 'en' } });
      expect(again.status).toBe(400);
      expect(again.body.code).toBe('email_token_invalid');
      expect(again.body.detail).toBe('This confirmation link is invalid, expired or already used.');
      const unknown = await call<Problem>('POST', '/users/verify_email', { body: { token: 'not-a-token' }, token: guest, headers: { 'accept-language': 'sr' } });
      expect(unknown.body).toMatchObject({ status: 400, code: 'email_token_invalid', detail: 'Ovaj link za potvrdu nije važeći, istekao je ili je već iskorišćen.' });

      const late = await registerAndSignIn(t);
      await t().services.jobs.runDue(100);
      const lateToken = linkedToken(dataDir(), late.email, '/verify-email');
      await db().update(emailVerifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailVerifications.userId, late.user.id));
      const expired = await call<Problem>('POST', '/users/verify_email', { body: { token: lateToken }, token: guest });
      expect(expired.body.code).toBe('email_token_invalid');
      expect(await verifiedAt(late.user.id)).toBeNull();
    });

    it('tells the profile whether the address is proven, and e-mails the link again on request', async () => {
      const session = await registerAndSignIn(t);
      expect(session.user.email_verified).toBe(false);
      await t().services.jobs.runDue(100);
      expect(mailsLinking(dataDir(), session.email, '/verify-email')).toHaveLength(1);

      const again = await call('POST', '/users/resend_verification_email', { token: session.access_token });
      expect(again.status).toBe(202);
      expect(again.body).toEqual({ status: 'sent' });
      await t().services.jobs.runDue(100);
      expect(mailsLinking(dataDir(), session.email, '/verify-email')).toHaveLength(2);

      // The newest link proves the address; the profile says so and a further request sends nothing.
      const token = linkedToken(dataDir(), session.email, '/verify-email');
      expect((await call('POST', '/users/verify_email', { body: { token }, token: await t().guestToken() })).status).toBe(200);
      const me = await call<{ user: User }>('GET', '/users/get_user', { token: session.access_token });
      expect(me.body.user.email_verified).toBe(true);
      const done = await call('POST', '/users/resend_verification_email', { token: session.access_token });
      expect(done.body).toEqual({ status: 'already_verified' });
      await t().services.jobs.runDue(100);
      expect(mailsLinking(dataDir(), session.email, '/verify-email')).toHaveLength(2);
    });

    it('sends the link again only to a signed-in user (a guest token gets 401)', async () => {
      const res = await call<Problem>('POST', '/users/resend_verification_email', { token: await t().guestToken() });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('user_required');
    });

    it('validates the body: a missing token is a 400 field error', async () => {
      const res = await call<Problem>('POST', '/users/verify_email', { body: {}, token: await t().guestToken(), headers: { 'accept-language': 'en' } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.errors?.token).toBeDefined();
    });

    it('is refused without any bearer token (401)', async () => {
      expect((await call('POST', '/users/verify_email', { body: { token: 'x' } })).status).toBe(401);
    });

    it('sends nothing for an address already proven before the job ran', async () => {
      const session = await registerAndSignIn(t);
      await db().update(accounts).set({ emailVerifiedAt: new Date() }).where(eq(accounts.id, session.user.id));
      await t().services.jobs.runDue(100);
      expect(mailsLinking(dataDir(), session.email, '/verify-email')).toHaveLength(0);
    });

    describe('OpenAPI', () => {
      it('describes POST /users/verify_email with its request and answers', async () => {
        const res = await t().json<{ paths: Record<string, { post?: { requestBody?: unknown; responses?: Record<string, unknown> } }> }>(
          'GET',
          '/api/v1/openapi.json',
        );
        const operation = res.body.paths['/api/v1/users/verify_email']?.post;
        expect(JSON.stringify(operation?.requestBody)).toContain('token');
        expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '429']));
      });
    });
  },
  { env: accountsEnv() },
);
