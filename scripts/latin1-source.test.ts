import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { latin1Source } from './latin1-source.mjs';

const run = (source: string): unknown => runInNewContext(source);

describe('latin1Source', () => {
  it('leaves nothing above U+00FF, and every script means what it meant', () => {
    const scripts = [
      String.raw`/^[ЀЂЃЅІЈЉЊЋЌЍЏА-Шђѓѕіјљњћќѝџа-ш]+$/.test('Петроварадин')`,
      String.raw`/^[ЀЂЃЅІЈЉЊЋЌЍЏА-Шђѓѕіјљњћќѝџа-ш]+$/u.test('Petrovaradin')`,
      String.raw`'Đorđe — „koncert” 🎷'.replace(/[đĐ]/g, 'dj')`,
      String.raw`/\’/.test('’')`,
      String.raw`'\\’'`,
      String.raw`const ж = 'é'; /* comment: č ć — */ ж + ''`,
      String.raw`${'`'}template ${'$'}{1 + 1} ‘ok’${'`'}`,
    ];
    for (const script of scripts) {
      const escaped = latin1Source(script);
      expect([...escaped].every((char) => char.charCodeAt(0) <= 0xff), escaped).toBe(true);
      expect(run(escaped), script).toEqual(run(script));
    }
  });

  it('changes a script with only Latin-1 characters in no way', () => {
    const script = "const café = 'naïve ©'; café.length";
    expect(latin1Source(script)).toBe(script);
  });
});
