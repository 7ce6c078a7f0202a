import { describe, expect, it } from 'vitest';
import { serbianToCyrillic } from './serbian-cyrillic';
import { serbianToLatin } from './serbian-latin';

describe('Serbian Latin → Cyrillic', () => {
  it('writes each letter and digraph as its Cyrillic one, capitals kept', () => {
    expect(serbianToCyrillic('Koncert')).toBe('Концерт');
    expect(serbianToCyrillic('Đorđe Balašević')).toBe('Ђорђе Балашевић');
    expect(serbianToCyrillic('džez u Novom Sadu')).toBe('џез у Новом Саду');
    expect(serbianToCyrillic('Ljubav i Njegoš')).toBe('Љубав и Његош');
    expect(serbianToCyrillic('Wow 2026')).toBe('Wоw 2026');
  });

  it('comes back to the same Latin text', () => {
    for (const text of ['Nadežda Petrović', 'šahovski turnir', 'Čikago', 'ćevapi i ljutenica']) {
      expect(serbianToLatin(serbianToCyrillic(text))).toBe(text);
    }
  });
});
