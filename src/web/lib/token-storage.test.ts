import { describe, expect, it } from 'vitest';
import { createMemoryStorage, decodeJwtExp, STORAGE_KEYS, TokenStorage } from './token-storage';

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function jwtWith(payload: unknown): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.signature`;
}

/** A Storage that throws on every access, as Safari's private mode did. */
function throwingStorage(): Storage {
  const fail = (): never => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  };
  return { length: 0, clear: fail, getItem: fail, key: fail, removeItem: fail, setItem: fail };
}

describe('decodeJwtExp', () => {
  it('reads the exp claim from the payload without verifying the signature', () => {
    expect(decodeJwtExp(jwtWith({ sub: 'u1', exp: 1_700_000_123 }))).toBe(1_700_000_123);
  });

  it('decodes base64url payloads holding UTF-8 text and url-safe characters', () => {
    expect(decodeJwtExp(jwtWith({ name: 'Ђорђе ÿ?>>', exp: 42 }))).toBe(42);
  });

  it('answers null for a token that is not a JWT', () => {
    expect(decodeJwtExp('garbage')).toBeNull();
    expect(decodeJwtExp('a.b')).toBeNull();
    expect(decodeJwtExp('a.!!!.c')).toBeNull();
    expect(decodeJwtExp(`x.${base64Url('not json')}.y`)).toBeNull();
    expect(decodeJwtExp('')).toBeNull();
    expect(decodeJwtExp(null)).toBeNull();
  });

  it('answers null when exp is missing or not a number', () => {
    expect(decodeJwtExp(jwtWith({ sub: 'u1' }))).toBeNull();
    expect(decodeJwtExp(jwtWith({ exp: '1700000000' }))).toBeNull();
    expect(decodeJwtExp(jwtWith(null))).toBeNull();
    expect(decodeJwtExp(jwtWith([1, 2]))).toBeNull();
  });
});

describe('TokenStorage', () => {
  it('uses the spec key names accessToken, refreshToken, loggedIn and locale', () => {
    const storage = createMemoryStorage();
    const tokens = new TokenStorage(storage);
    tokens.setTokens({ access_token: 'A', refresh_token: 'R' });
    tokens.setLoggedIn(true);
    tokens.setLocale('uk');
    expect(storage.getItem('accessToken')).toBe('A');
    expect(storage.getItem('refreshToken')).toBe('R');
    expect(storage.getItem('loggedIn')).toBe('true');
    expect(storage.getItem('locale')).toBe('uk');
    expect(Object.values(STORAGE_KEYS)).toEqual(['accessToken', 'refreshToken', 'loggedIn', 'locale']);
  });

  it('clears both tokens and reads the loggedIn flag as a boolean', () => {
    const storage = createMemoryStorage();
    const tokens = new TokenStorage(storage);
    tokens.setTokens({ access_token: 'A', refresh_token: 'R' });
    tokens.clearTokens();
    expect(tokens.getTokens()).toEqual({ access: null, refresh: null });
    expect(storage.getItem('accessToken')).toBeNull();
    expect(tokens.isLoggedIn()).toBe(false);
    tokens.setLoggedIn(false);
    expect(storage.getItem('loggedIn')).toBe('false');
    expect(tokens.isLoggedIn()).toBe(false);
  });

  it('answers the stored locale, or sr when none or an unsupported one is stored', () => {
    const storage = createMemoryStorage();
    const tokens = new TokenStorage(storage);
    expect(tokens.getLocale()).toBe('sr');
    storage.setItem('locale', 'de');
    expect(tokens.getLocale()).toBe('sr');
    storage.setItem('locale', 'ru');
    expect(tokens.getLocale()).toBe('ru');
  });

  it('tolerates a storage that throws, keeping values in memory for the tab', () => {
    const tokens = new TokenStorage(throwingStorage());
    expect(tokens.getTokens()).toEqual({ access: null, refresh: null });
    expect(tokens.getLocale()).toBe('sr');
    tokens.setTokens({ access_token: 'A', refresh_token: 'R' });
    tokens.setLoggedIn(true);
    expect(tokens.getTokens()).toEqual({ access: 'A', refresh: 'R' });
    expect(tokens.isLoggedIn()).toBe(true);
    tokens.clearTokens();
    expect(tokens.getTokens()).toEqual({ access: null, refresh: null });
  });

  it('works without any storage at all', () => {
    const tokens = new TokenStorage(null);
    tokens.setTokens({ access_token: 'A', refresh_token: 'R' });
    expect(tokens.getAccessToken()).toBe('A');
  });
});
