import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SavedEvent } from '../../../shared/schemas/saved';
import { EventCard } from '../../components/event-card';
import { GRID_COLUMNS } from '../../components/event-grid';
import { formatEventDate } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import { fetchSavedEvents } from './saved-api';
import { useMorePages } from '../../lib/use-more-pages';

export const SAVED_PAGE_LIMIT = 24;

/** "Cancelled", "Postponed…", "Moved to …": what changed since the person saved it, above its card. */
function SavedFlag({ event }: { event: SavedEvent }) {
  const { t } = useTranslation('posted');
  const locale = useLocale();
  if (!event.change) return null;
  const text =
    event.change === 'rescheduled'
      ? t('saved.flag.rescheduled', { date: formatEventDate(event.starts_at, event.time_zone, locale), interpolation: { escapeValue: false } })
      : t(`saved.flag.${event.change}`);
  return (
    <Typography
      variant="body2"
      data-testid="saved-flag"
      data-change={event.change}
      sx={{ fontWeight: 700, color: event.change === 'cancelled' ? 'error.main' : 'warning.dark', mb: 0.5 }}
    >
      {text}
    </Typography>
  );
}

function SavedGrid({ events, label }: { events: SavedEvent[]; label: string }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: GRID_COLUMNS }}>
      {events.map((event, index) => (
        <Box component="li" key={event.id} sx={{ minWidth: 0, display: 'flex', flexDirection: 'column' }} data-testid="saved-item">
          <SavedFlag event={event} />
          <Box sx={{ flex: 1 }}>
            <EventCard event={event} headingLevel={3} priority={index < 2} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** The saved events: upcoming ones first (soonest first), then those already over, with "show more". */
export function SavedList({ first, firstCursor }: { first: SavedEvent[]; firstCursor: string | null }) {
  const { t } = useTranslation('posted');
  const { items: read, cursor, loading, loadMore } = useMorePages<SavedEvent>({ items: first, next_cursor: firstCursor }, (next) =>
    fetchSavedEvents({ cursor: next, limit: SAVED_PAGE_LIMIT }),
  );
  const seen = new Set<number>();
  const items = read.filter((item) => !seen.has(item.id) && seen.add(item.id));
  const upcoming = items.filter((item) => !item.past);
  const past = items.filter((item) => item.past);
  return (
    <Stack spacing={3}>
      {upcoming.length ? (
        <Stack spacing={1.5} component="section">
          <Typography variant="h2">{t('saved.upcoming')}</Typography>
          <SavedGrid events={upcoming} label={t('saved.upcoming')} />
        </Stack>
      ) : null}
      {past.length ? (
        <Stack spacing={1.5} component="section">
          <Typography variant="h2">{t('saved.past')}</Typography>
          <SavedGrid events={past} label={t('saved.past')} />
        </Stack>
      ) : null}
      {cursor ? (
        <Button onClick={() => void loadMore()} disabled={loading} variant="outlined" sx={{ alignSelf: 'center' }}>
          {t('saved.loadMore')}
        </Button>
      ) : null}
    </Stack>
  );
}
