import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Locale } from '../../shared/locales';
import {
  type Eligibility,
  type EligibilityMissing,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_SECONDS,
  OTP_TTL_MINUTES,
  type OtpSent,
  EMAIL_VERIFICATION_PATH,
  EMAIL_VERIFICATION_TOKEN_PARAM,
  EMAIL_VERIFICATION_TTL_HOURS,
  PASSWORD_RESET_PATH,
  PASSWORD_RESET_TOKEN_PARAM,
  type SignInProviders,
  type SignInResponse,
  type User,
} from '../../shared/schemas/users';
import * as authRepo from '../auth/auth-repository';
import type { AuthService, Principal } from '../auth/auth-service';
import type { Config } from '../config';
import type { Db, DbOrTx } from '../db/client';
import type { JobQueue } from '../jobs/job-queue';
import { AppError } from '../lib/errors';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { FacebookVerifier, GoogleVerifier, type ProviderIdentity } from './social-providers';
import * as repo from './users-repository';
import type { AccountRow } from './users-repository';

export const USER_JOBS = {
  phoneCode: 'users.phone_code',
  passwordReset: 'users.password_reset_email',
  accountDeleted: 'users.account_deleted_email',
  emailVerification: 'users.email_verification_email',
  passwordSignInRemoved: 'users.password_sign_in_removed_email',
} as const;

/** What an e-mail with a link needs: the address, the language, the name to greet and the link. */
export interface EmailLinkMessage {
  to: string;
  locale: Locale;
  firstName: string | null;
  link: string;
}

export interface UsersServiceDeps {
  db: Db;
  auth: AuthService;
  jobs: JobQueue;
  config: Pick<
    Config,
    | 'GOOGLE_CLIENT_ID'
    | 'GOOGLE_ISSUER'
    | 'FACEBOOK_APP_ID'
    | 'FACEBOOK_APP_SECRET'
    | 'FACEBOOK_GRAPH_URL'
    | 'FACEBOOK_DIALOG_URL'
    | 'PASSWORD_RESET_TTL_MINUTES'
    | 'PUBLIC_URL'
    | 'PORT'
  >;
  /** The server's JWT secret: a pepper for SMS code hashes is derived from it, never the secret itself. */
  jwtSecret: string;
  log: { info: (obj: object, msg?: string) => void; warn: (obj: object, msg?: string) => void };
  /**
   * Erases what other domains hold of the account (reservations, notifications) inside the deletion
   * transaction, so a deletion is all or nothing. Returns how many open reservations it cancelled.
   */
  onDeleting?: (tx: DbOrTx, userId: string) => Promise<{ cancelledReservations: number }>;
  now?: () => Date;
  fetchImpl?: typeof fetch;
}

type VerifyOutcome =
  | { row: AccountRow }
  | { error: 'code_expired' | 'phone_in_use' }
  | { error: 'code_attempts_exceeded'; retryAfter: number }
  | { error: 'code_invalid'; attemptsLeft: number };

const invalidCredentials = () => new AppError(401, 'invalid_credentials');
const suspended = () => new AppError(403, 'account_suspended');

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** The public user (UserSchema): no hash, code, provider id or token ever leaves through it. */
export function toPublicUser(row: AccountRow): User {
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    name: name || null,
    phone_number: row.phoneNumber,
    phone_verified: Boolean(row.phoneNumber && row.phoneVerifiedAt),
    email_verified: Boolean(row.email && row.emailVerifiedAt),
    role: row.role,
    locale: row.locale,
    has_password: Boolean(row.passwordHash),
    created_at: row.createdAt.toISOString(),
  };
}

/** What stands between an account and a reservation (DESIGN §4), in the order the UI asks for it. */
export function missingForReservation(row: AccountRow | undefined): EligibilityMissing[] {
  if (!row) return ['sign_in'];
  const missing: EligibilityMissing[] = [];
  if (!row.firstName) missing.push('first_name');
  if (!row.lastName) missing.push('last_name');
  if (!row.phoneNumber) missing.push('phone');
  else if (!row.phoneVerifiedAt) missing.push('phone_verification');
  if (row.status !== 'active') missing.push('account_standing');
  return missing;
}

/**
 * Accounts (DESIGN §4): e-mail + password, Google and Facebook sign-in, profile, phone verification by
 * SMS code, password reset and deletion. Messages leave through the job queue, enqueued in the same
 * transaction as the change, so an acknowledged request always gets its e-mail or SMS.
 */
export class UsersService {
  readonly google: GoogleVerifier;
  readonly facebook: FacebookVerifier;
  private readonly now: () => Date;
  private readonly codePepper: Buffer;

  constructor(private readonly deps: UsersServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.codePepper = createHash('sha256').update(`kuda:phone-code:${deps.jwtSecret}`).digest();
    this.google = new GoogleVerifier({
      clientId: deps.config.GOOGLE_CLIENT_ID,
      issuer: deps.config.GOOGLE_ISSUER,
      fetchImpl: deps.fetchImpl,
    });
    this.facebook = new FacebookVerifier({
      appId: deps.config.FACEBOOK_APP_ID,
      appSecret: deps.config.FACEBOOK_APP_SECRET,
      graphUrl: deps.config.FACEBOOK_GRAPH_URL,
      fetchImpl: deps.fetchImpl,
    });
  }

  signInProviders(): SignInProviders {
    const { config } = this.deps;
    return {
      google: config.GOOGLE_CLIENT_ID ? { client_id: config.GOOGLE_CLIENT_ID } : null,
      facebook:
        config.FACEBOOK_APP_ID && config.FACEBOOK_APP_SECRET
          ? { app_id: config.FACEBOOK_APP_ID, dialog_url: config.FACEBOOK_DIALOG_URL }
          : null,
    };
  }

  // ------------------------------------------------------------------------------------------------
  // Registration and sign-in
  // ------------------------------------------------------------------------------------------------

  async registerEmail(input: { email: string; password: string; locale: Locale }): Promise<User> {
    const passwordHash = await hashPassword(input.password);
    try {
      const row = await this.deps.db.transaction(async (tx) => {
        if (await repo.findByEmail(tx, input.email)) throw new AppError(409, 'email_taken');
        const inserted = await repo.insertAccount(tx, { id: randomUUID(), email: input.email, passwordHash, locale: input.locale });
        // Until the link is opened the address is unproven, and its verified owner may claim it (Google).
        await this.deps.jobs.enqueue(tx, {
          type: USER_JOBS.emailVerification,
          payload: { user_id: inserted.id, request_id: randomUUID() },
        });
        return inserted;
      });
      this.deps.log.info({ user_id: row.id }, 'account registered');
      return toPublicUser(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(409, 'email_taken');
      throw error;
    }
  }

  /**
   * The same answer, status and time for an unknown e-mail and a wrong password: an unknown account is
   * checked against a dummy hash. A suspended account is told so only after its password matched.
   */
  async login(input: { email: string; password: string; locale?: Locale }): Promise<SignInResponse> {
    const row = await repo.findByEmail(this.deps.db, input.email, { lock: false });
    const matches = row?.passwordHash
      ? await verifyPassword(row.passwordHash, input.password)
      : await verifyAgainstDummy(input.password);
    if (!row || !matches) {
      this.deps.log.info({ user_id: row?.id }, 'sign-in refused');
      throw invalidCredentials();
    }
    if (row.status !== 'active') throw suspended();
    return this.signIn(row, input.locale, 'password');
  }

  async signInWithGoogle(input: { idToken: string; email?: string; locale?: Locale }): Promise<SignInResponse> {
    const identity = await this.google.verify(input.idToken);
    if (!identity.email || !identity.emailVerified) throw new AppError(403, 'provider_email_unverified', { provider: 'Google' });
    if (input.email && input.email.toLowerCase() !== identity.email) {
      throw new AppError(400, 'provider_email_mismatch', { provider: 'Google' });
    }
    const row = await this.withUniqueRetry(() => this.deps.db.transaction((tx) => this.upsertGoogleAccount(tx, identity, input.locale)));
    return this.signIn(row, input.locale, 'google');
  }

  private async upsertGoogleAccount(tx: DbOrTx, identity: ProviderIdentity, locale: Locale | undefined): Promise<AccountRow> {
    const email = identity.email ?? null;
    const known = await repo.findByProvider(tx, 'google', identity.subject);
    if (known) return known;
    const byEmail = email ? await repo.findByEmail(tx, email) : undefined;
    if (!byEmail) {
      return repo.insertAccount(tx, {
        id: randomUUID(),
        email,
        emailVerifiedAt: this.now(),
        firstName: identity.firstName ?? null,
        lastName: identity.lastName ?? null,
        googleSub: identity.subject,
        locale: locale ?? 'sr',
      });
    }
    if (byEmail.googleSub) throw new AppError(409, 'provider_email_in_use');
    if (byEmail.emailVerifiedAt) {
      return repo.updateAccount(tx, byEmail.id, { googleSub: identity.subject });
    }
    // Nobody ever proved this address, so whoever registered it may not own it (pre-registration
    // hijacking): Google proves the owner, who takes the account over; the unproven password or
    // Facebook link stop working and every sign-in on the account ends. The mailbox is told, so an owner
    // who did set that password (and never opened the verification link) knows how to set a new one.
    await authRepo.revokeUserFamilies(tx, byEmail.id, 'email_owner_verified');
    await repo.useEmailTokens(tx, 'email_verification', byEmail.id, this.now());
    if (byEmail.passwordHash) {
      await this.deps.jobs.enqueue(tx, {
        type: USER_JOBS.passwordSignInRemoved,
        payload: { user_id: byEmail.id },
        idempotencyKey: `password_sign_in_removed:${byEmail.id}:${identity.subject}`,
      });
    }
    this.deps.log.warn({ user_id: byEmail.id }, 'unverified e-mail claimed by its verified Google owner');
    return repo.updateAccount(tx, byEmail.id, {
      googleSub: identity.subject,
      emailVerifiedAt: this.now(),
      passwordHash: null,
      facebookId: null,
    });
  }

  async signInWithFacebook(input: { accessToken: string; userId: string; locale?: Locale }): Promise<SignInResponse> {
    const identity = await this.facebook.verify(input.accessToken, input.userId);
    const row = await this.withUniqueRetry(() =>
      this.deps.db.transaction(async (tx) => {
        const known = await repo.findByProvider(tx, 'facebook', identity.subject);
        if (known) return known;
        // Facebook does not say the address is verified: it never reaches an existing account.
        if (identity.email && (await repo.findByEmail(tx, identity.email))) throw new AppError(409, 'provider_email_in_use');
        return repo.insertAccount(tx, {
          id: randomUUID(),
          email: identity.email ?? null,
          firstName: identity.firstName ?? null,
          lastName: identity.lastName ?? null,
          facebookId: identity.subject,
          locale: input.locale ?? 'sr',
        });
      }),
    );
    return this.signIn(row, input.locale, 'facebook');
  }

  /** Two first sign-ins at once may both try to create the account; the second then finds it. */
  private async withUniqueRetry<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return work();
    }
  }

  private async signIn(row: AccountRow, locale: Locale | undefined, method: string): Promise<SignInResponse> {
    if (row.status !== 'active') throw suspended();
    const current = locale && locale !== row.locale ? await repo.updateAccount(this.deps.db, row.id, { locale }) : row;
    const pair = await this.deps.auth.issueUserPair({ id: current.id, role: current.role });
    this.deps.log.info({ user_id: current.id, method }, 'signed in');
    return { ...pair, user: toPublicUser(current) };
  }

  async logout(principal: Principal): Promise<void> {
    await this.deps.auth.signOut(principal);
  }

  // ------------------------------------------------------------------------------------------------
  // Profile and eligibility
  // ------------------------------------------------------------------------------------------------

  async getUser(userId: string): Promise<User> {
    return toPublicUser(await this.requireAccount(this.deps.db, userId));
  }

  async editUser(userId: string, input: { firstName: string; lastName: string }): Promise<User> {
    await this.requireAccount(this.deps.db, userId);
    const row = await repo.updateAccount(this.deps.db, userId, { firstName: input.firstName, lastName: input.lastName });
    return toPublicUser(row);
  }

  /** `userId` undefined is a guest: all they miss is signing in. */
  async eligibility(userId: string | undefined): Promise<Eligibility> {
    const row = userId ? await repo.findById(this.deps.db, userId) : undefined;
    const missing = missingForReservation(row);
    return { eligible: missing.length === 0, missing };
  }

  /** For reservations: throws 403 `not_eligible`, with what is missing under `errors.missing`. */
  async requireEligible(userId: string | undefined): Promise<void> {
    const { eligible, missing } = await this.eligibility(userId);
    if (!eligible) throw new AppError(403, 'not_eligible', { missing: missing.join(', ') }, { missing });
  }

  private async requireAccount(db: DbOrTx, userId: string, lock = false): Promise<AccountRow> {
    const row = await repo.findById(db, userId, { lock });
    // A token outlives nothing: deletion revokes every family. This guards a race with a deletion.
    if (!row) throw new AppError(401, 'user_required');
    return row;
  }

  // ------------------------------------------------------------------------------------------------
  // Phone verification
  // ------------------------------------------------------------------------------------------------

  /** Saves the names and the number; a number that is not yet verified gets a code by SMS. */
  async addAdditionalInformation(userId: string, input: { firstName: string; lastName: string; phone: string }): Promise<OtpSent> {
    const now = this.now();
    return this.deps.db.transaction(async (tx) => {
      const row = await this.requireAccount(tx, userId, true);
      const alreadyVerified = row.phoneNumber === input.phone && row.phoneVerifiedAt !== null;
      if (alreadyVerified) {
        await repo.updateAccount(tx, userId, { firstName: input.firstName, lastName: input.lastName });
        await repo.deletePhoneCode(tx, userId);
        return { code_sent: false, phone_number: input.phone, resend_after_seconds: 0, expires_in_seconds: 0 };
      }
      await this.assertResendAllowed(tx, userId, now);
      await repo.updateAccount(tx, userId, {
        firstName: input.firstName,
        lastName: input.lastName,
        phoneNumber: input.phone,
        phoneVerifiedAt: null,
      });
      return this.startCode(tx, userId, input.phone, now);
    });
  }

  /** The number a resend would text: set and not yet verified, else null (the resend will be refused). */
  async phoneAwaitingCode(userId: string): Promise<string | null> {
    const row = await repo.findById(this.deps.db, userId);
    return row?.phoneNumber && !row.phoneVerifiedAt ? row.phoneNumber : null;
  }

  async resendCode(userId: string): Promise<OtpSent> {
    const now = this.now();
    return this.deps.db.transaction(async (tx) => {
      const row = await this.requireAccount(tx, userId, true);
      if (!row.phoneNumber) throw new AppError(409, 'phone_missing');
      if (row.phoneVerifiedAt) throw new AppError(409, 'phone_already_verified');
      await this.assertResendAllowed(tx, userId, now);
      return this.startCode(tx, userId, row.phoneNumber, now);
    });
  }

  async verifyPhone(userId: string, code: string): Promise<User> {
    const now = this.now();
    const outcome = await this.deps.db.transaction(async (tx): Promise<VerifyOutcome> => {
      const row = await this.requireAccount(tx, userId, true);
      const pending = await repo.findPhoneCode(tx, userId, { lock: true });
      if (!pending || pending.phone !== row.phoneNumber || pending.expiresAt <= now) return { error: 'code_expired' } as const;
      if (pending.attempts >= OTP_MAX_ATTEMPTS) {
        return { error: 'code_attempts_exceeded', retryAfter: this.secondsUntilResend(pending.sentAt, now) } as const;
      }
      // The attempt is counted and committed before the answer, right or wrong.
      await repo.countPhoneCodeAttempt(tx, userId);
      if (!pending.codeHash || !this.codeMatches(pending.codeHash, userId, pending.phone, code)) {
        return { error: 'code_invalid', attemptsLeft: OTP_MAX_ATTEMPTS - pending.attempts - 1 } as const;
      }
      if (await repo.phoneVerifiedElsewhere(tx, pending.phone, userId)) return { error: 'phone_in_use' } as const;
      await repo.deletePhoneCode(tx, userId);
      return { row: await repo.updateAccount(tx, userId, { phoneVerifiedAt: now }) };
    }).catch((error: unknown): VerifyOutcome => {
      if (isUniqueViolation(error)) return { error: 'phone_in_use' };
      throw error;
    });
    if ('row' in outcome) {
      this.deps.log.info({ user_id: userId }, 'phone verified');
      return toPublicUser(outcome.row);
    }
    switch (outcome.error) {
      case 'code_invalid':
        throw new AppError(400, 'code_invalid', { attempts_left: outcome.attemptsLeft }, { code: ['field.code_invalid'] });
      case 'code_attempts_exceeded':
        throw new AppError(429, 'code_attempts_exceeded', {}, undefined, { 'retry-after': String(outcome.retryAfter) });
      case 'phone_in_use':
        throw new AppError(409, 'phone_in_use');
      default:
        throw new AppError(400, 'code_expired');
    }
  }

  private secondsUntilResend(sentAt: Date, now: Date): number {
    return Math.max(1, Math.ceil((sentAt.getTime() + OTP_RESEND_SECONDS * 1000 - now.getTime()) / 1000));
  }

  private async assertResendAllowed(tx: DbOrTx, userId: string, now: Date) {
    const previous = await repo.findPhoneCode(tx, userId, { lock: true });
    if (previous && now.getTime() - previous.sentAt.getTime() < OTP_RESEND_SECONDS * 1000) {
      const seconds = this.secondsUntilResend(previous.sentAt, now);
      throw new AppError(429, 'rate_limited', { seconds }, undefined, { 'retry-after': String(seconds) });
    }
  }

  private async startCode(tx: DbOrTx, userId: string, phone: string, now: Date): Promise<OtpSent> {
    const generation = await repo.upsertPhoneCode(tx, {
      userId,
      phone,
      sentAt: now,
      expiresAt: new Date(now.getTime() + OTP_TTL_MINUTES * 60_000),
    });
    await this.deps.jobs.enqueue(tx, {
      type: USER_JOBS.phoneCode,
      payload: { user_id: userId, generation },
      idempotencyKey: `phone_code:${userId}:${generation}:${now.getTime()}`,
    });
    return {
      code_sent: true,
      phone_number: phone,
      resend_after_seconds: OTP_RESEND_SECONDS,
      expires_in_seconds: OTP_TTL_MINUTES * 60,
    };
  }

  /** A keyed hash: a leaked table cannot be brute-forced over the million codes without the pepper. */
  hashCode(userId: string, phone: string, code: string): string {
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
  async sendPhoneCode(
    payload: { userId: string; generation: number },
    send: (message: { to: string; locale: Locale; code: string; minutes: number }) => Promise<void>,
  ): Promise<void> {
    const { db } = this.deps;
    const pending = await repo.findPhoneCode(db, payload.userId);
    const row = await repo.findById(db, payload.userId);
    if (!pending || !row || pending.generation !== payload.generation || pending.expiresAt <= this.now()) return;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    if (!(await repo.setPhoneCodeHash(db, payload.userId, payload.generation, this.hashCode(payload.userId, pending.phone, code)))) return;
    await send({ to: pending.phone, locale: row.locale, code, minutes: OTP_TTL_MINUTES });
  }

  // ------------------------------------------------------------------------------------------------
  // Password reset
  // ------------------------------------------------------------------------------------------------

  /** Always succeeds to the caller: whether the address has an account is never told. */
  async requestPasswordReset(email: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const row = await repo.findByEmail(tx, email);
      if (!row || row.status !== 'active') return;
      await this.deps.jobs.enqueue(tx, {
        type: USER_JOBS.passwordReset,
        payload: { user_id: row.id, request_id: randomUUID() },
      });
      this.deps.log.info({ user_id: row.id }, 'password reset requested');
    });
  }

  /**
   * Run by the e-mail job: makes the single-use token, stores its SHA-256 and mails the link. The token
   * exists in plain text only here and in the e-mail (the link carries it in the fragment).
   */
  async issuePasswordReset(userId: string): Promise<{ to: string; locale: Locale; firstName: string | null; link: string; minutes: number } | undefined> {
    const row = await repo.findById(this.deps.db, userId);
    if (!row?.email || row.status !== 'active') return undefined;
    const token = randomBytes(32).toString('base64url');
    const minutes = this.deps.config.PASSWORD_RESET_TTL_MINUTES;
    await repo.insertPasswordReset(this.deps.db, {
      tokenHash: sha256(token),
      userId,
      expiresAt: new Date(this.now().getTime() + minutes * 60_000),
    });
    const link = this.pageLink(row.locale, `${PASSWORD_RESET_PATH}#${PASSWORD_RESET_TOKEN_PARAM}=${token}`);
    return { to: row.email, locale: row.locale, firstName: row.firstName, link, minutes };
  }

  /** An absolute link to a page of the web app, in the reader's language. */
  private pageLink(locale: Locale, path: string): string {
    const base = (this.deps.config.PUBLIC_URL ?? `http://localhost:${this.deps.config.PORT}`).replace(/\/+$/, '');
    return `${base}/${locale}${path}`;
  }

  /** Sets the new password, uses up every link and signs out every device. The mailbox is now proven. */
  async resetPassword(input: { token: string; password: string }): Promise<void> {
    const passwordHash = await hashPassword(input.password);
    const now = this.now();
    const userId = await this.deps.db.transaction(async (tx) => {
      const reset = await repo.findPasswordReset(tx, sha256(input.token));
      if (!reset || reset.usedAt || reset.expiresAt <= now) return undefined;
      const row = await repo.findById(tx, reset.userId, { lock: true });
      if (!row || row.status !== 'active') return undefined;
      await repo.usePasswordResets(tx, row.id, now);
      await repo.updateAccount(tx, row.id, { passwordHash, emailVerifiedAt: row.emailVerifiedAt ?? now });
      await authRepo.revokeUserFamilies(tx, row.id, 'password_reset');
      return row.id;
    });
    if (!userId) throw new AppError(400, 'reset_token_invalid', {}, { token: ['field.reset_token'] });
    this.deps.log.info({ user_id: userId }, 'password reset completed');
  }

  // ------------------------------------------------------------------------------------------------
  // E-mail verification
  // ------------------------------------------------------------------------------------------------

  /**
   * Run by the e-mail job after registration, like `issuePasswordReset`: the single-use token exists in
   * plain text only here and in the e-mail; its SHA-256 is stored. Nothing is sent for an address that
   * is already proven (a password reset or Google got there first) or an account that is gone.
   */
  async issueEmailVerification(userId: string): Promise<(EmailLinkMessage & { hours: number }) | undefined> {
    const row = await repo.findById(this.deps.db, userId);
    if (!row?.email || row.emailVerifiedAt || row.status !== 'active') return undefined;
    const token = randomBytes(32).toString('base64url');
    await repo.insertEmailToken(this.deps.db, 'email_verification', {
      tokenHash: sha256(token),
      userId,
      expiresAt: new Date(this.now().getTime() + EMAIL_VERIFICATION_TTL_HOURS * 3_600_000),
    });
    const link = this.pageLink(row.locale, `${EMAIL_VERIFICATION_PATH}#${EMAIL_VERIFICATION_TOKEN_PARAM}=${token}`);
    return { to: row.email, locale: row.locale, firstName: row.firstName, link, hours: EMAIL_VERIFICATION_TTL_HOURS };
  }

  /** "Send the link again" from the profile: queues the same e-mail as registration did, unless proven. */
  async resendEmailVerification(userId: string): Promise<'sent' | 'already_verified'> {
    const row = await this.requireAccount(this.deps.db, userId);
    if (!row.email || row.emailVerifiedAt) return 'already_verified';
    await this.deps.jobs.enqueue(this.deps.db, { type: USER_JOBS.emailVerification, payload: { user_id: row.id, request_id: randomUUID() } });
    return 'sent';
  }

  /** The link was opened: the address is proven (`emailVerifiedAt`) and every outstanding link is used up. */
  async verifyEmail(token: string): Promise<void> {
    const now = this.now();
    const userId = await this.deps.db.transaction(async (tx) => {
      const pending = await repo.findEmailToken(tx, 'email_verification', sha256(token));
      if (!pending || pending.usedAt || pending.expiresAt <= now) return undefined;
      const row = await repo.findById(tx, pending.userId, { lock: true });
      if (!row?.email || row.status !== 'active') return undefined;
      await repo.useEmailTokens(tx, 'email_verification', row.id, now);
      if (!row.emailVerifiedAt) await repo.updateAccount(tx, row.id, { emailVerifiedAt: now });
      return row.id;
    });
    if (!userId) throw new AppError(400, 'email_token_invalid');
    this.deps.log.info({ user_id: userId }, 'e-mail verified');
  }

  /** For the e-mail that tells an address's owner their unproven password sign-in was removed. */
  async passwordSignInRemovedMessage(userId: string): Promise<EmailLinkMessage | undefined> {
    const row = await repo.findById(this.deps.db, userId);
    if (!row?.email || row.status !== 'active') return undefined;
    return { to: row.email, locale: row.locale, firstName: row.firstName, link: this.pageLink(row.locale, '/forgot-password') };
  }

  // ------------------------------------------------------------------------------------------------
  // Deletion
  // ------------------------------------------------------------------------------------------------

  /**
   * In one transaction: every sign-in revoked (so every access token stops at its next request), the
   * personal data erased (the row stays, so reservations keep pointing at an anonymous account), open
   * reservations cancelled and the guest's own words erased (`onDeleting`), and the confirmation e-mail
   * enqueued to the address captured before erasing it — the job's only copy.
   *
   * An account with a password must give it again: a stolen access token alone cannot delete an account.
   * Social-only accounts have nothing to re-enter; their fresh sign-in is the proof.
   */
  async deleteAccount(userId: string, input: { password?: string }): Promise<{ status: 'deleted' }> {
    const before = await this.requireAccount(this.deps.db, userId);
    if (before.passwordHash) {
      if (!input.password) throw new AppError(400, 'validation_failed', {}, { password: ['field.required'] });
      if (!(await verifyPassword(before.passwordHash, input.password))) throw new AppError(403, 'password_incorrect');
    }
    const now = this.now();
    const cancelledReservations = await this.deps.db.transaction(async (tx) => {
      const row = await this.requireAccount(tx, userId, true);
      await authRepo.revokeUserFamilies(tx, userId, 'account_deleted');
      const released = (await this.deps.onDeleting?.(tx, userId)) ?? { cancelledReservations: 0 };
      await repo.deletePhoneCode(tx, userId);
      await repo.deletePasswordResets(tx, userId);
      await repo.deleteEmailTokens(tx, 'email_verification', userId);
      await repo.updateAccount(tx, userId, {
        email: null,
        emailVerifiedAt: null,
        passwordHash: null,
        firstName: null,
        lastName: null,
        phoneNumber: null,
        phoneVerifiedAt: null,
        googleSub: null,
        facebookId: null,
        status: 'deleted',
        deletedAt: now,
      });
      if (row.email) {
        await this.deps.jobs.enqueue(tx, {
          type: USER_JOBS.accountDeleted,
          payload: { to: row.email, locale: row.locale },
          idempotencyKey: `account_deleted:${userId}`,
        });
      }
      return released.cancelledReservations;
    });
    this.deps.log.info({ user_id: userId, cancelled_reservations: cancelledReservations }, 'account deleted');
    return { status: 'deleted' };
  }
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}
