import { describe, expect, it } from 'vitest';
import { formatSeenAt } from './offline-time';

describe('the time in "offline — showing what you saw at …"', () => {
  const seen = Date.parse('2026-11-24T20:40:00Z'); // 21:40 in Belgrade (CET)

  it('is the Belgrade time of day when the copy is from today', () => {
    expect(formatSeenAt(seen, 'sr', Date.parse('2026-11-24T21:00:00Z'))).toBe('21:40');
    expect(formatSeenAt(seen, 'en', Date.parse('2026-11-24T21:00:00Z'))).toBe('21:40');
  });

  it('names the day when the copy is older than today', () => {
    const text = formatSeenAt(seen, 'en', Date.parse('2026-11-26T09:00:00Z'));
    expect(text).toContain('21:40');
    expect(text).toMatch(/24/);
  });
});
