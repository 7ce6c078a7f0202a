import EventBusyIcon from '@mui/icons-material/EventBusy';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
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

export function EventGrid({ events, skeletons = 0, label, headingLevel = 3 }: { events: EventSummary[]; skeletons?: number; label: string; headingLevel?: 2 | 3 }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      data-testid="event-grid"
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: GRID_COLUMNS }}
    >
      {events.map((event, index) => (
        <Box component="li" key={event.id} sx={{ minWidth: 0 }}>
          <EventCard event={event} headingLevel={headingLevel} priority={index < PRIORITY_CARDS} />
        </Box>
      ))}
      {skeletons ? (
        <LazyPart>
          {Array.from({ length: skeletons }, (_, index) => (
            <Box component="li" key={`skeleton-${index}`} aria-hidden sx={{ minWidth: 0 }}>
              <EventCardSkeleton />
            </Box>
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
      <Typography color="text.secondary">{body}</Typography>
      {action}
    </Stack>
  );
}
