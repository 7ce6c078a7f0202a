import { decodeJwtExp, type StoredTokens } from './token-storage';

/** The Web Locks name every tab uses while obtaining tokens. */
export const TOKEN_LOCK_NAME = 'kuda-tokens';

export const REGISTER_PATH = '/auth/register';
export const REFRESH_PATH = '/auth/refresh_token';

export type TokenDecision =
  { action: 'use'; access: string } | { action: 'refresh'; refresh: string } | { action: 'guest' };

/**
 * Spec §4, the token table, row by row. `nowSeconds` is the current time in whole seconds; a token whose
 * `exp` is at or before it is expired.
 */
export function decideToken(tokens: StoredTokens, nowSeconds: number): TokenDecision {
  const { access, refresh } = tokens;
  // No access token stored → a new client (guest) token set.
  if (!access) return { action: 'guest' };
  const accessExp = decodeJwtExp(access);
  // An unreadable access token is "anything else".
  if (accessExp === null) return { action: 'guest' };
  if (accessExp <= nowSeconds) {
    const refreshExp = decodeJwtExp(refresh);
    // Access expired, refresh valid → refresh using the refresh token.
    if (refresh && refreshExp !== null && refreshExp > nowSeconds) return { action: 'refresh', refresh };
    // Access expired and refresh expired (or missing, or unreadable) → a new client token set.
    return { action: 'guest' };
  }
  // Access valid and refresh present → use as is.
  if (refresh) return { action: 'use', access };
  // Anything else (access valid, no refresh token) → a client token set.
  return { action: 'guest' };
}
