import type { Eligibility, User } from '../../shared/schemas/users';
import { AppError } from '../lib/errors';
import { type AccountsDeps, missingForReservation, requireAccount, toPublicUser } from './accounts';
import * as repo from './users-repository';

/** The signed-in user's own data, and whether it is enough to reserve (DESIGN §4). */
export class ProfileService {
  constructor(private readonly deps: Pick<AccountsDeps, 'db'>) {}

  async getUser(input: { userId: string }): Promise<User> {
    return toPublicUser(await requireAccount(this.deps.db, input.userId));
  }

  async editUser(input: { userId: string; firstName: string; lastName: string }): Promise<User> {
    await requireAccount(this.deps.db, input.userId);
    return toPublicUser(await repo.updateAccount(this.deps.db, input.userId, { firstName: input.firstName, lastName: input.lastName }));
  }

  /** `userId` undefined is a guest: all they miss is signing in. */
  async eligibility(input: { userId: string | undefined }): Promise<Eligibility> {
    const row = input.userId ? await repo.findById(this.deps.db, input.userId) : undefined;
    const missing = missingForReservation(row);
    return { eligible: missing.length === 0, missing };
  }

  /** For reservations: throws 403 `not_eligible`, with what is missing under `errors.missing`. */
  async requireEligible(userId: string | undefined): Promise<void> {
    const { eligible, missing } = await this.eligibility({ userId });
    if (!eligible) throw new AppError('forbidden', 'not_eligible', { params: { missing: missing.join(', ') }, fieldErrors: { missing } });
  }
}
