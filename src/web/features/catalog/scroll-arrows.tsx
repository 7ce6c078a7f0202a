import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import IconButton from '@mui/material/IconButton';
import type { SxProps, Theme } from '@mui/material/styles';
import { useCallback, useEffect, useState } from 'react';
import { type DragScrollOptions, useDragScroll } from './drag-scroll';

/** How much of the visible width one arrow press scrolls: a page, less a little that stays in view for context. */
const PAGE_SHARE = 0.8;

export interface ScrollEdges {
  /** Scrolled all the way back (or not scrollable at all). */
  start: boolean;
  /** Scrolled all the way forward (or not scrollable at all). */
  end: boolean;
}

/**
 * A sideways scroller (the filter pills, a home row): mouse drag and scroll-end from useDragScroll, which of
 * its ends it has reached (so the arrows show only where it can move), and a scroll by a page.
 * `contentKey` changes when its content does, so the ends are measured again.
 */
export function useSideScroller<T extends HTMLElement>({ contentKey, verticalWheel }: { contentKey: unknown; verticalWheel?: DragScrollOptions['verticalWheel'] }) {
  const [edges, setEdges] = useState<ScrollEdges>({ start: true, end: true });

  const updateEdges = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    const start = element.scrollLeft <= 1;
    const end = element.scrollLeft + element.clientWidth >= element.scrollWidth - 1;
    setEdges((previous) => (previous.start === start && previous.end === end ? previous : { start, end }));
  }, []);

  const ref = useDragScroll<T>({ verticalWheel, onScrollEnd: () => updateEdges(ref.current) });

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Measured after layout: whether the content overflows decides which arrows show.
    const frame = requestAnimationFrame(() => updateEdges(element));
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => updateEdges(element));
    observer?.observe(element);
    const onFocusIn = (event: FocusEvent) => revealFocusedItem(element, event.target);
    element.addEventListener('focusin', onFocusIn);
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
      element.removeEventListener('focusin', onFocusIn);
    };
  }, [ref, updateEdges, contentKey]);

  const scrollPage = (direction: 1 | -1) => {
    const element = ref.current;
    element?.scrollBy({ left: direction * element.clientWidth * PAGE_SHARE, behavior: 'smooth' });
  };

  return { ref, edges, scrollPage };
}

/**
 * Brings the item holding the focus wholly into the scroller's view. The browser scrolls a focused control
 * into view only when none of it shows, so Tab onto the card that peeks in at a row's edge would leave most
 * of the card, and its focus ring, outside (WCAG 2.4.11). The row's snap points then settle it on a card.
 */
export function revealFocusedItem(scroller: HTMLElement, target: EventTarget | null): void {
  let item = target instanceof Element ? target : null;
  while (item && item.parentElement !== scroller) item = item.parentElement;
  if (!item) return;
  const box = scroller.getBoundingClientRect();
  const rect = item.getBoundingClientRect();
  if (rect.left >= box.left - 1 && rect.right <= box.right + 1) return;
  item.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

/** What a drag-scrolled element needs: the grab cursor, and no text selection or link clicks while dragging. */
export const dragScrollSx = {
  cursor: 'grab',
  userSelect: 'none',
  '&[data-dragging]': { cursor: 'grabbing', scrollSnapType: 'none' },
  '&[data-dragging] a, &[data-dragging] button': { pointerEvents: 'none' },
} as const;

const arrowSx = (side: 'left' | 'right'): SxProps<Theme> => ({
  // Pointer devices only: on phones the row is swiped, and keyboard users reach every item with Tab or the arrow keys.
  display: { xs: 'none', sm: 'inline-flex' },
  position: 'absolute',
  [side]: -4,
  top: '50%',
  transform: 'translateY(-50%)',
  zIndex: 1,
  bgcolor: 'background.paper',
  boxShadow: 3,
  '&:hover': { bgcolor: 'background.paper' },
});

/**
 * The back and forward arrows over a sideways scroller (its parent must be `position: relative`), each shown
 * only while the scroller can move that way. Out of the tab order: keyboard focus scrolls the items into view.
 */
export function ScrollArrows({
  edges,
  onScroll,
  backLabel,
  forwardLabel,
}: {
  edges: ScrollEdges;
  onScroll: (direction: 1 | -1) => void;
  backLabel: string;
  forwardLabel: string;
}) {
  return (
    <>
      {!edges.start ? (
        <IconButton size="small" tabIndex={-1} aria-label={backLabel} onClick={() => onScroll(-1)} sx={arrowSx('left')}>
          <ChevronLeftIcon />
        </IconButton>
      ) : null}
      {!edges.end ? (
        <IconButton size="small" tabIndex={-1} aria-label={forwardLabel} onClick={() => onScroll(1)} sx={arrowSx('right')}>
          <ChevronRightIcon />
        </IconButton>
      ) : null}
    </>
  );
}
