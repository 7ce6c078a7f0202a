import { describe, expect, it } from 'vitest';
import { popPath, pushPath, visitPath } from './navigation-stack';

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

  it("the browser's back button to the entry below the last goes back instead of pushing", () => {
    expect(visitPath(['/sr', '/sr/events/a-1'], '/sr', true)).toEqual(['/sr']);
  });

  it('a link to that same earlier path still pushes', () => {
    expect(visitPath(['/sr', '/sr/events/a-1'], '/sr', false)).toEqual(['/sr', '/sr/events/a-1', '/sr']);
  });

  it('a forward or first-load navigation pushes (or keeps the last entry)', () => {
    expect(visitPath(['/sr'], '/en', true)).toEqual(['/sr', '/en']);
    expect(visitPath(['/sr'], '/sr', true)).toEqual(['/sr']);
    expect(visitPath([], '/sr', true)).toEqual(['/sr']);
  });
});
