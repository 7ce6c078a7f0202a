import { describe, expect, it } from 'vitest';
import { buildRrule } from './rrule';

describe('buildRrule', () => {
  it.each([
    ['weekly on the first date\'s weekday, eight times', { frequency: 'weekly', interval: 1, firstDate: '2026-06-02', end: { kind: 'count', count: 8 } }, 'FREQ=WEEKLY;BYDAY=TU;COUNT=8'],
    ['every two weeks until a date', { frequency: 'weekly', interval: 2, firstDate: '2026-06-06', end: { kind: 'until', until: '2026-09-30' } }, 'FREQ=WEEKLY;INTERVAL=2;BYDAY=SA;UNTIL=20260930T235959Z'],
    ['monthly on the same day of the month', { frequency: 'monthly_date', interval: 1, firstDate: '2026-06-15', end: { kind: 'count', count: 6 } }, 'FREQ=MONTHLY;BYMONTHDAY=15;COUNT=6'],
    ['monthly on the 2nd Tuesday', { frequency: 'monthly_weekday', interval: 1, firstDate: '2026-06-09', end: { kind: 'count', count: 4 } }, 'FREQ=MONTHLY;BYDAY=+2TU;COUNT=4'],
    ['monthly on the last Friday (a 5th one)', { frequency: 'monthly_weekday', interval: 1, firstDate: '2026-05-29', end: { kind: 'count', count: 3 } }, 'FREQ=MONTHLY;BYDAY=-1FR;COUNT=3'],
  ] as const)('%s', (_name, choice, rule) => {
    expect(buildRrule(choice)).toBe(rule);
    expect(rule).toMatch(/^(RRULE:)?[A-Z]+=[A-Z0-9,+\-:]+(;[A-Z]+=[A-Z0-9,+\-:]+)*$/);
  });
});
