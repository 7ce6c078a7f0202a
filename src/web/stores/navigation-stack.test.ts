import { describe, expect, it } from 'vitest';
import { popPath, pushPath } from './navigation-stack';

describe('navigation stack (spec §4)', () => {
  it('adds a path that differs from the last entry', () => {
    expect(pushPath(['/sr'], '/en')).toEqual(['/sr', '/en']);
  });

  it('does not add a path equal to the last entry', () => {
    expect(pushPath(['/sr', '/en'], '/en')).toEqual(['/sr', '/en']);
  });

  it('adds a path that equals an earlier, but not the last, entry', () => {
    expect(pushPath(['/sr', '/en'], '/sr')).toEqual(['/sr', '/en', '/sr']);
  });

  it('going back removes the last entry', () => {
    expect(popPath(['/sr', '/en'])).toEqual(['/sr']);
  });

  it('an empty stack stays empty when going back', () => {
    expect(popPath([])).toEqual([]);
  });

  it('has no size limit', () => {
    let stack: string[] = [];
    for (let i = 0; i < 5_000; i += 1) stack = pushPath(stack, `/p/${i}`);
    expect(stack).toHaveLength(5_000);
    expect(stack[4_999]).toBe('/p/4999');
  });

  it('never mutates the stack it was given', () => {
    const stack = ['/a'];
    pushPath(stack, '/b');
    popPath(stack);
    expect(stack).toEqual(['/a']);
  });
});
