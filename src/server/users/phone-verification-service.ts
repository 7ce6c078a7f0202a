import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Locale } from '../../shared/locales';
import { OTP_MAX_ATTEMPTS, OTP_RESEND_SECONDS, OTP_TTL_MINUTES, type OtpSent, type User } from '../../shared/schemas/users';
import type { DbOrTx } from '../db/client';
import { AppError, rateLimited } from '../lib/errors';
import { type AccountsDeps, isUniqueViolation, requireAccount, toPublicUser, USER_JOBS } from './accounts';
import * as repo from './users-repository';
import type { AccountRow } from './users-repository';

type VerifyOutcome =
  | { row: AccountRow }
  | { error: 'code_expired' | 'phone_in_use' }
  | { error: 'code_attempts_exceeded'; retryAfter: number }
  | { error: 'code_invalid'; attemptsLeft: number };

/**
 * The phone number and its proof (DESIGN §4): a 6-digit code by SMS, stored only as a keyed hash, short
 * expiry, few tries a code, one code a minute. The SMS leaves through the job queue, enqueued in the
 * same transaction as the change, so an acknowledged request always gets its code.
 */
export class PhoneVerificationService {
  private readonly now: () => Date;
  private readonly codePepper: Buffer;

  constructor(private readonly deps: Pick<AccountsDeps, 'db' | 'jobs' | 'jwtSecret' | 'log' | 'now'>) {
    this.now = deps.now ?? (() => new Date());
    this.codePepper = createHash('sha256').update(`kuda:phone-code:${deps.jwtSecret}`).digest();
  }

  /** Saves the names and the number; a number that is not yet verified gets a code by SMS. */
  async addAdditionalInformation(input: { userId: string; firstName: string; lastName: string; phone: string }): Promise<OtpSent> {
    const { userId } = input;
    const now = this.now();
    return this.deps.db.transaction(async (tx) => {
      const row = await requireAccount(tx, userId, { lock: true });
      if (row.phoneNumber === input.phone && row.phoneVerifiedAt !== null) {
        await repo.updateAccount(tx, userId, { firstName: input.firstName, lastName: input.lastName });
        return { code_sent: false, phone_number: input.phone, resend_after_seconds: 0, expires_in_seconds: 0 };
      }
      await this.assertResendAllowed(tx, userId, now);
      await repo.updateAccount(tx, userId, { firstName: input.firstName, lastName: input.lastName, phoneNumber: input.phone, phoneVerifiedAt: null });
      return this.startCode(tx, userId, input.phone, now);
    });
  }

  /** The number a resend would text: set and not yet verified, else null (the resend will be refused). */
  async phoneAwaitingCode(input: { userId: string }): Promise<string | null> {
    const row = await repo.findById(this.deps.db, input.userId);
    return row?.phoneNumber && !row.phoneVerifiedAt ? row.phoneNumber : null;
  }

  async resendCode(input: { userId: string }): Promise<OtpSent> {
    const { userId } = input;
    const now = this.now();
    return this.deps.db.transaction(async (tx) => {
      const row = await requireAccount(tx, userId, { lock: true });
      if (!row.phoneNumber) throw new AppError('conflict', 'phone_missing');
      if (row.phoneVerifiedAt) throw new AppError('conflict', 'phone_already_verified');
      await this.assertResendAllowed(tx, userId, now);
      return this.startCode(tx, userId, row.phoneNumber, now);
    });
  }

  async verifyPhone(input: { userId: string; code: string }): Promise<User> {
    const { userId, code } = input;
    const now = this.now();
    const outcome = await this.deps.db
      .transaction(async (tx): Promise<VerifyOutcome> => {
        const row = await requireAccount(tx, userId, { lock: true });
        const pending = await repo.findPhoneCode(tx, userId, { lock: true });
        if (!pending || pending.phone !== row.phoneNumber || pending.expiresAt <= now) return { error: 'code_expired' } as const;
        if (pending.attempts >= OTP_MAX_ATTEMPTS) {
          return { error: 'code_attempts_exceeded', retryAfter: secondsUntilResend(pending.sentAt, now) } as const;
        }
        // The attempt is counted and committed before the answer, right or wrong.
        await repo.countPhoneCodeAttempt(tx, userId);
        if (!pending.codeHash || !this.codeMatches(pending.codeHash, userId, pending.phone, code)) {
          return { error: 'code_invalid', attemptsLeft: OTP_MAX_ATTEMPTS - pending.attempts - 1 } as const;
        }
        if (await repo.phoneVerifiedElsewhere(tx, pending.phone, userId)) return { error: 'phone_in_use' } as const;
        await repo.deletePhoneCode(tx, userId);
        return { row: await repo.updateAccount(tx, userId, { phoneVerifiedAt: now }) };
      })
      .catch((error: unknown): VerifyOutcome => {
        if (isUniqueViolation(error)) return { error: 'phone_in_use' };
        throw error;
      });
    if ('row' in outcome) {
      this.deps.log.info({ user_id: userId }, 'phone verified');
      return toPublicUser(outcome.row);
    }
    switch (outcome.error) {
      case 'code_invalid':
        throw new AppError('invalid', 'code_invalid', {
          // `count` picks the plural form; `attempts_left` stays for callers that read the older parameter name.
          params: { count: outcome.attemptsLeft, attempts_left: outcome.attemptsLeft },
          fieldErrors: { code: ['field.code_invalid'] },
          // Machine-readable, so the screen can say it with plurals in the reader's language.
          extensions: { tries_left: outcome.attemptsLeft },
        });
      case 'code_attempts_exceeded':
        throw rateLimited(outcome.retryAfter, 'code_attempts_exceeded');
      case 'phone_in_use':
        throw new AppError('conflict', 'phone_in_use');
      default:
        throw new AppError('invalid', 'code_expired');
    }
  }

  private async assertResendAllowed(tx: DbOrTx, userId: string, now: Date) {
    const previous = await repo.findPhoneCode(tx, userId, { lock: true });
    if (previous && now.getTime() - previous.sentAt.getTime() < OTP_RESEND_SECONDS * 1000) {
      throw rateLimited(secondsUntilResend(previous.sentAt, now));
    }
  }

  private async startCode(tx: DbOrTx, userId: string, phone: string, now: Date): Promise<OtpSent> {
    const generation = await repo.upsertPhoneCode(tx, { userId, phone, sentAt: now, expiresAt: new Date(now.getTime() + OTP_TTL_MINUTES * 60_000) });
    await this.deps.jobs.enqueue(tx, {
      type: USER_JOBS.phoneCode,
      payload: { user_id: userId, generation },
      idempotencyKey: `phone_code:${userId}:${generation}:${now.getTime()}`,
    });
    return { code_sent: true, phone_number: phone, resend_after_seconds: OTP_RESEND_SECONDS, expires_in_seconds: OTP_TTL_MINUTES * 60 };
  }

  /** A keyed hash: a leaked table cannot be brute-forced over the million codes without the pepper. */
  private hashCode(userId: string, phone: string, code: string): string {
    return createHmac('sha256', this.codePepper).update(`${userId}:${phone}:${code}`).digest('base64url');
  }

  private codeMatches(stored: string, userId: string, phone: string, code: string): boolean {
    const expected = Buffer.from(stored);
    const actual = Buffer.from(this.hashCode(userId, phone, code));
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }

  /**
   * Run by the SMS job: makes the code, stores its hash for the still-current generation and sends it.
   * The code exists in plain text only in this function and in the SMS.
   */
  async sendPhoneCode(input: {
    userId: string;
    generation: number;
    send: (message: { to: string; locale: Locale; code: string; minutes: number }) => Promise<void>;
  }): Promise<void> {
    const { db } = this.deps;
    const pending = await repo.findPhoneCode(db, input.userId);
    const row = await repo.findById(db, input.userId);
    if (!pending || !row || pending.generation !== input.generation || pending.expiresAt <= this.now()) return;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    if (!(await repo.setPhoneCodeHash(db, input.userId, input.generation, this.hashCode(input.userId, pending.phone, code)))) return;
    await input.send({ to: pending.phone, locale: row.locale, code, minutes: OTP_TTL_MINUTES });
  }
}

function secondsUntilResend(sentAt: Date, now: Date): number {
  return Math.max(1, Math.ceil((sentAt.getTime() + OTP_RESEND_SECONDS * 1000 - now.getTime()) / 1000));
}
