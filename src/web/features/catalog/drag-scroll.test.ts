import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAG_ACTIVATION_PX, SCROLL_END_DEBOUNCE_MS } from '../../../shared/constants';
import { DragScrollController } from './drag-scroll';

describe('drag scroller (spec §9: 10px activation, 300ms scroll-end debounce)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('uses the spec constants by default', () => {
    expect(DRAG_ACTIVATION_PX).toBe(10);
    expect(SCROLL_END_DEBOUNCE_MS).toBe(300);
  });

  it('does not drag until the pointer moved more than 10px', () => {
    const controller = new DragScrollController();
    controller.press(100, 50);
    expect(controller.move(105)).toBeNull();
    expect(controller.move(90)).toBeNull();
    expect(controller.move(110)).toBeNull();
    expect(controller.isDragging).toBe(false);
    expect(controller.release()).toBe(false);
  });

  it('drags past the threshold, scrolling opposite to the pointer, and keeps dragging when it comes back', () => {
    const controller = new DragScrollController();
    controller.press(100, 50);
    expect(controller.move(89)).toBe(61);
    expect(controller.isDragging).toBe(true);
    // Once dragging, small moves count too.
    expect(controller.move(95)).toBe(55);
    expect(controller.move(130)).toBe(20);
  });

  it('swallows the click that ends a drag, not one that ends a plain press', () => {
    const controller = new DragScrollController();
    controller.press(0, 0);
    controller.move(40);
    expect(controller.release()).toBe(true);
    controller.press(0, 0);
    controller.move(3);
    expect(controller.release()).toBe(false);
  });

  it('ignores moves without a press', () => {
    expect(new DragScrollController().move(500)).toBeNull();
  });

  it('reports scroll end once, 300ms after the last scroll', () => {
    const onScrollEnd = vi.fn();
    const controller = new DragScrollController({ onScrollEnd });
    controller.scrolled(10);
    vi.advanceTimersByTime(200);
    controller.scrolled(20);
    vi.advanceTimersByTime(299);
    expect(onScrollEnd).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onScrollEnd).toHaveBeenCalledTimes(1);
    expect(onScrollEnd).toHaveBeenCalledWith(20);
    vi.advanceTimersByTime(1000);
    expect(onScrollEnd).toHaveBeenCalledTimes(1);
  });

  it('stops a pending scroll end when disposed', () => {
    const onScrollEnd = vi.fn();
    const controller = new DragScrollController({ onScrollEnd });
    controller.scrolled(10);
    controller.dispose();
    vi.advanceTimersByTime(SCROLL_END_DEBOUNCE_MS * 2);
    expect(onScrollEnd).not.toHaveBeenCalled();
  });

  it('turns a vertical wheel into sideways scrolling and leaves a sideways wheel alone', () => {
    expect(DragScrollController.wheelDelta(0, 120)).toBe(120);
    expect(DragScrollController.wheelDelta(2, -40)).toBe(-40);
    expect(DragScrollController.wheelDelta(60, 10)).toBeNull();
  });

  it('lets the page scroll when the bar is at the end the wheel turns towards, or fits', () => {
    const box = (scrollLeft: number) => ({ scrollLeft, clientWidth: 300, scrollWidth: 900 });
    expect(DragScrollController.wheelDelta(0, 120, box(0))).toBe(120);
    expect(DragScrollController.wheelDelta(0, -120, box(0))).toBeNull();
    expect(DragScrollController.wheelDelta(0, 120, box(600))).toBeNull();
    expect(DragScrollController.wheelDelta(0, -120, box(600))).toBe(-120);
    expect(DragScrollController.wheelDelta(0, 120, { scrollLeft: 0, clientWidth: 300, scrollWidth: 300 })).toBeNull();
  });

  it('honours a custom threshold', () => {
    const controller = new DragScrollController({ threshold: 2 });
    controller.press(0, 0);
    expect(controller.move(3)).toBe(-3);
  });
});
