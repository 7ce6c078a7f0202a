import { AccountDeletionService } from './account-deletion-service';
import { AccountRecoveryService } from './account-recovery-service';
import type { AccountsDeps } from './accounts';
import { PhoneVerificationService } from './phone-verification-service';
import { ProfileService } from './profile-service';
import { SignInService } from './sign-in-service';

/** The accounts domain (DESIGN §4), one service per concern, built together from the same dependencies. */
export interface UsersServices {
  signIn: SignInService;
  profile: ProfileService;
  phone: PhoneVerificationService;
  recovery: AccountRecoveryService;
  deletion: AccountDeletionService;
}

export function createUsersServices(deps: AccountsDeps): UsersServices {
  return {
    signIn: new SignInService(deps),
    profile: new ProfileService(deps),
    phone: new PhoneVerificationService(deps),
    recovery: new AccountRecoveryService(deps),
    deletion: new AccountDeletionService(deps),
  };
}
