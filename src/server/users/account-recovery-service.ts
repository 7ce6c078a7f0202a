import { randomBytes, randomUUID } from 'node:crypto';
import {
  EMAIL_VERIFICATION_PATH,
  EMAIL_VERIFICATION_TOKEN_PARAM,
  EMAIL_VERIFICATION_TTL_HOURS,
  PASSWORD_RESET_PATH,
  PASSWORD_RESET_TOKEN_PARAM,
} from '../../shared/schemas/users';
import * as authRepo from '../auth/auth-repository';
import { AppError } from '../lib/errors';
import { emailLocale } from '../notifications/email-preferences';
import { type AccountsDeps, type EmailLinkMessage, pageLink, requireAccount, sha256, USER_JOBS } from './accounts';
import { hashPassword } from './passwords';
import * as repo from './users-repository';
import { HOUR_MS } from '../../shared/constants';

/**
 * The mailbox as proof (DESIGN §4): password reset and e-mail verification. Each link carries a
 * single-use token that exists in plain text only in the job that mails it and in the e-mail; only its
 * SHA-256 is stored.
 */
export class AccountRecoveryService {
  private readonly now: () => Date;

  constructor(private readonly deps: Pick<AccountsDeps, 'db' | 'jobs' | 'config' | 'publicUrl' | 'log' | 'now'>) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Always succeeds to the caller: whether the address has an account is never told. */
  async requestPasswordReset(input: { email: string }): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const row = await repo.findByEmail(tx, input.email);
      if (!row || row.status !== 'active') return;
      await this.deps.jobs.enqueue(tx, { type: USER_JOBS.passwordReset, payload: { user_id: row.id, request_id: randomUUID() } });
      this.deps.log.info({ user_id: row.id }, 'password reset requested');
    });
  }

  /** Run by the e-mail job: makes the token, stores its hash and returns the message to mail. */
  async issuePasswordReset(input: { userId: string }): Promise<(EmailLinkMessage & { minutes: number }) | undefined> {
    const row = await repo.findById(this.deps.db, input.userId);
    if (!row?.email || row.status !== 'active') return undefined;
    const token = randomBytes(32).toString('base64url');
    const minutes = this.deps.config.PASSWORD_RESET_TTL_MINUTES;
    await repo.insertPasswordReset(this.deps.db, {
      tokenHash: sha256(token),
      userId: row.id,
      expiresAt: new Date(this.now().getTime() + minutes * 60_000),
    });
    // The token rides in the fragment, which no server (ours or a proxy) receives or logs.
    const locale = await emailLocale(this.deps.db, row.id, row.locale);
    const link = pageLink(this.deps.publicUrl, locale, `${PASSWORD_RESET_PATH}#${PASSWORD_RESET_TOKEN_PARAM}=${token}`);
    return { to: row.email, locale, firstName: row.firstName, link, minutes };
  }

  /**
   * Sets the new password, uses up every link and signs out every device. The mailbox is now proven.
   * Returns the account's address, whose sign-in lock the caller lifts.
   */
  async resetPassword(input: { token: string; password: string }): Promise<{ email: string | null }> {
    const passwordHash = await hashPassword(input.password);
    const now = this.now();
    const reset = await this.deps.db.transaction(async (tx) => {
      const pending = await repo.findPasswordReset(tx, sha256(input.token));
      if (!pending || pending.usedAt || pending.expiresAt <= now) return undefined;
      const row = await repo.findById(tx, pending.userId, { lock: true });
      if (!row || row.status !== 'active') return undefined;
      await repo.usePasswordResets(tx, row.id, now);
      await repo.updateAccount(tx, row.id, { passwordHash, emailVerifiedAt: row.emailVerifiedAt ?? now });
      await authRepo.revokeUserFamilies(tx, row.id, 'password_reset');
      return { userId: row.id, email: row.email };
    });
    if (!reset) throw new AppError('invalid', 'reset_token_invalid', { fieldErrors: { token: ['field.reset_token'] } });
    this.deps.log.info({ user_id: reset.userId }, 'password reset completed');
    return { email: reset.email };
  }

  /**
   * Run by the e-mail job after registration, like `issuePasswordReset`. Nothing is sent for an address
   * that is already proven (a password reset or Google got there first) or an account that is gone.
   */
  async issueEmailVerification(input: { userId: string }): Promise<(EmailLinkMessage & { hours: number }) | undefined> {
    const row = await repo.findById(this.deps.db, input.userId);
    if (!row?.email || row.emailVerifiedAt || row.status !== 'active') return undefined;
    const token = randomBytes(32).toString('base64url');
    await repo.insertEmailToken(this.deps.db, 'email_verification', {
      tokenHash: sha256(token),
      userId: row.id,
      expiresAt: new Date(this.now().getTime() + EMAIL_VERIFICATION_TTL_HOURS * HOUR_MS),
    });
    const locale = await emailLocale(this.deps.db, row.id, row.locale);
    const link = pageLink(this.deps.publicUrl, locale, `${EMAIL_VERIFICATION_PATH}#${EMAIL_VERIFICATION_TOKEN_PARAM}=${token}`);
    return { to: row.email, locale, firstName: row.firstName, link, hours: EMAIL_VERIFICATION_TTL_HOURS };
  }

  /** "Send the link again" from the profile: queues the same e-mail as registration did, unless proven. */
  async resendEmailVerification(input: { userId: string }): Promise<'sent' | 'already_verified'> {
    const row = await requireAccount(this.deps.db, input.userId);
    if (!row.email || row.emailVerifiedAt) return 'already_verified';
    await this.deps.jobs.enqueue(this.deps.db, { type: USER_JOBS.emailVerification, payload: { user_id: row.id, request_id: randomUUID() } });
    return 'sent';
  }

  /** The link was opened: the address is proven (`emailVerifiedAt`) and every outstanding link is used up. */
  async verifyEmail(input: { token: string }): Promise<void> {
    const now = this.now();
    const userId = await this.deps.db.transaction(async (tx) => {
      const pending = await repo.findEmailToken(tx, 'email_verification', sha256(input.token));
      if (!pending || pending.usedAt || pending.expiresAt <= now) return undefined;
      const row = await repo.findById(tx, pending.userId, { lock: true });
      if (!row?.email || row.status !== 'active') return undefined;
      await repo.useEmailTokens(tx, 'email_verification', row.id, now);
      if (!row.emailVerifiedAt) await repo.updateAccount(tx, row.id, { emailVerifiedAt: now });
      return row.id;
    });
    if (!userId) throw new AppError('invalid', 'email_token_invalid');
    this.deps.log.info({ user_id: userId }, 'e-mail verified');
  }

  /** For the e-mail that tells an address's owner their unproven password sign-in was removed. */
  async passwordSignInRemovedMessage(input: { userId: string }): Promise<EmailLinkMessage | undefined> {
    const row = await repo.findById(this.deps.db, input.userId);
    if (!row?.email || row.status !== 'active') return undefined;
    const locale = await emailLocale(this.deps.db, row.id, row.locale);
    return { to: row.email, locale, firstName: row.firstName, link: pageLink(this.deps.publicUrl, locale, '/forgot-password') };
  }
}

