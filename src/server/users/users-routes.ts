/**
 * Accounts API (spec §7, DESIGN §4 and §10), all under /api/v1 with a bearer token. Schemas live in
 * src/shared/schemas/users.ts; every error is an RFC 9457 problem with a stable `code`.
 *
 * Guest OR user token:
 *   POST /users/register_email        {email, password}                → 201 {user}            400 | 409 email_taken | 429
 *   POST /users/email_password_login  {email, password, passedURL?}    → 200 SignInResponse     400 | 401 invalid_credentials | 403 account_suspended | 429
 *   POST /users/register_google       {email?, id_token}               → 200 SignInResponse     400 provider_email_mismatch | 401 google_token_invalid | 403 provider_email_unverified | 409 provider_email_in_use | 503 provider_not_configured / provider_unavailable
 *   POST /users/register_facebook     {facebook_access_token, user_id} → 200 SignInResponse     400 | 401 facebook_token_invalid | 409 provider_email_in_use | 503 provider_not_configured / provider_unavailable
 *   GET  /users/is_logged_in                                           → 200 {logged_in}
 *   GET  /users/is_eligible_for_reservation                            → 200 {eligible, missing[]} (a guest: {eligible:false, missing:['sign_in']})
 *   GET  /users/sign_in_providers                                      → 200 {google: {client_id}|null, facebook: {app_id, dialog_url}|null}
 *   POST /users/request_password_reset {email}                         → 202 {status:'requested'} always (no enumeration) | 429
 *   POST /users/reset_password        {token, password}                → 200 {status:'password_changed'} | 400 reset_token_invalid; signs out every device
 *   POST /users/verify_email          {token}                          → 200 {status:'email_verified'} | 400 email_token_invalid (link e-mailed at registration)
 *   POST /users/logout                (no body or {})                  → 204; revokes this sign-in's token family
 *   POST /users/resend_verification_email (no body or {})              → 202 {status:'sent'|'already_verified'} (user token; 3/h per user)
 * User token only (a guest token gets 401 user_required):
 *   GET  /users/get_user                                               → 200 {user}
 *   POST /users/edit_user             {first_name, last_name}          → 200 {user}
 *   POST /users/add_additional_information {name, last_name, phone_number} → 202 OtpSent (code by SMS; 429 + Retry-After within 60 s of the last code)
 *   POST /users/resend_otp_code       (no body or {})                  → 202 OtpSent | 409 phone_missing / phone_already_verified | 429 + Retry-After
 *   POST /users/verify_phone          {code}                           → 200 {user} | 400 code_invalid (errors.code) / code_expired | 429 code_attempts_exceeded | 409 phone_in_use
 *   POST /users/request_user_deletion {reason?, password?}             → 202 {status:'deleted'} | 400 (errors.password) / 403 password_incorrect when the
 *                                                                        account has a password; signs out everywhere, erases personal data, cancels
 *                                                                        open reservations (waitlist moves up), e-mails a confirmation
 *
 * Rate limits answer 429 problems with Retry-After: sign-in 30/min per IP and 10 failures per 15 min per
 * e-mail; registration 30 per 10 min per IP; social sign-in 20/min per IP; code sends 10/h and code checks
 * 20 per 10 min per user (plus one code a minute, five tries a code), code sends also 20/h per IP and 5/h per
 * destination number; password reset 20 per 10 min per IP
 * and 3/h per e-mail; reset_password and verify_email 10 per 10 min per IP; deletion 5/h per user.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localeFromAcceptLanguage, type Locale } from '../../shared/locales';
import { ProblemSchema } from '../../shared/schemas/problem';
import {
  AddAdditionalInformationSchema,
  DeletionResponseSchema,
  EditUserSchema,
  EligibilitySchema,
  EmailPasswordLoginSchema,
  EmptyBodySchema,
  LoggedInSchema,
  OtpSentSchema,
  PasswordChangedSchema,
  PasswordResetRequestedSchema,
  RegisterEmailSchema,
  RegisterFacebookSchema,
  RegisterGoogleSchema,
  RequestPasswordResetSchema,
  RequestUserDeletionSchema,
  ResetPasswordSchema,
  SignInProvidersSchema,
  SignInResponseSchema,
  EmailVerifiedSchema,
  UserResponseSchema,
  VerificationEmailSentSchema,
  VerifyEmailSchema,
  VerifyPhoneSchema,
} from '../../shared/schemas/users';
import { AppError } from '../lib/errors';
import { translate } from '../lib/i18n';
import { requirePrincipal, requireUser } from '../plugins/authentication';
import { requestLocale } from '../plugins/problem-details';
import type { UsersService } from './users-service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The E.164 number an SMS code is about to be sent to (keys the per-number limit). */
    codeDestination?: string;
  }
}

const TAGS = ['users'];
const problems = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ProblemSchema]));

/** The language a request names explicitly (none → undefined, so a stored choice is not overwritten). */
function explicitLocale(request: FastifyRequest): Locale | undefined {
  const header = request.headers['accept-language'];
  if (!header) return undefined;
  const locale = localeFromAcceptLanguage(header);
  const named = header.split(',').map((part) => part.trim().split(';')[0]?.split('-')[0]?.toLowerCase());
  return named.includes(locale) ? locale : undefined;
}

/** Field errors raised by the service are catalogue keys (`field.*`); the answer carries their text. */
async function localized<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AppError) || !error.fieldErrors) throw error;
    const locale = requestLocale(request);
    const fields = Object.fromEntries(
      Object.entries(error.fieldErrors).map(([field, messages]) => [
        field,
        messages.map((message) => (message.startsWith('field.') ? translate(locale, `errors:${message}`) : message)),
      ]),
    );
    throw new AppError(error.status, error.code, error.params, fields, error.headers);
  }
}

const byUser = (request: FastifyRequest) => `user:${request.principal?.userId ?? request.ip}`;
const bodyEmail = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.toLowerCase() : '';
};

export interface UsersRoutesOptions {
  users: UsersService;
  /** RATE_LIMIT_SCALE: multiplies the per-address limits checked here, like the routes' own limits. */
  rateLimitScale?: number;
}

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { users, rateLimitScale = 1 }) => {
  // Spec clients send a JSON content type on every call, body-less POSTs included: an empty body is {}.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    return jsonParser(request, text, done);
  });

  // Per-account limits run after the body is parsed, keyed on the e-mail the request names. They are
  // checked by hand because @fastify/rate-limit runs only one limiter per request (the per-IP one).
  const limitedFor = (seconds: number) =>
    new AppError(429, 'rate_limited', { seconds }, undefined, { 'retry-after': String(Math.max(1, seconds)) });
  const perAccount = (name: string, max: number, timeWindow: string) =>
    app.createRateLimit({ max, timeWindow, keyGenerator: (request) => `${name}:${bodyEmail(request)}` });
  const resetRequests = perAccount('reset-account', 3, '1 hour');
  const resetPerAccount = async (request: FastifyRequest) => {
    const result = await resetRequests(request);
    if (!result.isAllowed && result.isExceeded) throw limitedFor(result.ttlInSeconds);
  };
  // Sign-in counts failures only: a person who signs in often is never locked out, a guesser is after
  // ten wrong passwords. An unknown e-mail counts the same, so the limit tells nothing either.
  const failedLogins = perAccount('login-failures', 10, '15 minutes');
  const loginPerAccount = async (request: FastifyRequest) => {
    const result = await failedLogins(request, { increment: false });
    if (!result.isAllowed && result.remaining === 0 && result.ttl > 0) throw limitedFor(result.ttlInSeconds);
  };

  // Every SMS costs money and reaches a stranger's phone: besides the per-user limit (route config), code
  // sends are limited per client address (many throwaway accounts) and per destination number (many
  // accounts pointed at one victim). The number is hashed so no phone number sits in Redis.
  const codeSendsPerAddress = app.createRateLimit({
    max: Math.ceil(20 * rateLimitScale),
    timeWindow: '1 hour',
    keyGenerator: (request) => `code-send-ip:${request.ip}`,
  });
  const codeSendsPerNumber = app.createRateLimit({
    max: 5,
    timeWindow: '1 hour',
    keyGenerator: (request) => `code-send-phone:${createHash('sha256').update(request.codeDestination ?? '').digest('base64url')}`,
  });
  /** Guests are left to the handler's 401; they send nothing and count for nothing. */
  const limitCodeSends = async (request: FastifyRequest, phone: string | null) => {
    const byAddress = await codeSendsPerAddress(request);
    if (!byAddress.isAllowed && byAddress.isExceeded) throw limitedFor(byAddress.ttlInSeconds);
    if (!phone) return;
    request.codeDestination = phone;
    const byNumber = await codeSendsPerNumber(request);
    if (!byNumber.isAllowed && byNumber.isExceeded) throw limitedFor(byNumber.ttlInSeconds);
  };

  app.post(
    '/users/register_email',
    {
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags: TAGS,
        summary: 'Register with e-mail and password (the client then signs in)',
        body: RegisterEmailSchema,
        response: { 201: UserResponseSchema, ...problems(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = await users.registerEmail({ ...request.body, locale: requestLocale(request) });
      return reply.code(201).send({ user });
    },
  );

  app.post(
    '/users/email_password_login',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      preHandler: loginPerAccount,
      schema: {
        tags: TAGS,
        summary: 'Sign in with e-mail and password',
        description: '`passedURL` is where the client goes afterwards; the server ignores it.',
        body: EmailPasswordLoginSchema,
        response: { 200: SignInResponseSchema, ...problems(400, 401, 403, 429) },
      },
    },
    async (request) => {
      try {
        return await users.login({ email: request.body.email, password: request.body.password, locale: explicitLocale(request) });
      } catch (error) {
        if (error instanceof AppError && error.code === 'invalid_credentials') await failedLogins(request);
        throw error;
      }
    },
  );

  app.post(
    '/users/register_google',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: TAGS,
        summary: 'Sign in (or up) with a Google ID token',
        description: 'The spec sends `{email}`; the ID token is required and verified (DESIGN §4).',
        body: RegisterGoogleSchema,
        response: { 200: SignInResponseSchema, ...problems(400, 401, 403, 409, 429, 503) },
      },
    },
    async (request) =>
      users.signInWithGoogle({ idToken: request.body.id_token, email: request.body.email, locale: explicitLocale(request) }),
  );

  app.post(
    '/users/register_facebook',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: TAGS,
        summary: 'Sign in (or up) with a Facebook access token',
        description: 'The Graph API must confirm the token is valid, for our app and for `user_id`.',
        body: RegisterFacebookSchema,
        response: { 200: SignInResponseSchema, ...problems(400, 401, 409, 429, 503) },
      },
    },
    async (request) =>
      users.signInWithFacebook({
        accessToken: request.body.facebook_access_token,
        userId: request.body.user_id,
        locale: explicitLocale(request),
      }),
  );

  app.get(
    '/users/sign_in_providers',
    {
      schema: {
        tags: TAGS,
        summary: 'Which social sign-ins this deployment offers',
        response: { 200: SignInProvidersSchema, ...problems(401) },
      },
    },
    async () => users.signInProviders(),
  );

  app.get(
    '/users/is_logged_in',
    {
      schema: { tags: TAGS, summary: 'Whether the bearer token belongs to a signed-in user', response: { 200: LoggedInSchema, ...problems(401) } },
    },
    async (request) => ({ logged_in: requirePrincipal(request).kind === 'user' }),
  );

  app.post(
    '/users/logout',
    {
      schema: {
        tags: TAGS,
        summary: "Sign out: revokes this sign-in's token family",
        body: EmptyBodySchema,
        response: { 204: z.null().describe('Signed out'), ...problems(400, 401) },
      },
    },
    async (request, reply) => {
      await users.logout(requirePrincipal(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/users/get_user',
    {
      schema: { tags: TAGS, summary: 'The signed-in user', response: { 200: UserResponseSchema, ...problems(401) } },
    },
    async (request) => ({ user: await users.getUser(requireUser(request).userId) }),
  );

  app.get(
    '/users/is_eligible_for_reservation',
    {
      schema: {
        tags: TAGS,
        summary: 'Whether the user may reserve, and what is missing',
        response: { 200: EligibilitySchema, ...problems(401) },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      return users.eligibility(principal.kind === 'user' ? principal.userId : undefined);
    },
  );

  app.post(
    '/users/edit_user',
    {
      schema: { tags: TAGS, summary: 'Edit first and last name', body: EditUserSchema, response: { 200: UserResponseSchema, ...problems(400, 401) } },
    },
    async (request) => ({
      user: await users.editUser(requireUser(request).userId, { firstName: request.body.first_name, lastName: request.body.last_name }),
    }),
  );

  app.post(
    '/users/add_additional_information',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 hour', keyGenerator: byUser } },
      // After validation, so the number is already in E.164 and counts the same however it was written.
      preHandler: async (request) => {
        if (requirePrincipal(request).userId) await limitCodeSends(request, (request.body as { phone_number: string }).phone_number);
      },
      schema: {
        tags: TAGS,
        summary: 'Add names and phone number; a 6-digit code is sent by SMS',
        description: '`name` is the first name. A number already verified on this account sends no code.',
        body: AddAdditionalInformationSchema,
        response: { 202: OtpSentSchema, ...problems(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { userId } = requireUser(request);
      const sent = await users.addAdditionalInformation(userId, {
        firstName: request.body.name,
        lastName: request.body.last_name,
        phone: request.body.phone_number,
      });
      return reply.code(202).send(sent);
    },
  );

  app.post(
    '/users/resend_otp_code',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 hour', keyGenerator: byUser } },
      preHandler: async (request) => {
        const { userId } = requirePrincipal(request);
        if (userId) await limitCodeSends(request, await users.phoneAwaitingCode(userId));
      },
      schema: {
        tags: TAGS,
        summary: 'Send a new SMS code (at most one a minute)',
        body: EmptyBodySchema,
        response: { 202: OtpSentSchema, ...problems(400, 401, 409, 429) },
      },
    },
    async (request, reply) => reply.code(202).send(await users.resendCode(requireUser(request).userId)),
  );

  app.post(
    '/users/verify_phone',
    {
      config: { rateLimit: { max: 20, timeWindow: '10 minutes', keyGenerator: byUser } },
      schema: {
        tags: TAGS,
        summary: 'Confirm the phone number with the SMS code',
        body: VerifyPhoneSchema,
        response: { 200: UserResponseSchema, ...problems(400, 401, 409, 429) },
      },
    },
    async (request) => ({ user: await localized(request, () => users.verifyPhone(requireUser(request).userId, request.body.code)) }),
  );

  app.post(
    '/users/request_user_deletion',
    {
      config: { rateLimit: { max: 5, timeWindow: '1 hour', keyGenerator: byUser } },
      schema: {
        tags: TAGS,
        summary: 'Delete the account: signs out everywhere and erases personal data',
        description: 'An account with a password must send it (re-authentication); social-only accounts send none.',
        body: RequestUserDeletionSchema,
        response: { 202: DeletionResponseSchema, ...problems(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { userId } = requireUser(request);
      return reply.code(202).send(await localized(request, () => users.deleteAccount(userId, { password: request.body?.password })));
    },
  );

  app.post(
    '/users/request_password_reset',
    {
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      preHandler: resetPerAccount,
      schema: {
        tags: TAGS,
        summary: 'E-mail a password reset link (answers the same whether the account exists or not)',
        body: RequestPasswordResetSchema,
        response: { 202: PasswordResetRequestedSchema, ...problems(400, 401, 429) },
      },
    },
    async (request, reply) => {
      await users.requestPasswordReset(request.body.email);
      return reply.code(202).send({ status: 'requested' as const });
    },
  );

  app.post(
    '/users/reset_password',
    {
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        tags: TAGS,
        summary: 'Set a new password with the e-mailed token; signs out every device',
        body: ResetPasswordSchema,
        response: { 200: PasswordChangedSchema, ...problems(400, 401, 429) },
      },
    },
    async (request) => {
      await localized(request, () => users.resetPassword(request.body));
      return { status: 'password_changed' as const };
    },
  );

  app.post(
    '/users/resend_verification_email',
    {
      config: { rateLimit: { max: 3, timeWindow: '1 hour', keyGenerator: byUser } },
      schema: {
        tags: TAGS,
        summary: 'E-mail the address verification link again',
        description: 'Through the job queue, like the one sent at registration; nothing is sent for an address already proven.',
        body: EmptyBodySchema,
        response: { 202: VerificationEmailSentSchema, ...problems(400, 401, 429) },
      },
    },
    async (request, reply) => reply.code(202).send({ status: await users.resendEmailVerification(requireUser(request).userId) }),
  );

  app.post(
    '/users/verify_email',
    {
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        tags: TAGS,
        summary: 'Confirm the e-mail address with the token of the link e-mailed at registration',
        description: 'Single use, expiring. The web page `/{lang}/verify-email#token=…` calls it.',
        body: VerifyEmailSchema,
        response: { 200: EmailVerifiedSchema, ...problems(400, 401, 429) },
      },
    },
    async (request) => {
      await users.verifyEmail(request.body.token);
      return { status: 'email_verified' as const };
    },
  );
};
