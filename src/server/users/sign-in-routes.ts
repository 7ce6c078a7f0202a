import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EmailPasswordLoginSchema,
  EmptyBodySchema,
  LoggedInSchema,
  RegisterEmailSchema,
  RegisterFacebookSchema,
  RegisterGoogleSchema,
  SignInProvidersSchema,
  SignInResponseSchema,
  UserResponseSchema,
} from '../../shared/schemas/users';
import { AppError } from '../lib/errors';
import { requirePrincipal } from '../plugins/authentication';
import { guestOf } from '../saved/guest-adoption';
import { requestLocale } from '../plugins/problem-details';
import type { SignInLockout } from './account-limits';
import { explicitLocale, problems, TAGS } from './route-helpers';
import type { SignInService } from './sign-in-service';

/** Registration, the three ways to sign in, and signing out (spec §7, DESIGN §4). */
export const signInRoutes: FastifyPluginAsyncZod<{ signIn: SignInService; lockout: SignInLockout }> = async (app, { signIn, lockout }) => {
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
      const user = await signIn.registerEmail({ ...request.body, locale: requestLocale(request), guestId: guestOf(request) });
      return reply.code(201).send({ user });
    },
  );

  app.post(
    '/users/email_password_login',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: TAGS,
        summary: 'Sign in with e-mail and password',
        description:
          '`passedURL` is where the client goes afterwards; the server ignores it. Wrong passwords are limited to 10 per 15 minutes per account and address, and 100 per account.',
        body: EmailPasswordLoginSchema,
        response: { 200: SignInResponseSchema, ...problems(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      // Only a wrong password (or an unknown e-mail, which must look the same) stays counted.
      const attempt = await lockout.begin({ email, ip: request.ip });
      try {
        const signedIn = await signIn.login({ email, password, locale: explicitLocale(request), guestId: guestOf(request), userAgent: request.headers['user-agent'] });
        await attempt.forgive();
        return signedIn;
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'invalid_credentials')) await attempt.forgive();
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
        response: { 200: SignInResponseSchema, ...problems(400, 401, 403, 404, 409, 429, 503) },
      },
    },
    async (request) => signIn.signInWithGoogle({
        idToken: request.body.id_token,
        email: request.body.email,
        locale: explicitLocale(request),
        guestId: guestOf(request),
        userAgent: request.headers['user-agent'],
      }),
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
        response: { 200: SignInResponseSchema, ...problems(400, 401, 404, 409, 429, 503) },
      },
    },
    async (request) =>
      signIn.signInWithFacebook({
        accessToken: request.body.facebook_access_token,
        userId: request.body.user_id,
        locale: explicitLocale(request),
        guestId: guestOf(request),
        userAgent: request.headers['user-agent'],
      }),
  );

  app.get(
    '/users/sign_in_providers',
    {
      schema: { tags: TAGS, summary: 'Which social sign-ins this deployment offers', response: { 200: SignInProvidersSchema, ...problems(401) } },
    },
    async () => signIn.providers(),
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
      await signIn.logout({ principal: requirePrincipal(request) });
      return reply.code(204).send(null);
    },
  );
};
