// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { revealFocusedItem } from './scroll-arrows';

/** A scroller 343 px wide at x 16 holding two items; jsdom has no layout, so the boxes are given. */
function row(secondLeft: number) {
  const scroller = document.createElement('ul');
  const items = [0, 1].map(() => {
    const item = document.createElement('li');
    const link = document.createElement('a');
    item.append(link);
    scroller.append(item);
    item.scrollIntoView = vi.fn();
    return { item, link };
  });
  const box = (left: number, width: number) => () => ({ left, right: left + width, top: 0, bottom: 300, width, height: 300, x: left, y: 0, toJSON: () => ({}) });
  scroller.getBoundingClientRect = box(16, 343);
  items[0]!.item.getBoundingClientRect = box(secondLeft - 297, 281);
  items[1]!.item.getBoundingClientRect = box(secondLeft, 281);
  return { scroller, items };
}

describe('revealFocusedItem', () => {
  it('scrolls the item that only peeks in wholly into view, as the nearest edge', () => {
    const { scroller, items } = row(313);
    revealFocusedItem(scroller, items[1]!.link);
    expect(items[1]!.item.scrollIntoView).toHaveBeenCalledWith({ block: 'nearest', inline: 'nearest' });
  });

  it('leaves a row alone when the focused item already shows whole, or the focus is not in an item', () => {
    const { scroller, items } = row(16);
    revealFocusedItem(scroller, items[1]!.link);
    revealFocusedItem(scroller, scroller);
    revealFocusedItem(scroller, document.body);
    expect(items[0]!.item.scrollIntoView).not.toHaveBeenCalled();
    expect(items[1]!.item.scrollIntoView).not.toHaveBeenCalled();
  });
});
