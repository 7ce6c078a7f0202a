import { createHash } from 'node:crypto';
import type { Locale } from '../../shared/locales';
import type { EligibilityMissing, User } from '../../shared/schemas/users';
import type { AuthService } from '../auth/auth-service';
import type { Config } from '../config';
import type { Db, DbOrTx } from '../db/client';
import type { JobQueue } from '../jobs/job-queue';
import { AppError } from '../lib/errors';
import * as repo from './users-repository';
import type { AccountRow } from './users-repository';

/** What the accounts services share: one account row, its public shape, and the jobs that mail or text it. */

export const USER_JOBS = {
  phoneCode: 'users.phone_code',
  passwordReset: 'users.password_reset_email',
  accountDeleted: 'users.account_deleted_email',
  emailVerification: 'users.email_verification_email',
  passwordSignInRemoved: 'users.password_sign_in_removed_email',
  passwordChanged: 'users.password_changed_email',
  emailChange: 'users.email_change_email',
} as const;

/** What an e-mail with a link needs: the address, the language, the name to greet and the link. */
export interface EmailLinkMessage {
  to: string;
  locale: Locale;
  firstName: string | null;
  link: string;
}

export interface AccountsLog {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
}

export interface AccountsDeps {
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
  >;
  /** The site's public origin (`publicOrigin(config)`, computed once in services.ts): links in e-mails start with it. */
  publicUrl: string;
  /** The server's JWT secret: a pepper for SMS code hashes is derived from it, never the secret itself. */
  jwtSecret: string;
  log: AccountsLog;
  /**
   * Erases what other domains hold of the account (reservations, notifications) inside the deletion
   * transaction, so a deletion is all or nothing. Returns how many open reservations it cancelled.
   */
  onDeleting?: (tx: DbOrTx, userId: string) => Promise<{ cancelledReservations: number }>;
  now?: () => Date;
  fetchImpl?: typeof fetch;
}

export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
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
    organizer_role: row.organizerRole ?? null,
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

export async function requireAccount(db: DbOrTx, userId: string, options: { lock?: boolean } = {}): Promise<AccountRow> {
  const row = await repo.findById(db, userId, { lock: options.lock ?? false });
  // A token outlives nothing: deletion revokes every family. This guards a race with a deletion.
  if (!row) throw new AppError('unauthenticated', 'user_required');
  return row;
}

/** An absolute link to a page of the web app, in the reader's language, at the site's public origin. */
export function pageLink(publicUrl: string, locale: Locale, path: string): string {
  return `${publicUrl}/${locale}${path}`;
}
