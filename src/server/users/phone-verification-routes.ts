import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AddAdditionalInformationSchema, EmptyBodySchema, OtpSentSchema, UserResponseSchema, VerifyPhoneSchema } from '../../shared/schemas/users';
import { requirePrincipal, requireUser } from '../plugins/authentication';
import { byUser, consume } from './account-limits';
import { sha256 } from './accounts';
import type { PhoneVerificationService } from './phone-verification-service';
import { problems, TAGS } from './route-helpers';

declare module 'fastify' {
  interface FastifyRequest {
    /** The E.164 number an SMS code is about to be sent to (keys the per-number limit). */
    codeDestination?: string;
  }
}

/** Names and phone number, proven by a code sent by SMS (DESIGN §4). */
export const phoneVerificationRoutes: FastifyPluginAsyncZod<{ phone: PhoneVerificationService }> = async (app, { phone }) => {
  // Every SMS costs money and reaches a stranger's phone: besides the per-user limit (route config), code
  // sends are limited per client address (many throwaway accounts) and per destination number (many
  // accounts pointed at one victim).
  const codeSendsPerAddress = app.createRateLimit({ max: 20, timeWindow: '1 hour', keyGenerator: (request) => `code-send-ip:${request.ip}` });
  const codeSendsPerNumber = app.createRateLimit({
    max: 5,
    timeWindow: '1 hour',
    keyGenerator: (request) => `code-send-phone:${sha256(request.codeDestination ?? '')}`,
  });
  /** Guests are left to the handler's 401; they send nothing and count for nothing. */
  const limitCodeSends = async (request: FastifyRequest, destination: string | null) => {
    await consume(codeSendsPerAddress, request);
    if (!destination) return;
    request.codeDestination = destination;
    await consume(codeSendsPerNumber, request);
  };

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
      const sent = await phone.addAdditionalInformation({
        userId: requireUser(request).userId,
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
        if (userId) await limitCodeSends(request, await phone.phoneAwaitingCode({ userId }));
      },
      schema: {
        tags: TAGS,
        summary: 'Send a new SMS code (at most one a minute)',
        body: EmptyBodySchema,
        response: { 202: OtpSentSchema, ...problems(400, 401, 409, 429) },
      },
    },
    async (request, reply) => reply.code(202).send(await phone.resendCode({ userId: requireUser(request).userId })),
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
    async (request) => ({ user: await phone.verifyPhone({ userId: requireUser(request).userId, code: request.body.code }) }),
  );
};
