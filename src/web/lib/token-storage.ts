import { DEFAULT_LOCALE, isLocale, type Locale } from '../../shared/locales';

/** Spec §3 "Stored in the browser": the four localStorage keys, named exactly as the spec names them. */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  loggedIn: 'loggedIn',
  locale: 'locale',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export interface StoredTokens {
  access: string | null;
  refresh: string | null;
}

export interface TokenPairLike {
  access_token: string;
  refresh_token: string;
}

/** A Storage kept in memory: the fallback when no localStorage exists (server rendering, tests). */
export function createMemoryStorage(): Storage {
  const map = new Map<string, string>();
  const storage: Storage = {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => {
      map.delete(key);
    },
    setItem: (key, value) => {
      map.set(key, String(value));
    },
  };
  return storage;
}

/**
 * Typed access to the spec's four keys over any Storage. Every access tolerates the storage throwing
 * (Safari private mode, storage disabled, quota): a value that cannot be written is kept in memory for
 * this tab instead, so the session still works until the page is closed.
 */
export class TokenStorage {
  private readonly fallback = new Map<string, string | null>();

  constructor(private readonly storage: Storage | null) {}

  private read(key: StorageKey): string | null {
    if (this.fallback.has(key)) return this.fallback.get(key) ?? null;
    try {
      return this.storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  }

  private write(key: StorageKey, value: string | null): void {
    try {
      if (!this.storage) throw new Error('no storage');
      if (value === null) this.storage.removeItem(key);
      else this.storage.setItem(key, value);
      this.fallback.delete(key);
    } catch {
      this.fallback.set(key, value);
    }
  }

  getAccessToken(): string | null {
    return this.read(STORAGE_KEYS.accessToken) || null;
  }

  getRefreshToken(): string | null {
    return this.read(STORAGE_KEYS.refreshToken) || null;
  }

  getTokens(): StoredTokens {
    return { access: this.getAccessToken(), refresh: this.getRefreshToken() };
  }

  setTokens(pair: TokenPairLike): void {
    this.write(STORAGE_KEYS.accessToken, pair.access_token);
    this.write(STORAGE_KEYS.refreshToken, pair.refresh_token);
  }

  clearTokens(): void {
    this.write(STORAGE_KEYS.accessToken, null);
    this.write(STORAGE_KEYS.refreshToken, null);
  }

  isLoggedIn(): boolean {
    return this.read(STORAGE_KEYS.loggedIn) === 'true';
  }

  setLoggedIn(loggedIn: boolean): void {
    this.write(STORAGE_KEYS.loggedIn, loggedIn ? 'true' : 'false');
  }

  /** The stored locale when it is one of sr, en, uk, ru; otherwise sr (spec §7). */
  getLocale(): Locale {
    const stored = this.read(STORAGE_KEYS.locale);
    return isLocale(stored) ? stored : DEFAULT_LOCALE;
  }

  setLocale(locale: Locale): void {
    this.write(STORAGE_KEYS.locale, locale);
  }
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * Spec §3: "signed tokens carrying an expiry claim that the client reads". Returns the JWT's `exp`
 * (seconds since the epoch) from its payload, decoded without verifying the signature (only the server
 * can, and does); null when the token is not a readable JWT or has no numeric `exp`.
 */
export function decodeJwtExp(token: string | null | undefined): number | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(parts[1]));
    if (typeof payload !== 'object' || payload === null || !('exp' in payload)) return null;
    const { exp } = payload;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}
