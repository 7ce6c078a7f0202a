import { describe, expect, it, vi } from 'vitest';
import { memoByHeader } from './header-memo';

describe('memoByHeader', () => {
  it('parses each header value once, the absent header too, and answers what the parser answered', () => {
    const parse = vi.fn((header: string | undefined) => (header === undefined ? 'none' : header.toUpperCase()));
    const memo = memoByHeader(parse);
    expect([memo('gzip'), memo('gzip'), memo(undefined), memo(undefined), memo('br')]).toEqual(['GZIP', 'GZIP', 'none', 'none', 'BR']);
    expect(parse.mock.calls.map(([header]) => header)).toEqual(['gzip', undefined, 'br']);
  });

  it('remembers an undefined answer as an answer', () => {
    const parse = vi.fn(() => undefined);
    const memo = memoByHeader(parse);
    memo('identity');
    memo('identity');
    expect(parse).toHaveBeenCalledTimes(1);
  });

  it('holds at most `max` values: a client sending a new value each time cannot grow it', () => {
    const parse = vi.fn((header: string | undefined) => header?.length ?? 0);
    const memo = memoByHeader(parse, 2);
    for (const header of ['a', 'bb', 'ccc', 'a']) memo(header);
    // 'ccc' started it over, so 'a' is parsed again.
    expect(parse).toHaveBeenCalledTimes(4);
    expect(memo('ccc')).toBe(3);
    expect(parse).toHaveBeenCalledTimes(4);
  });
});
