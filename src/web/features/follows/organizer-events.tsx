import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { VENUE_PAGE_SIZE } from '../../../shared/catalog-limits';
import type { EventPage, EventSummary } from '../../../shared/schemas/catalog';
import { EventGrid } from '../../components/event-grid';
import { getApiClient } from '../../lib/api-client';
import { useMorePages } from '../../lib/use-more-pages';

/**
 * An organizer's upcoming events: the first page comes with the page, the next ones load as the reader nears
 * the end of the list (GET /events?organizer=…), with a "Load more" button for keyboards and for browsers
 * without IntersectionObserver.
 */
export function OrganizerEvents({ organizerId, first, label }: { organizerId: number; first: EventPage; label: string }) {
  const { t } = useTranslation('discovery');
  const { items, cursor, loading, loadMore } = useMorePages<EventSummary>(first, (next) =>
    getApiClient().get<EventPage>('/events', { query: { organizer: String(organizerId), cursor: next, limit: String(VENUE_PAGE_SIZE) } }),
  );
  const sentinel = useRef<HTMLDivElement>(null);
  // The observer outlives renders; it calls the latest loadMore (which knows the latest cursor).
  const more = useRef(loadMore);
  useEffect(() => {
    more.current = loadMore;
  });

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !cursor || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void more.current();
    }, { rootMargin: '400px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [cursor]);

  return (
    <Stack spacing={2}>
      <EventGrid events={items} label={label} />
      <Stack spacing={1} sx={{ alignItems: 'center' }} ref={sentinel}>
        <Typography role="status" variant="body2" color="textSecondary" data-testid="event-count">
          {t('list.count', { count: items.length })}
        </Typography>
        {cursor ? (
          <Button variant="outlined" disabled={loading} onClick={() => void loadMore()} data-testid="load-more">
            {loading ? t('list.loading') : t('list.loadMore')}
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
