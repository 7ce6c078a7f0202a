import { describe, expect, it } from 'vitest';
import { formatEventDate, formatMoney } from './format';

describe('formatting', () => {
  it('writes the time in the event time zone, summer and winter', () => {
    expect(formatEventDate('2026-07-10T18:00:00Z', 'Europe/Belgrade', 'en')).toContain('20:00');
    expect(formatEventDate('2026-12-10T18:00:00Z', 'Europe/Belgrade', 'en')).toContain('19:00');
  });

  it('reuses formatters without mixing languages or zones', () => {
    const en = formatEventDate('2026-12-10T18:00:00Z', 'Europe/Belgrade', 'en');
    const ru = formatEventDate('2026-12-10T18:00:00Z', 'Europe/Belgrade', 'ru');
    const utc = formatEventDate('2026-12-10T18:00:00Z', 'UTC', 'en');
    expect(en).not.toBe(ru);
    expect(utc).toContain('18:00');
    expect(formatEventDate('2026-12-10T18:00:00Z', 'Europe/Belgrade', 'en')).toBe(en);
  });

  it('writes money from minor units, with decimals only when there are any', () => {
    expect(formatMoney(150000, 'RSD', 'en')).toMatch(/1,500/);
    expect(formatMoney(150050, 'RSD', 'en')).toMatch(/1,500\.50/);
    expect(formatMoney(150000, 'RSD', 'en')).not.toMatch(/\.00/);
  });
});
