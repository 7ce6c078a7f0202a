import { describe, expect, it } from 'vitest';
import { todayInBelgrade } from './event-format';

describe('today in Belgrade', () => {
  it('is already tomorrow in Belgrade when it is still today in UTC', () => {
    // 23:30 UTC in November is 00:30 the next day in Belgrade (UTC+1); in July, 22:30 UTC is 00:30 (UTC+2).
    expect(todayInBelgrade(new Date('2026-11-23T23:30:00Z'))).toBe('2026-11-24');
    expect(todayInBelgrade(new Date('2026-07-14T22:30:00Z'))).toBe('2026-07-15');
  });

  it('is the same day otherwise', () => {
    expect(todayInBelgrade(new Date('2026-11-23T22:30:00Z'))).toBe('2026-11-23');
    expect(todayInBelgrade(new Date('2026-12-31T12:00:00Z'))).toBe('2026-12-31');
  });
});
