import { randomBytes, randomUUID } from 'node:crypto';
import { EMAIL_CHANGE_PATH, EMAIL_CHANGE_TTL_HOURS, type Session } from '../../shared/schemas/account-settings';
import { AppError, invalidField, notFound } from '../lib/errors';
import { emailLocale } from '../notifications/email-preferences';
import { type AccountsDeps, type EmailLinkMessage, isUniqueViolation, pageLink, requireAccount, sha256, USER_JOBS } from './accounts';
import { deviceName } from './device-name';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import * as sessionsRepo from './sessions-repository';
import * as repo from './users-repository';
import { HOUR_MS } from '../../shared/constants';

const wrongPassword = () => new AppError('forbidden', 'password_incorrect');

/**
 * Account basics on the profile (issue #12): change the password (other sessions end), change the e-mail
 * (proven by a link to the new address, the old one told), see and end sessions. Like password reset,
 * the e-mail change token exists in plain text only in the job that mails it; only its SHA-256 is stored.
 */
export class AccountSecurityService {
  private readonly now: () => Date;

  constructor(private readonly deps: Pick<AccountsDeps, 'db' | 'jobs' | 'publicUrl' | 'log' | 'now'>) {
    this.now = deps.now ?? (() => new Date());
  }

  /** The current password proves the person (not just a stolen token); every other sign-in then ends. */
  async changePassword(input: { userId: string; familyId: string; currentPassword: string; newPassword: string }): Promise<void> {
    const before = await requireAccount(this.deps.db, input.userId);
    const matches = before.passwordHash
      ? await verifyPassword(before.passwordHash, input.currentPassword)
      : await verifyAgainstDummy(input.currentPassword);
    if (!matches) throw wrongPassword();
    const passwordHash = await hashPassword(input.newPassword);
    await this.deps.db.transaction(async (tx) => {
      await requireAccount(tx, input.userId, { lock: true });
      await repo.updateAccount(tx, input.userId, { passwordHash });
      // A reset link mailed earlier would set the password back behind the person's back.
      await repo.usePasswordResets(tx, input.userId, this.now());
      await sessionsRepo.revokeOtherSessions(tx, input.userId, input.familyId, 'password_changed');
      await this.deps.jobs.enqueue(tx, { type: USER_JOBS.passwordChanged, payload: { user_id: input.userId, request_id: randomUUID() } });
    });
    this.deps.log.info({ user_id: input.userId }, 'password changed');
  }

  /**
   * Starts a change of address: nothing changes until the link mailed to the new address is opened. An
   * account with a password gives it again; a social-only account's fresh sign-in is the proof.
   */
  async requestEmailChange(input: { userId: string; newEmail: string; password?: string }): Promise<void> {
    const row = await requireAccount(this.deps.db, input.userId);
    if (row.passwordHash) {
      if (!input.password) throw invalidField('password', 'field.required');
      if (!(await verifyPassword(row.passwordHash, input.password))) throw wrongPassword();
    }
    if (row.email && row.email.toLowerCase() === input.newEmail.toLowerCase()) throw invalidField('new_email', 'field.email_unchanged');
    await this.deps.db.transaction(async (tx) => {
      if (await repo.findByEmail(tx, input.newEmail, { lock: false })) throw new AppError('conflict', 'email_taken');
      // Only the newest request counts: earlier links stop working.
      await sessionsRepo.useEmailChanges(tx, row.id, this.now());
      await this.deps.jobs.enqueue(tx, {
        type: USER_JOBS.emailChange,
        payload: { user_id: row.id, new_email: input.newEmail, request_id: randomUUID() },
      });
    });
    this.deps.log.info({ user_id: row.id }, 'e-mail change requested');
  }

  /** Run by the e-mail job: makes the token, stores its hash, and returns the link's e-mail to the new address. */
  async issueEmailChange(input: { userId: string; newEmail: string }): Promise<(EmailLinkMessage & { hours: number }) | undefined> {
    const row = await repo.findById(this.deps.db, input.userId);
    if (!row || row.status !== 'active') return undefined;
    const token = randomBytes(32).toString('base64url');
    await sessionsRepo.insertEmailChange(this.deps.db, {
      tokenHash: sha256(token),
      userId: row.id,
      newEmail: input.newEmail,
      expiresAt: new Date(this.now().getTime() + EMAIL_CHANGE_TTL_HOURS * HOUR_MS),
    });
    const locale = await emailLocale(this.deps.db, row.id, row.locale);
    const link = pageLink(this.deps.publicUrl, locale, `${EMAIL_CHANGE_PATH}?token=${token}`);
    return { to: input.newEmail, locale, firstName: row.firstName, link, hours: EMAIL_CHANGE_TTL_HOURS };
  }

  /** The notice to the current address ("being changed to …; not you? reset your password"). */
  async emailChangeNotice(input: { userId: string; newEmail: string }): Promise<(EmailLinkMessage & { newEmail: string }) | undefined> {
    const row = await repo.findById(this.deps.db, input.userId);
    if (!row?.email || row.status !== 'active') return undefined;
    const locale = await emailLocale(this.deps.db, row.id, row.locale);
    return { to: row.email, locale, firstName: row.firstName, newEmail: input.newEmail, link: pageLink(this.deps.publicUrl, locale, '/forgot-password') };
  }

  /**
   * The link was opened: the new address replaces the old one and is proven. Refused when the token is
   * unknown, used or expired, or when the address was taken by another account meanwhile. Links mailed to
   * the old address (verification, password reset) stop working.
   */
  async confirmEmailChange(input: { token: string }): Promise<{ email: string }> {
    const now = this.now();
    try {
      const changed = await this.deps.db.transaction(async (tx) => {
        const pending = await sessionsRepo.findEmailChange(tx, sha256(input.token));
        if (!pending || pending.usedAt || pending.expiresAt <= now) return undefined;
        const row = await repo.findById(tx, pending.userId, { lock: true });
        if (!row || row.status !== 'active') return undefined;
        const holder = await repo.findByEmail(tx, pending.newEmail);
        if (holder && holder.id !== row.id) throw new AppError('conflict', 'email_taken');
        await sessionsRepo.useEmailChanges(tx, row.id, now);
        await repo.useEmailTokens(tx, 'email_verification', row.id, now);
        await repo.usePasswordResets(tx, row.id, now);
        await repo.updateAccount(tx, row.id, { email: pending.newEmail, emailVerifiedAt: now });
        return { userId: row.id, email: pending.newEmail };
      });
      if (!changed) throw new AppError('invalid', 'email_token_invalid');
      this.deps.log.info({ user_id: changed.userId }, 'e-mail changed');
      return { email: changed.email };
    } catch (error) {
      // Two accounts confirming the same address at once: the unique index decides.
      if (isUniqueViolation(error)) throw new AppError('conflict', 'email_taken');
      throw error;
    }
  }

  async listSessions(input: { userId: string; familyId: string }): Promise<Session[]> {
    const rows = await sessionsRepo.listSessions(this.deps.db, input.userId, this.now());
    return rows.map((row) => ({
      id: row.id,
      device: deviceName(row.userAgent),
      created_at: row.createdAt.toISOString(),
      last_seen_at: row.lastSeenAt?.toISOString() ?? null,
      current: row.id === input.familyId,
    }));
  }

  /** Ends one of the person's sessions; someone else's (or an unknown one) is not found, never revealed. */
  async revokeSession(input: { userId: string; sessionId: string }): Promise<void> {
    if (!(await sessionsRepo.revokeSession(this.deps.db, input.userId, input.sessionId, 'signed_out_elsewhere'))) {
      throw notFound('session_not_found');
    }
    this.deps.log.info({ user_id: input.userId }, 'session revoked');
  }

  /** For the e-mail telling the person their password changed (with the way back if it was not them). */
  async passwordChangedMessage(input: { userId: string }): Promise<EmailLinkMessage | undefined> {
    const row = await repo.findById(this.deps.db, input.userId);
    if (!row?.email || row.status !== 'active') return undefined;
    const locale = await emailLocale(this.deps.db, row.id, row.locale);
    return { to: row.email, locale, firstName: row.firstName, link: pageLink(this.deps.publicUrl, locale, '/forgot-password') };
  }
}
