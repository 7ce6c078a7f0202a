import { describe, expect, it } from 'vitest';
import { shouldRevalidate } from './root';

const args = (current: string, next: string, extra: { formMethod?: 'GET' | 'POST' } = {}) =>
  ({
    currentUrl: new URL(current, 'http://kuda.test'),
    nextUrl: new URL(next, 'http://kuda.test'),
    currentParams: {},
    nextParams: {},
    defaultShouldRevalidate: true,
    ...extra,
  }) as Parameters<typeof shouldRevalidate>[0];

describe('the root loader revalidates only when its data can change (issue #13)', () => {
  it('skips filter changes and moves between pages of one language', () => {
    expect(shouldRevalidate(args('/sr/', '/sr/?when=today'))).toBe(false);
    expect(shouldRevalidate(args('/sr/kategorije/koncerti', '/sr/events/jazz-4'))).toBe(false);
  });

  it('reloads on another language, another ?city=, a form action or an explicit revalidation', () => {
    expect(shouldRevalidate(args('/sr/', '/uk/'))).toBe(true);
    expect(shouldRevalidate(args('/sr/search?q=jazz', '/sr/search?q=jazz&city=novi-sad'))).toBe(true);
    expect(shouldRevalidate(args('/sr/profile', '/sr/profile', { formMethod: 'POST' }))).toBe(true);
    expect(shouldRevalidate(args('/sr/reservations', '/sr/reservations'))).toBe(true);
  });
});
