import * as authRepo from '../auth/auth-repository';
import { AppError, invalidField } from '../lib/errors';
import { type AccountsDeps, requireAccount, USER_JOBS } from './accounts';
import { verifyPassword } from './passwords';
import * as repo from './users-repository';

/** Deleting an account (DESIGN §4): everyone signed out at once, personal data erased, the row kept. */
export class AccountDeletionService {
  private readonly now: () => Date;

  constructor(private readonly deps: Pick<AccountsDeps, 'db' | 'jobs' | 'log' | 'onDeleting' | 'now'>) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * In one transaction: every sign-in revoked (so every access token stops at its next request), the
   * personal data erased (the row stays, so reservations keep pointing at an anonymous account), open
   * reservations cancelled and the guest's own words erased (`onDeleting`), and the confirmation e-mail
   * enqueued to the address captured before erasing it — the job's only copy.
   *
   * An account with a password must give it again: a stolen access token alone cannot delete an account.
   * Social-only accounts have nothing to re-enter; their fresh sign-in is the proof.
   */
  async deleteAccount(input: { userId: string; password?: string }): Promise<{ status: 'deleted' }> {
    const { userId } = input;
    const before = await requireAccount(this.deps.db, userId);
    if (before.passwordHash) {
      if (!input.password) throw invalidField('password', 'field.required');
      if (!(await verifyPassword(before.passwordHash, input.password))) throw new AppError('forbidden', 'password_incorrect');
    }
    const now = this.now();
    const cancelledReservations = await this.deps.db.transaction(async (tx) => {
      const row = await requireAccount(tx, userId, { lock: true });
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
