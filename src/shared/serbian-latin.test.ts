import { describe, expect, it } from 'vitest';
import { hasSerbianCyrillic, serbianToLatin } from './serbian-latin';

describe('serbianToLatin', () => {
  it.each([
    ['Концерт у Дому омладине', 'Koncert u Domu omladine'],
    ['Ђорђе Балашевић', 'Đorđe Balašević'],
    ['Љубав, њега и џез', 'Ljubav, njega i džez'],
    ['ЉУБАВ', 'LJUBAV'],
    ['Џез вече', 'Džez veče'],
    ['Шабац, Чачак, Ћуприја, Жабаљ', 'Šabac, Čačak, Ćuprija, Žabalj'],
    ['Already Latin: Novi Sad 2026', 'Already Latin: Novi Sad 2026'],
    ['Мешано: Exit 2026 у Новом Саду', 'Mešano: Exit 2026 u Novom Sadu'],
  ])('writes %s as %s', (cyrillic, latin) => {
    expect(serbianToLatin(cyrillic)).toBe(latin);
  });

  it('tells Serbian Cyrillic text from Latin text', () => {
    expect(hasSerbianCyrillic('Beograd')).toBe(false);
    expect(hasSerbianCyrillic('Београд')).toBe(true);
  });
});
