import { describe, expect, it } from 'vitest';
import { offlineKind, pagePath } from './offline-rules';

const kind = (path: string) => offlineKind(new URL(path, 'https://kuda.example'));

describe('which requests the service worker keeps for offline use', () => {
  it.each([
    ['/', 'public-page'],
    ['/sr/', 'public-page'],
    ['/ru', 'public-page'],
    ['/en/events/jazz-night-12', 'public-page'],
    ['/en/categories/koncerti/dzez', 'public-page'],
    ['/uk/venues/dom-omladine-3', 'public-page'],
    ['/en/search', 'public-page'],
    ['/sr/_root.data', 'public-page'],
    ['/_root.data', 'public-page'],
    ['/en/events/jazz-night-12.data', 'public-page'],
    ['/en/reservations', 'private-page'],
    ['/ru/reservation/42', 'private-page'],
    ['/en/reservation/42.data', 'private-page'],
    ['/api/v1/events', 'listing-api'],
    ['/api/v1/events/home', 'listing-api'],
    ['/api/v1/events/17', 'listing-api'],
    ['/api/v1/categories', 'listing-api'],
    ['/images/events/koncerti-1-640.webp', 'image'],
    ['/media/abc.webp', 'image'],
  ])('%s → %s', (path, expected) => {
    expect(kind(path)).toBe(expected);
  });

  it.each([
    '/en/profile',
    '/en/login',
    '/en/reservation/new',
    '/en/organizer/events',
    '/en/admin',
    '/api/v1/reservations',
    '/api/v1/users/get_user',
    '/api/v1/events/for-you',
    '/api/v1/saved/events',
    '/calendar/me/secret.ics',
    '/sw.js',
  ])('%s is never kept', (path) => {
    expect(kind(path)).toBeNull();
  });

  it('maps React Router data requests to their page', () => {
    expect(pagePath('/en/events/x.data')).toBe('/en/events/x');
    expect(pagePath('/en/_root.data')).toBe('/en/');
    expect(pagePath('/_root.data')).toBe('/');
    expect(pagePath('/en/events/x')).toBe('/en/events/x');
  });
});
