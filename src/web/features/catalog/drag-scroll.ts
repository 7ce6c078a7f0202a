import { useEffect, useRef } from 'react';
import { DRAG_ACTIVATION_PX, SCROLL_END_DEBOUNCE_MS } from '../../../shared/constants';

export interface DragScrollOptions {
  /** Spec §9: a mouse drag starts only after the pointer moved this far (10px). */
  threshold?: number;
  /** Spec §9: "scroll end" fires once scrolling has been quiet this long (300ms). */
  debounceMs?: number;
  onScrollEnd?: (scrollLeft: number) => void;
  /**
   * Whether a vertical wheel scrolls the element sideways (default). A thin bar wants it; a tall row of cards
   * does not: there the wheel would stop scrolling the page while the pointer rests on the row.
   */
  verticalWheel?: boolean;
}

/**
 * The logic of the draggable pill scroller, without the DOM, so it can be tested with fake timers:
 * press → move (a drag only once past the threshold) → release (a drag swallows the click that follows);
 * every scroll restarts the scroll-end timer.
 */
export class DragScrollController {
  private readonly threshold: number;
  private readonly debounceMs: number;
  private readonly onScrollEnd?: (scrollLeft: number) => void;
  private start: { x: number; scrollLeft: number } | null = null;
  private dragging = false;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: DragScrollOptions = {}) {
    this.threshold = options.threshold ?? DRAG_ACTIVATION_PX;
    this.debounceMs = options.debounceMs ?? SCROLL_END_DEBOUNCE_MS;
    this.onScrollEnd = options.onScrollEnd;
  }

  get isDragging(): boolean {
    return this.dragging;
  }

  press(x: number, scrollLeft: number): void {
    this.start = { x, scrollLeft };
    this.dragging = false;
  }

  /** The scrollLeft the container should take, or null while the pointer has not moved far enough. */
  move(x: number): number | null {
    if (!this.start) return null;
    const dx = x - this.start.x;
    if (!this.dragging && Math.abs(dx) <= this.threshold) return null;
    this.dragging = true;
    return this.start.scrollLeft - dx;
  }

  /** True when the press became a drag: the click that follows must not activate a pill. */
  release(): boolean {
    const dragged = this.dragging;
    this.start = null;
    this.dragging = false;
    return dragged;
  }

  scrolled(scrollLeft: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.onScrollEnd?.(scrollLeft);
    }, this.debounceMs);
  }

  /**
   * Turns a vertical wheel into horizontal scrolling; null when the wheel already scrolls sideways, or
   * when the bar cannot move that way (it fits, or it is at that end): then the page scrolls instead of
   * the wheel being swallowed.
   */
  static wheelDelta(deltaX: number, deltaY: number, box?: { scrollLeft: number; clientWidth: number; scrollWidth: number }): number | null {
    if (Math.abs(deltaY) <= Math.abs(deltaX)) return null;
    if (box) {
      const atStart = box.scrollLeft <= 1;
      const atEnd = box.scrollLeft + box.clientWidth >= box.scrollWidth - 1;
      if ((deltaY > 0 && atEnd) || (deltaY < 0 && atStart)) return null;
    }
    return deltaY;
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/**
 * Binds DragScrollController to a horizontally scrolling element: mouse drag, wheel, and scroll-end.
 * Touch and pen keep the browser's own (momentum) scrolling; keyboard is handled by the pill toolbar.
 */
export function useDragScroll<T extends HTMLElement>(options: DragScrollOptions = {}) {
  const ref = useRef<T | null>(null);
  const onScrollEnd = useRef(options.onScrollEnd);
  useEffect(() => {
    onScrollEnd.current = options.onScrollEnd;
  });
  const { threshold, debounceMs, verticalWheel = true } = options;

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const controller = new DragScrollController({ threshold, debounceMs, onScrollEnd: (left) => onScrollEnd.current?.(left) });
    let suppressClick = false;

    const onPointerDown = (event: PointerEvent) => {
      if (event.pointerType !== 'mouse' || event.button !== 0) return;
      controller.press(event.clientX, element.scrollLeft);
    };
    const onPointerMove = (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') return;
      const next = controller.move(event.clientX);
      if (next === null) return;
      element.scrollLeft = next;
      element.dataset.dragging = 'true';
    };
    const onPointerUp = () => {
      suppressClick = controller.release();
      delete element.dataset.dragging;
    };
    const onClick = (event: MouseEvent) => {
      if (!suppressClick) return;
      suppressClick = false;
      event.preventDefault();
      event.stopPropagation();
    };
    const onWheel = (event: WheelEvent) => {
      const delta = DragScrollController.wheelDelta(event.deltaX, event.deltaY, element);
      if (delta === null) return;
      event.preventDefault();
      element.scrollLeft += delta;
    };
    // A pill that is a link (or holds an image) would start the browser's own drag of it, which
    // cancels the pointer events and so the drag-scroll, and can drop the link elsewhere.
    const onDragStart = (event: DragEvent) => event.preventDefault();
    const onScroll = () => controller.scrolled(element.scrollLeft);

    element.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('pointermove', onPointerMove);
    window.addEventListener('pointerup', onPointerUp);
    window.addEventListener('pointercancel', onPointerUp);
    element.addEventListener('dragstart', onDragStart);
    element.addEventListener('click', onClick, true);
    // Not even listened to when off: a non-passive wheel listener makes the browser wait on it before scrolling.
    if (verticalWheel) element.addEventListener('wheel', onWheel, { passive: false });
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      controller.dispose();
      element.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('pointermove', onPointerMove);
      window.removeEventListener('pointerup', onPointerUp);
      window.removeEventListener('pointercancel', onPointerUp);
      element.removeEventListener('dragstart', onDragStart);
      element.removeEventListener('click', onClick, true);
      element.removeEventListener('wheel', onWheel);
      element.removeEventListener('scroll', onScroll);
    };
  }, [threshold, debounceMs, verticalWheel]);

  return ref;
}
