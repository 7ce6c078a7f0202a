import { randomUUID } from 'node:crypto';
import type { Locale } from '../../shared/locales';
import type { SignInProviders, SignInResponse, User } from '../../shared/schemas/users';
import * as authRepo from '../auth/auth-repository';
import { adoptGuest } from '../saved/guest-adoption';
import type { Principal } from '../auth/auth-service';
import type { DbOrTx } from '../db/client';
import { AppError } from '../lib/errors';
import { type AccountsDeps, isUniqueViolation, toPublicUser, USER_JOBS } from './accounts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { FacebookVerifier, GoogleVerifier, type ProviderIdentity } from './social-providers';
import * as repo from './users-repository';
import type { AccountRow } from './users-repository';

const suspended = () => new AppError('forbidden', 'account_suspended');

/**
 * Registration and sign-in (DESIGN §4): e-mail + password, Google with a verified ID token, Facebook
 * with an access token the Graph API confirms. Every way in ends in `issue`, which refuses a suspended
 * account and hands out a token pair.
 */
export class SignInService {
  readonly google: GoogleVerifier;
  readonly facebook: FacebookVerifier;
  private readonly now: () => Date;

  constructor(private readonly deps: AccountsDeps) {
    this.now = deps.now ?? (() => new Date());
    this.google = new GoogleVerifier({ clientId: deps.config.GOOGLE_CLIENT_ID, issuer: deps.config.GOOGLE_ISSUER, fetchImpl: deps.fetchImpl });
    this.facebook = new FacebookVerifier({
      appId: deps.config.FACEBOOK_APP_ID,
      appSecret: deps.config.FACEBOOK_APP_SECRET,
      graphUrl: deps.config.FACEBOOK_GRAPH_URL,
      fetchImpl: deps.fetchImpl,
    });
  }

  providers(): SignInProviders {
    const { config } = this.deps;
    return {
      google: config.GOOGLE_CLIENT_ID ? { client_id: config.GOOGLE_CLIENT_ID } : null,
      facebook:
        config.FACEBOOK_APP_ID && config.FACEBOOK_APP_SECRET
          ? { app_id: config.FACEBOOK_APP_ID, dialog_url: config.FACEBOOK_DIALOG_URL }
          : null,
    };
  }

  async registerEmail(input: { email: string; password: string; locale: Locale; guestId?: string }): Promise<User> {
    const passwordHash = await hashPassword(input.password);
    try {
      const row = await this.deps.db.transaction(async (tx) => {
        if (await repo.findByEmail(tx, input.email)) throw new AppError('conflict', 'email_taken');
        const inserted = await repo.insertAccount(tx, { id: randomUUID(), email: input.email, passwordHash, locale: input.locale });
        // What the guest saved before signing up is the new account's from its first moment.
        if (input.guestId) await adoptGuest(tx, { guestId: input.guestId, userId: inserted.id });
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
      if (isUniqueViolation(error)) throw new AppError('conflict', 'email_taken');
      throw error;
    }
  }

  /**
   * The same answer, status and time for an unknown e-mail and a wrong password: an unknown account is
   * checked against a dummy hash. A suspended account is told so only after its password matched.
   */
  async login(input: { email: string; password: string; locale?: Locale; guestId?: string; userAgent?: string }): Promise<SignInResponse> {
    const row = await repo.findByEmail(this.deps.db, input.email, { lock: false });
    const matches = row?.passwordHash
      ? await verifyPassword(row.passwordHash, input.password)
      : await verifyAgainstDummy(input.password);
    if (!row || !matches) {
      this.deps.log.info({ user_id: row?.id }, 'sign-in refused');
      throw new AppError('unauthenticated', 'invalid_credentials');
    }
    return this.issue(row, input.locale, 'password', { guestId: input.guestId, userAgent: input.userAgent });
  }

  async signInWithGoogle(input: { idToken: string; email?: string; locale?: Locale; guestId?: string; userAgent?: string }): Promise<SignInResponse> {
    const identity = await this.google.verify(input.idToken);
    if (!identity.email || !identity.emailVerified) throw new AppError('forbidden', 'provider_email_unverified', { params: { provider: 'Google' } });
    if (input.email && input.email.toLowerCase() !== identity.email) {
      throw new AppError('invalid', 'provider_email_mismatch', { params: { provider: 'Google' } });
    }
    const row = await this.withUniqueRetry(() => this.deps.db.transaction((tx) => this.upsertGoogleAccount(tx, identity, input.locale)));
    return this.issue(row, input.locale, 'google', { guestId: input.guestId, userAgent: input.userAgent });
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
    if (byEmail.googleSub) throw new AppError('conflict', 'provider_email_in_use');
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

  async signInWithFacebook(input: { accessToken: string; userId: string; locale?: Locale; guestId?: string; userAgent?: string }): Promise<SignInResponse> {
    const identity = await this.facebook.verify(input.accessToken, input.userId);
    const row = await this.withUniqueRetry(() =>
      this.deps.db.transaction(async (tx) => {
        const known = await repo.findByProvider(tx, 'facebook', identity.subject);
        if (known) return known;
        // Facebook does not say the address is verified: it never reaches an existing account.
        if (identity.email && (await repo.findByEmail(tx, identity.email))) throw new AppError('conflict', 'provider_email_in_use');
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
    return this.issue(row, input.locale, 'facebook', { guestId: input.guestId, userAgent: input.userAgent });
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

  /**
   * `guestId`: the guest token the call was made with; what that guest saved and followed moves to the account.
   * `userAgent`: the browser, so the person can tell their sessions apart.
   */
  private async issue(row: AccountRow, locale: Locale | undefined, method: string, { guestId, userAgent }: { guestId?: string; userAgent?: string } = {}): Promise<SignInResponse> {
    if (row.status !== 'active') throw suspended();
    if (guestId) await this.deps.db.transaction((tx) => adoptGuest(tx, { guestId, userId: row.id }));
    const current = locale && locale !== row.locale ? await repo.updateAccount(this.deps.db, row.id, { locale }) : row;
    const pair = await this.deps.auth.issueUserPair({ id: current.id, role: current.role }, { userAgent });
    this.deps.log.info({ user_id: current.id, method }, 'signed in');
    return { ...pair, user: toPublicUser(current) };
  }

  async logout(input: { principal: Principal }): Promise<void> {
    await this.deps.auth.signOut(input.principal);
  }
}
