import { describe, expect, it } from 'vitest';
import { landingPath, loginPath, nextFromSearch, safeNext, withNext } from './next-url';

describe('safeNext (spec §7 passedURL, same-origin paths only)', () => {
  it.each([
    ['/en/events/jazz-12', '/en/events/jazz-12'],
    ['/sr/categories/koncerti?when=today#top', '/sr/categories/koncerti?when=today#top'],
    ['/', '/'],
  ])('keeps the relative path %s', (value, expected) => {
    expect(safeNext(value)).toBe(expected);
  });

  it.each([
    '//evil.example/phish',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'en/profile',
    '/en/\tprofile',
    '/en/\u0000',
    ' /en',
    '',
    null,
    undefined,
    `/${'a'.repeat(3000)}`,
  ])('refuses %j', (value) => {
    expect(safeNext(value)).toBeNull();
  });

  it('refuses everything that could leave the site', () => {
    for (const value of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', 'mailto:a@b.c']) {
      expect(safeNext(value), value).toBeNull();
    }
  });

  it('reads ?next= and builds sign-in links that carry it', () => {
    expect(nextFromSearch('?next=%2Fen%2Fprofile')).toBe('/en/profile');
    expect(nextFromSearch('?next=https%3A%2F%2Fevil.example')).toBeNull();
    expect(loginPath('sr', '/sr/events/x-1')).toBe('/sr/login?next=%2Fsr%2Fevents%2Fx-1');
    expect(loginPath('en', '//evil.example')).toBe('/en/login');
    expect(withNext('uk', '/register', null)).toBe('/uk/register');
  });
});

describe('landingPath (signing in without a page to return to)', () => {
  it.each([
    { who: 'a guest who just signed in', user: { role: 'user' as const, organizer_role: null }, path: '/sr' },
    { who: 'an organizer', user: { role: 'organizer' as const, organizer_role: 'owner' as const }, path: '/sr/organizer' },
    { who: 'a team manager', user: { role: 'user' as const, organizer_role: 'manager' as const }, path: '/sr/organizer' },
    { who: 'door staff', user: { role: 'user' as const, organizer_role: 'door' as const }, path: '/sr/organizer/door' },
    { who: 'an admin', user: { role: 'admin' as const, organizer_role: null }, path: '/sr' },
  ])('lands $who on $path', ({ user, path }) => {
    expect(landingPath('sr', user)).toBe(path);
  });
});
