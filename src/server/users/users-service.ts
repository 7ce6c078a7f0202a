import { AccountDeletionService } from './account-deletion-service';
import { UnsubscribeTokens } from '../notifications/unsubscribe-tokens';
import { AccountRecoveryService } from './account-recovery-service';
import { AccountSecurityService } from './account-security-service';
import type { AccountsDeps } from './accounts';
import { NotificationSettingsService } from './notification-settings-service';
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
  security: AccountSecurityService;
  notificationSettings: NotificationSettingsService;
}

export function createUsersServices(deps: AccountsDeps): UsersServices {
  return {
    signIn: new SignInService(deps),
    profile: new ProfileService(deps),
    phone: new PhoneVerificationService(deps),
    recovery: new AccountRecoveryService(deps),
    deletion: new AccountDeletionService(deps),
    security: new AccountSecurityService(deps),
    notificationSettings: new NotificationSettingsService({ ...deps, unsubscribeTokens: new UnsubscribeTokens(deps.jwtSecret) }),
  };
}
