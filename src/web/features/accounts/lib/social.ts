import type { Locale } from '../../../../shared/locales';
import { safeNext } from './next-url';

/**
 * Social sign-in in the browser (DESIGN §4): Google through the OpenID Connect implicit flow (an ID token
 * comes back in the URL fragment), Facebook through its login dialog (an access token comes back the same
 * way). The server verifies both credentials; the browser only guards the round trip with `state` (and,
 * for Google, `nonce`) kept in sessionStorage, so a response planted by another site is refused.
 */

export type SocialProvider = 'google' | 'facebook';

export interface GoogleSignInConfig {
  clientId: string;
  authorizationEndpoint: string;
}

export interface FacebookSignInConfig {
  appId: string;
  dialogUrl: string;
  graphUrl: string;
}

/** What a deployment configures; a provider left null shows no button. */
export interface SocialConfig {
  google: GoogleSignInConfig | null;
  facebook: FacebookSignInConfig | null;
}

export interface PendingSignIn {
  provider: SocialProvider;
  state: string;
  nonce: string;
  locale: Locale;
  next: string | null;
  /** Milliseconds since the epoch; a round trip older than PENDING_TTL_MS is refused. */
  startedAt: number;
}

export const PENDING_KEY = 'kuda.socialSignIn';
export const PENDING_TTL_MS = 10 * 60 * 1000;

export function randomToken(bytes = 32): string {
  const buffer = new Uint8Array(bytes);
  crypto.getRandomValues(buffer);
  return btoa(String.fromCharCode(...buffer)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function callbackUrl(origin: string, locale: Locale, provider: SocialProvider): string {
  return `${origin}/${locale}/auth/${provider}/callback`;
}

interface BeginOptions {
  locale: Locale;
  next: string | null;
  origin: string;
  storage: Storage;
  now?: number;
}

/** Records the round trip and answers the provider URL to send the browser to. */
export function beginSocialSignIn(provider: SocialProvider, config: SocialConfig, options: BeginOptions): string {
  const pending: PendingSignIn = {
    provider,
    state: randomToken(),
    nonce: randomToken(),
    locale: options.locale,
    next: safeNext(options.next),
    startedAt: options.now ?? Date.now(),
  };
  const redirectUri = callbackUrl(options.origin, options.locale, provider);
  let url: URL;
  if (provider === 'google') {
    if (!config.google) throw new Error('Google sign-in is not configured');
    url = new URL(config.google.authorizationEndpoint);
    url.searchParams.set('response_type', 'id_token');
    url.searchParams.set('client_id', config.google.clientId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('scope', 'openid email profile');
    url.searchParams.set('nonce', pending.nonce);
    url.searchParams.set('state', pending.state);
  } else {
    if (!config.facebook) throw new Error('Facebook sign-in is not configured');
    url = new URL(config.facebook.dialogUrl);
    url.searchParams.set('client_id', config.facebook.appId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('response_type', 'token');
    url.searchParams.set('scope', 'email');
    url.searchParams.set('state', pending.state);
  }
  options.storage.setItem(PENDING_KEY, JSON.stringify(pending));
  return url.toString();
}

function isPending(value: unknown): value is PendingSignIn {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (v.provider === 'google' || v.provider === 'facebook') &&
    typeof v.state === 'string' &&
    typeof v.nonce === 'string' &&
    typeof v.locale === 'string' &&
    (v.next === null || typeof v.next === 'string') &&
    typeof v.startedAt === 'number'
  );
}

/**
 * The round trip this callback belongs to, or null when there is none, it is for another provider, its
 * state differs, or it is stale. Single use: it is removed whatever the answer.
 */
export function takePendingSignIn(provider: SocialProvider, state: string | null, storage: Storage, now = Date.now()): PendingSignIn | null {
  let raw: string | null;
  try {
    raw = storage.getItem(PENDING_KEY);
    storage.removeItem(PENDING_KEY);
  } catch {
    return null;
  }
  if (!raw || !state) return null;
  let pending: unknown;
  try {
    pending = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isPending(pending) || pending.provider !== provider || pending.state !== state) return null;
  if (now - pending.startedAt > PENDING_TTL_MS || now < pending.startedAt) return null;
  return { ...pending, next: safeNext(pending.next) };
}

/** The parameters a provider put in the URL fragment ("#id_token=…&state=…"). */
export function readFragment(hash: string): URLSearchParams {
  return new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
}

/** A JWT's payload, decoded without verifying it (the server verifies); null when unreadable. */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const segment = token.split('.')[1];
  if (!segment) return null;
  try {
    const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
    const json = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const payload: unknown = JSON.parse(json);
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Asks the Graph API whose token this is (the server checks it again with the app secret). */
export async function fetchFacebookUserId(graphUrl: string, accessToken: string, fetchFn: typeof fetch = (input, init) => fetch(input, init)): Promise<string | null> {
  const url = new URL('me', graphUrl.endsWith('/') ? graphUrl : `${graphUrl}/`);
  url.searchParams.set('fields', 'id');
  url.searchParams.set('access_token', accessToken);
  try {
    const response = await fetchFn(url.toString(), { headers: { Accept: 'application/json' } });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'id' in body && (typeof body.id === 'string' || typeof body.id === 'number')) {
      return String(body.id);
    }
    return null;
  } catch {
    return null;
  }
}
