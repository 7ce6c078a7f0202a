import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import { type KeyboardEvent, type ReactElement, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useDragScroll } from './drag-scroll';

export interface Pill {
  key: string;
  label: string;
  selected: boolean;
  icon?: ReactElement;
  /** A pill that goes somewhere (a subcategory) is a link; one that toggles a filter is a button. */
  to?: string;
  onClick?: (element: HTMLElement) => void;
  /** The pill opens a popup (the date range). */
  popup?: boolean;
  testId?: string;
}

/**
 * Spec §1, §9: the filter pills in a horizontally draggable scroller (mouse drag after 10px, wheel, touch,
 * and keyboard). It is a WAI-ARIA toolbar: Tab enters it once, arrow keys, Home and End move between
 * pills, and the focused pill is scrolled into view.
 */
export function PillScroller({ label, pills }: { label: string; pills: Pill[] }) {
  const { t } = useTranslation('discovery');
  const [focusIndex, setFocusIndex] = useState(() => Math.max(0, pills.findIndex((pill) => pill.selected)));
  const [edges, setEdges] = useState({ start: true, end: true });
  const itemRefs = useRef<(HTMLElement | null)[]>([]);

  const updateEdges = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    const start = element.scrollLeft <= 1;
    const end = element.scrollLeft + element.clientWidth >= element.scrollWidth - 1;
    setEdges((previous) => (previous.start === start && previous.end === end ? previous : { start, end }));
  }, []);

  const scrollerRef = useDragScroll<HTMLDivElement>({ onScrollEnd: () => updateEdges(scrollerRef.current) });

  useEffect(() => {
    const element = scrollerRef.current;
    if (!element) return;
    // Measured after layout: whether the pills overflow decides which scroll arrows show.
    const frame = requestAnimationFrame(() => updateEdges(element));
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => updateEdges(element));
    observer?.observe(element);
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
    };
  }, [scrollerRef, updateEdges, pills.length]);

  const index = Math.min(focusIndex, pills.length - 1);

  const moveFocus = (next: number) => {
    const target = (next + pills.length) % pills.length;
    setFocusIndex(target);
    const element = itemRefs.current[target];
    element?.focus();
    element?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, () => void> = {
      ArrowRight: () => moveFocus(index + 1),
      ArrowLeft: () => moveFocus(index - 1),
      Home: () => moveFocus(0),
      End: () => moveFocus(pills.length - 1),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const scrollBy = (direction: 1 | -1) => {
    const element = scrollerRef.current;
    if (!element) return;
    element.scrollBy({ left: direction * element.clientWidth * 0.8, behavior: 'smooth' });
  };

  return (
    <Box sx={{ position: 'relative' }}>
      <Box
        ref={scrollerRef}
        role="toolbar"
        aria-label={label}
        aria-orientation="horizontal"
        onKeyDown={onKeyDown}
        data-testid="pill-scroller"
        sx={{
          display: 'flex',
          gap: 1,
          overflowX: 'auto',
          overscrollBehaviorX: 'contain',
          scrollbarWidth: 'none',
          '&::-webkit-scrollbar': { display: 'none' },
          py: 0.5,
          px: 0.25,
          cursor: 'grab',
          userSelect: 'none',
          '&[data-dragging] a, &[data-dragging] button': { pointerEvents: 'none' },
          '&[data-dragging]': { cursor: 'grabbing' },
        }}
      >
        {pills.map((pill, position) => {
          const common = {
            label: pill.label,
            icon: pill.icon,
            clickable: true,
            color: pill.selected ? ('primary' as const) : ('default' as const),
            variant: pill.selected ? ('filled' as const) : ('outlined' as const),
            tabIndex: position === index ? 0 : -1,
            onFocus: () => setFocusIndex(position),
            'data-testid': pill.testId,
            'data-selected': pill.selected,
            ref: (element: HTMLElement | null) => {
              itemRefs.current[position] = element;
            },
            sx: { flexShrink: 0, fontSize: '0.95rem', px: 0.5 },
          };
          return pill.to ? (
            <Chip
              key={pill.key}
              {...common}
              component={RouterLink}
              to={pill.to}
              aria-current={pill.selected ? 'page' : undefined}
              preventScrollReset
              // Not a native link drag: that would cancel the drag-scroll (see useDragScroll).
              draggable={false}
            />
          ) : (
            <Chip
              key={pill.key}
              {...common}
              component="button"
              type="button"
              aria-pressed={pill.popup ? undefined : pill.selected}
              aria-haspopup={pill.popup ? 'dialog' : undefined}
              onClick={(event: React.MouseEvent<HTMLElement>) => pill.onClick?.(event.currentTarget)}
            />
          );
        })}
      </Box>
      {!edges.start ? (
        <IconButton
          size="small"
          tabIndex={-1}
          aria-label={t('filters.scrollBack')}
          onClick={() => scrollBy(-1)}
          sx={{ display: { xs: 'none', sm: 'inline-flex' }, position: 'absolute', left: -4, top: '50%', transform: 'translateY(-50%)', bgcolor: 'background.paper', boxShadow: 3, '&:hover': { bgcolor: 'background.paper' } }}
        >
          <ChevronLeftIcon />
        </IconButton>
      ) : null}
      {!edges.end ? (
        <IconButton
          size="small"
          tabIndex={-1}
          aria-label={t('filters.scrollForward')}
          onClick={() => scrollBy(1)}
          sx={{ display: { xs: 'none', sm: 'inline-flex' }, position: 'absolute', right: -4, top: '50%', transform: 'translateY(-50%)', bgcolor: 'background.paper', boxShadow: 3, '&:hover': { bgcolor: 'background.paper' } }}
        >
          <ChevronRightIcon />
        </IconButton>
      ) : null}
    </Box>
  );
}
