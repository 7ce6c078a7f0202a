import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeFacebook, type FakeGoogle, startFakeFacebook, startFakeGoogle } from '../../../tests/support/fake-providers';
import { describeApi } from '../../../tests/support/test-app';
import type { Problem } from '../../shared/schemas/problem';
import type { SignInProviders, SignInResponse } from '../../shared/schemas/users';
import { accountsEnv, api, linkedToken, mailTo, PASSWORD, registerAndSignIn, uniqueEmail } from './users-test-kit';

let google: FakeGoogle;
let facebook: FakeFacebook;
// Filled in before the suites' apps start (file-level hooks run first), with the fakes' random ports.
const env = accountsEnv();

beforeAll(async () => {
  google = await startFakeGoogle();
  facebook = await startFakeFacebook();
  Object.assign(env, {
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_ISSUER: google.url,
    FACEBOOK_APP_ID: facebook.appId,
    FACEBOOK_APP_SECRET: facebook.appSecret,
    FACEBOOK_GRAPH_URL: facebook.url,
  });
});

afterAll(async () => {
  await google?.close();
  await facebook?.close();
});

let sub = 0;
const googleSub = () => `g-${Date.now()}-${(sub += 1)}`;
let fbId = 0;
const facebookId = () => String(10_000_000_000 + Date.now() * 10 + (fbId += 1));

describeApi(
  'social sign-in',
  (t) => {
    const call = api(t);
    const passwordRemovedMails = (email: string) =>
      mailTo(t().services.config.DATA_DIR, email).filter((mail) => mail.text.includes('/forgot-password'));

    it('lists the configured providers with their public ids only', async () => {
      const res = await call<SignInProviders>('GET', '/users/sign_in_providers', { token: await t().guestToken() });
      expect(res.body).toEqual({
        google: { client_id: google.clientId },
        facebook: { app_id: facebook.appId, dialog_url: 'https://www.facebook.com/v19.0/dialog/oauth' },
      });
      expect(JSON.stringify(res.body)).not.toContain(facebook.appSecret);
    });

    describe('Google', () => {
      it('signs up with a valid ID token, then signs the same person in again', async () => {
        const email = uniqueEmail('g');
        const subject = googleSub();
        const idToken = await google.idToken({ sub: subject, email, given_name: 'Goran', family_name: 'Gugl' });
        const first = await call<SignInResponse>('POST', '/users/register_google', {
          body: { email, id_token: idToken },
          token: await t().guestToken(),
          headers: { 'accept-language': 'en' },
        });
        expect(first.status).toBe(200);
        expect(first.body.access_token).toBeTruthy();
        expect(first.body.user).toMatchObject({ email, first_name: 'Goran', last_name: 'Gugl', locale: 'en', has_password: false });
        expect(google.requests).toContain('/.well-known/openid-configuration');

        const again = await call<SignInResponse>('POST', '/users/register_google', {
          body: { id_token: await google.idToken({ sub: subject, email }) },
          token: await t().guestToken(),
        });
        expect(again.status).toBe(200);
        expect(again.body.user.id).toBe(first.body.user.id);
        expect((await call('GET', '/users/get_user', { token: again.body.access_token })).status).toBe(200);
      });

      it('reaches the existing account whose e-mail the verified Google e-mail matches', async () => {
        const session = await registerAndSignIn(t);
        // The owner proves the mailbox first, with the link e-mailed at registration.
        await t().services.jobs.runDue(100);
        const token = linkedToken(t().services.config.DATA_DIR, session.email, '/verify-email');
        expect((await call('POST', '/users/verify_email', { body: { token }, token: await t().guestToken() })).status).toBe(200);
        const res = await call<SignInResponse>('POST', '/users/register_google', {
          body: { email: session.email, id_token: await google.idToken({ sub: googleSub(), email: session.email.toUpperCase() }) },
          token: await t().guestToken(),
        });
        expect(res.status).toBe(200);
        expect(res.body.user.id).toBe(session.user.id);
        expect(res.body.user.has_password).toBe(true);
        // The password still works and the session too: nothing was taken from the proven owner.
        const login = await call('POST', '/users/email_password_login', { body: { email: session.email, password: PASSWORD }, token: await t().guestToken() });
        expect(login.status).toBe(200);
        expect((await call('GET', '/users/get_user', { token: session.access_token })).status).toBe(200);
        await t().services.jobs.runDue(100);
        expect(passwordRemovedMails(session.email)).toHaveLength(0);
      });

      it('lets the verified owner take over an address someone registered without proving it, and tells the mailbox', async () => {
        const squatter = await registerAndSignIn(t, { headers: { 'accept-language': 'en' } });
        const res = await call<SignInResponse>('POST', '/users/register_google', {
          body: { id_token: await google.idToken({ sub: googleSub(), email: squatter.email }) },
          token: await t().guestToken(),
        });
        expect(res.status).toBe(200);
        expect(res.body.user.id).toBe(squatter.user.id);
        expect(res.body.user.has_password).toBe(false);
        expect((await call('GET', '/users/get_user', { token: squatter.access_token })).status).toBe(401);
        const login = await call('POST', '/users/email_password_login', { body: { email: squatter.email, password: PASSWORD }, token: await t().guestToken() });
        expect(login.status).toBe(401);
        // Sent through the job queue, in the account's language, with the way back to a password.
        expect(passwordRemovedMails(squatter.email)).toHaveLength(0);
        await t().services.jobs.runDue(100);
        const mails = passwordRemovedMails(squatter.email);
        expect(mails).toHaveLength(1);
        expect(mails[0]?.subject).toBe('Your Kuda password no longer works');
        expect(mails[0]?.text).toContain(squatter.email);
        expect(mails[0]?.text).toMatch(/https?:\/\/\S+\/en\/forgot-password/);
        // Google proved the address, so the registration's verification e-mail (still queued) is not sent.
        expect(mailTo(t().services.config.DATA_DIR, squatter.email).filter((mail) => mail.text.includes('/verify-email#'))).toHaveLength(0);
      });

      it('refuses a token for another audience', async () => {
        const res = await call<Problem>('POST', '/users/register_google', {
          body: { id_token: await google.idToken({ sub: googleSub(), email: uniqueEmail(), aud: 'someone-else.apps.googleusercontent.com' }) },
          token: await t().guestToken(),
        });
        expect(res.status).toBe(401);
        expect(res.body.code).toBe('google_token_invalid');
      });

      it('refuses a token signed with a key the issuer does not publish, from another issuer, or expired', async () => {
        const guest = await t().guestToken();
        const rogue = await google.idToken({ sub: googleSub(), email: uniqueEmail() }, { signWith: 'rogue' });
        expect((await call<Problem>('POST', '/users/register_google', { body: { id_token: rogue }, token: guest })).body.code).toBe('google_token_invalid');
        const otherIssuer = await google.idToken({ sub: googleSub(), email: uniqueEmail(), iss: 'https://evil.example' });
        expect((await call<Problem>('POST', '/users/register_google', { body: { id_token: otherIssuer }, token: guest })).status).toBe(401);
        const expired = await google.idToken({ sub: googleSub(), email: uniqueEmail() }, { expiresIn: '-2h' });
        expect((await call<Problem>('POST', '/users/register_google', { body: { id_token: expired }, token: guest })).status).toBe(401);
        expect((await call<Problem>('POST', '/users/register_google', { body: { id_token: 'not.a.jwt' }, token: guest })).status).toBe(401);
      });

      it('refuses an unverified Google e-mail', async () => {
        const res = await call<Problem>('POST', '/users/register_google', {
          body: { id_token: await google.idToken({ sub: googleSub(), email: uniqueEmail(), email_verified: false }) },
          token: await t().guestToken(),
        });
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('provider_email_unverified');
      });

      it('refuses an e-mail in the body that differs from the token', async () => {
        const res = await call<Problem>('POST', '/users/register_google', {
          body: { email: uniqueEmail('victim'), id_token: await google.idToken({ sub: googleSub(), email: uniqueEmail('me') }) },
          token: await t().guestToken(),
        });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('provider_email_mismatch');
      });

      it("signs nobody in with the spec's {email} alone", async () => {
        const victim = await registerAndSignIn(t);
        const res = await call<Problem>('POST', '/users/register_google', { body: { email: victim.email }, token: await t().guestToken() });
        expect(res.status).toBe(400);
        expect(res.body.errors?.id_token).toBeDefined();
      });
    });

    describe('Facebook', () => {
      it('signs up with a token the Graph API confirms, then signs the same person in again', async () => {
        const id = facebookId();
        const email = uniqueEmail('fb');
        const token = facebook.issueToken({ id, email, first_name: 'Fedja', last_name: 'Fejs' });
        const first = await call<SignInResponse>('POST', '/users/register_facebook', {
          body: { facebook_access_token: token, user_id: id },
          token: await t().guestToken(),
        });
        expect(first.status).toBe(200);
        expect(first.body.user).toMatchObject({ email, first_name: 'Fedja', last_name: 'Fejs' });
        const me = facebook.requests.find((r) => r.path === '/me' && r.query.access_token === token);
        expect(me?.query.appsecret_proof).toMatch(/^[0-9a-f]{64}$/);

        const again = await call<SignInResponse>('POST', '/users/register_facebook', {
          body: { facebook_access_token: facebook.issueToken({ id, email }), user_id: id },
          token: await t().guestToken(),
        });
        expect(again.body.user.id).toBe(first.body.user.id);
      });

      it('refuses a token of another app', async () => {
        const id = facebookId();
        const res = await call<Problem>('POST', '/users/register_facebook', {
          body: { facebook_access_token: facebook.issueToken({ id }, { appId: '999' }), user_id: id },
          token: await t().guestToken(),
        });
        expect(res.status).toBe(401);
        expect(res.body.code).toBe('facebook_token_invalid');
      });

      it('refuses a token that belongs to another user_id', async () => {
        const res = await call<Problem>('POST', '/users/register_facebook', {
          body: { facebook_access_token: facebook.issueToken({ id: facebookId() }), user_id: facebookId() },
          token: await t().guestToken(),
        });
        expect(res.status).toBe(401);
        expect(res.body.code).toBe('facebook_token_invalid');
      });

      it('refuses an invalid or made-up token', async () => {
        const id = facebookId();
        const guest = await t().guestToken();
        const invalid = await call<Problem>('POST', '/users/register_facebook', {
          body: { facebook_access_token: facebook.issueToken({ id }, { valid: false }), user_id: id },
          token: guest,
        });
        expect(invalid.status).toBe(401);
        const madeUp = await call<Problem>('POST', '/users/register_facebook', { body: { facebook_access_token: 'EAAmadeup', user_id: id }, token: guest });
        expect(madeUp.status).toBe(401);
      });

      it('never reaches an existing account through the e-mail Facebook reports', async () => {
        const victim = await registerAndSignIn(t);
        const id = facebookId();
        const res = await call<Problem>('POST', '/users/register_facebook', {
          body: { facebook_access_token: facebook.issueToken({ id, email: victim.email }), user_id: id },
          token: await t().guestToken(),
        });
        expect(res.status).toBe(409);
        expect(res.body.code).toBe('provider_email_in_use');
      });

      it('answers 400 for a missing token or user id', async () => {
        const res = await call<Problem>('POST', '/users/register_facebook', { body: { user_id: facebookId() }, token: await t().guestToken() });
        expect(res.status).toBe(400);
        expect(res.body.errors?.facebook_access_token).toBeDefined();
      });
    });
  },
  { env },
);

describeApi(
  'social sign-in when not configured',
  (t) => {
    const call = api(t);
    it('answers 404 provider_not_configured for Google and Facebook', async () => {
      const guest = await t().guestToken();
      const g = await call<Problem>('POST', '/users/register_google', { body: { id_token: 'x.y.z' }, token: guest });
      expect(g.status).toBe(404);
      expect(g.body.code).toBe('provider_not_configured');
      const f = await call<Problem>('POST', '/users/register_facebook', { body: { facebook_access_token: 'EAA', user_id: '1' }, token: guest });
      expect(f.status).toBe(404);
      expect(f.body.code).toBe('provider_not_configured');
      const providers = await call<SignInProviders>('GET', '/users/sign_in_providers', { token: guest });
      expect(providers.body).toEqual({ google: null, facebook: null });
    });
  },
  { env: accountsEnv() },
);
