import type { FastifyPluginAsync } from 'fastify';
import type { RedisGate } from '../lib/redis-failover';
import { accountRecoveryRoutes } from './account-recovery-routes';
import { accountSecurityRoutes } from './account-security-routes';
import { createSignInLockout } from './account-limits';
import { notificationSettingsRoutes } from './notification-settings-routes';
import { phoneVerificationRoutes } from './phone-verification-routes';
import { profileRoutes } from './profile-routes';
import { signInRoutes } from './sign-in-routes';
import type { UsersServices } from './users-service';

export interface UsersRoutesOptions {
  users: UsersServices;
  /** The app's rate-limit Redis: the sign-in lockout is shared through it, like the routes' limits. */
  redis?: RedisGate;
}

/** The accounts API under /users (spec §7, DESIGN §4); schemas in src/shared/schemas/users.ts. */
export const usersRoutes: FastifyPluginAsync<UsersRoutesOptions> = async (app, { users, redis }) => {
  // Sign-in counts the failures, a completed reset lifts them: both routes share one lockout.
  const lockout = createSignInLockout(redis);
  await app.register(signInRoutes, { signIn: users.signIn, lockout });
  await app.register(profileRoutes, { profile: users.profile, deletion: users.deletion });
  await app.register(phoneVerificationRoutes, { phone: users.phone });
  await app.register(accountRecoveryRoutes, { recovery: users.recovery, lockout });
  await app.register(accountSecurityRoutes, { security: users.security, lockout });
  await app.register(notificationSettingsRoutes, { settings: users.notificationSettings });
};
