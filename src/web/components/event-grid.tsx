import EventBusyIcon from '@mui/icons-material/EventBusy';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo, type ReactNode, Suspense } from 'react';
import type { EventSummary } from '../../shared/schemas/catalog';
import { EventCard } from './event-card';
import { LazyPart, lazyOnIntent } from '../lib/lazy-on-intent';

// Out of the first page load (DESIGN §13): the placeholders shown while more events load, which no page
// draws before the reader has asked for more (a listing fetches them when it is idle).
const EventCardSkeleton = lazyOnIntent(() => import('./event-card-skeleton').then((module) => ({ default: module.EventCardSkeleton })));

/** Fetches the placeholders' code, so they are at hand when the next page is asked for. */
export const preloadEventCardSkeleton = EventCardSkeleton.prefetch;

/** DESIGN: one column on phones, two to four on wider screens. */
export const GRID_COLUMNS = { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' };

/** Cards on a grid's first screen (one column on phones, up to four on desktops): their pictures load first. */
const PRIORITY_CARDS = 2;

/**
 * Cards hydrated in one task. React hydrates each Suspense boundary as a task of its own, so a page of
 * cards hydrates in short tasks a phone can answer a tap between, not one long one (Lighthouse's TBT).
 * Nothing in a card suspends on the server: every boundary is rendered in place (entry.server.tsx keeps
 * them inline) and no fallback is ever drawn.
 */
const HYDRATION_CHUNK = 4;

function chunks(events: EventSummary[]): EventSummary[][] {
  const result: EventSummary[][] = [];
  for (let start = 0; start < events.length; start += HYDRATION_CHUNK) result.push(events.slice(start, start + HYDRATION_CHUNK));
  return result;
}

/**
 * A boundary's cards, memoised on the very event objects: a listing draws again right after hydration
 * with the same events (from its store), and a boundary handed new children before it has hydrated
 * would be drawn again from scratch in the browser instead.
 */
const CardChunk = memo(
  function CardChunk({ events, first, headingLevel }: { events: EventSummary[]; first: number; headingLevel: 2 | 3 }) {
    return (
      <Suspense fallback={null}>
        {events.map((event, index) => (
          <li key={event.id}>
            <EventCard event={event} headingLevel={headingLevel} priority={first + index < PRIORITY_CARDS} />
          </li>
        ))}
      </Suspense>
    );
  },
  (before, after) =>
    before.first === after.first &&
    before.headingLevel === after.headingLevel &&
    before.events.length === after.events.length &&
    before.events.every((event, index) => event === after.events[index]),
);

export function EventGrid({ events, skeletons = 0, label, headingLevel = 3 }: { events: EventSummary[]; skeletons?: number; label: string; headingLevel?: 2 | 3 }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      data-testid="event-grid"
      // The items' rule lives on the list: a styled item would resolve its styles again for every card.
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: GRID_COLUMNS, '& > li': { minWidth: 0 } }}
    >
      {chunks(events).map((chunk, index) => (
        <CardChunk key={index} events={chunk} first={index * HYDRATION_CHUNK} headingLevel={headingLevel} />
      ))}
      {skeletons ? (
        <LazyPart>
          {Array.from({ length: skeletons }, (_, index) => (
            <li key={`skeleton-${index}`} aria-hidden>
              <EventCardSkeleton />
            </li>
          ))}
        </LazyPart>
      ) : null}
    </Box>
  );
}

export function EmptyState({ title, body, action }: { title: string; body: string; action?: ReactNode }) {
  return (
    <Stack
      spacing={1.5}
      data-testid="empty-state"
      sx={{ alignItems: 'center', textAlign: 'center', py: 8, px: 2, border: 1, borderColor: 'divider', borderRadius: 3, borderStyle: 'dashed' }}
    >
      <EventBusyIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
      <Typography variant="h2" component="p">
        {title}
      </Typography>
      <Typography color="textSecondary">{body}</Typography>
      {action}
    </Stack>
  );
}
