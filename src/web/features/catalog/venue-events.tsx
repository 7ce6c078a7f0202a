import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VENUE_PAGE_SIZE } from '../../../shared/catalog-limits';
import type { EventPage, EventSummary } from '../../../shared/schemas/catalog';
import { getApiClient } from '../../lib/api-client';
import { EventGrid } from '../../components/event-grid';

/**
 * A venue's upcoming events: the first page arrives with the page, the rest on "Load more"
 * (GET /events?venue=… with the cursor), so a busy venue shows everything it has on.
 */
export function VenueEvents({ venueId, first, label }: { venueId: number; first: EventPage; label: string }) {
  const { t } = useTranslation('discovery');
  const [items, setItems] = useState<EventSummary[]>(first.items);
  const [cursor, setCursor] = useState<string | null>(first.next_cursor);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  const loadMore = async () => {
    if (!cursor || loading) return;
    setLoading(true);
    setFailed(false);
    const result = await getApiClient().get<EventPage>('/events', { query: { venue: String(venueId), cursor, limit: String(VENUE_PAGE_SIZE) } });
    setLoading(false);
    if (!result.ok) {
      setFailed(true);
      return;
    }
    setItems((previous) => [...previous, ...result.data.items.filter((event) => !previous.some((seen) => seen.id === event.id))]);
    setCursor(result.data.next_cursor);
  };

  return (
    <Stack spacing={2}>
      <EventGrid events={items} label={label} />
      <Stack spacing={1} sx={{ alignItems: 'center' }}>
        <Typography role="status" variant="body2" color="textSecondary" data-testid="event-count">
          {t('list.count', { count: items.length })}
        </Typography>
        {failed ? <Typography color="error">{t('list.error')}</Typography> : null}
        {cursor ? (
          <Button variant="outlined" disabled={loading} onClick={() => void loadMore()} data-testid="load-more">
            {loading ? t('list.loading') : failed ? t('common:actions.retry') : t('list.loadMore')}
          </Button>
        ) : items.length > VENUE_PAGE_SIZE ? (
          <Typography color="textSecondary">{t('list.end')}</Typography>
        ) : null}
      </Stack>
    </Stack>
  );
}
