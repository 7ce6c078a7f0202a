// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { closeForYouRoom, FOR_YOU_ROOM_KEY, FOR_YOU_ROOM_SCRIPT, FOR_YOU_ROOM_STYLE_ID, rememberForYouRoom } from './for-you-room-memory';

const runHeadScript = () => new Function(FOR_YOU_ROOM_SCRIPT)();
const roomStyle = () => document.getElementById(FOR_YOU_ROOM_STYLE_ID)?.textContent ?? null;

/** A row of the given height (jsdom lays nothing out). */
function rowOf(height: number): Element {
  const row = document.createElement('section');
  row.getBoundingClientRect = () => ({ height }) as DOMRect;
  return row;
}

describe('the "for you" row’s room', () => {
  afterEach(() => {
    localStorage.clear();
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it('gets no room in a browser that never had picks', () => {
    runHeadScript();
    expect(roomStyle()).toBeNull();
  });

  it('gets the remembered room before anything is painted: the row’s height', () => {
    rememberForYouRoom(rowOf(412.4));
    expect(localStorage.getItem(FOR_YOU_ROOM_KEY)).toBe('412');
    runHeadScript();
    expect(roomStyle()).toBe(
      'html [data-for-you-room]{display:block;height:412px}html [data-for-you-room]:has(+[data-testid=for-you-row]){display:none}',
    );
  });

  it('ignores a stored value that is not a row’s height', () => {
    for (const value of ['abc', '-5', '0', '99999', '1e9']) {
      localStorage.setItem(FOR_YOU_ROOM_KEY, value);
      runHeadScript();
      expect(roomStyle()).toBeNull();
    }
    rememberForYouRoom(rowOf(0));
    rememberForYouRoom(rowOf(5000));
    // A row of no height, or of a height no row has, is not remembered: the value before stays.
    expect(localStorage.getItem(FOR_YOU_ROOM_KEY)).toBe('1e9');
  });

  it('closes the room when no row comes, and forgets it only when there were no picks', () => {
    localStorage.setItem(FOR_YOU_ROOM_KEY, '400');
    runHeadScript();
    closeForYouRoom({ forget: false });
    expect(roomStyle()).toBeNull();
    expect(localStorage.getItem(FOR_YOU_ROOM_KEY)).toBe('400');
    runHeadScript();
    closeForYouRoom({ forget: true });
    expect(roomStyle()).toBeNull();
    expect(localStorage.getItem(FOR_YOU_ROOM_KEY)).toBeNull();
  });
});
