import Box from '@mui/material/Box';
import { type KeyboardEvent, type ReactElement, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Pill as PillButton } from '../../components/pill';
import { dragScrollSx, ScrollArrows, useSideScroller } from './scroll-arrows';

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
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  const { ref: scrollerRef, edges, scrollPage } = useSideScroller<HTMLDivElement>({ contentKey: pills.length });

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
          ...dragScrollSx,
        }}
      >
        {pills.map((pill, position) => {
          const common = {
            label: pill.label,
            icon: pill.icon,
            selected: pill.selected,
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
            <PillButton
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
            <PillButton
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
      <ScrollArrows edges={edges} onScroll={scrollPage} backLabel={t('filters.scrollBack')} forwardLabel={t('filters.scrollForward')} />
    </Box>
  );
}
