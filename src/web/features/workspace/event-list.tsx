import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { OrganizerEventListItem, OrganizerEventStatus } from '../../../shared/schemas/organizer-workspace';
import { formatEventDate } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import { EventStatusChip } from './event-status-chip';

export const LIST_STATUSES = ['draft', 'scheduled', 'pending_review', 'published', 'postponed', 'cancelled'] as const satisfies readonly OrganizerEventStatus[];

/** Spec §9: a search box waits 300 ms after the last key before it asks. */
const SEARCH_DEBOUNCE_MS = 300;

export function editorPath(locale: string, id?: number): string {
  return `/${locale}/organizer/events/${id ?? 'new'}`;
}

/** Upcoming events, or the archive of past ones (nothing is ever deleted); null shows both. */
export type EventListWhen = 'upcoming' | 'past' | null;

export interface EventListFilter {
  status: OrganizerEventStatus | null;
  query: string;
  when: EventListWhen;
}

interface EventListProps {
  items: OrganizerEventListItem[];
  status: OrganizerEventStatus | null;
  query: string;
  when: EventListWhen;
  onFilter: (next: EventListFilter) => void;
  more?: ReactNode;
}

/** The organizer's events: status chips and a search on top; cards on a phone, wide rows on a desktop. */
export function EventList({ items, status, query, when, onFilter, more }: EventListProps) {
  const { t } = useTranslation('workspace');
  const locale = useLocale();
  const [typed, setTyped] = useState(query);
  // The URL's query changed from elsewhere (back button, "clear"): show it (React's "adjust state on a prop change").
  const [shownQuery, setShownQuery] = useState(query);
  if (shownQuery !== query) {
    setShownQuery(query);
    setTyped(query);
  }
  useEffect(() => {
    if (typed.trim() === query) return undefined;
    const timer = setTimeout(() => onFilter({ status, query: typed.trim(), when }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, query, status, when, onFilter]);

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Typography variant="h1">{t('list.heading')}</Typography>
        <Button component={RouterLink} to={editorPath(locale)} variant="contained" startIcon={<AddIcon />}>
          {t('list.new')}
        </Button>
      </Stack>
      <TextField
        type="search"
        size="small"
        label={t('list.search')}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        sx={{ maxWidth: { sm: 420 } }}
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> } }}
      />
      <Box role="group" aria-label={t('list.whenFilter')} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {(['upcoming', 'past'] as const).map((value) => (
          <Chip
            key={value}
            label={t(`list.when.${value}`)}
            color={when === value ? 'secondary' : 'default'}
            variant={when === value ? 'filled' : 'outlined'}
            aria-pressed={when === value}
            onClick={() => onFilter({ status, query, when: when === value ? null : value })}
          />
        ))}
      </Box>
      <Box role="group" aria-label={t('list.statusFilter')} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Chip label={t('list.all')} color={status === null ? 'primary' : 'default'} variant={status === null ? 'filled' : 'outlined'} aria-pressed={status === null} onClick={() => onFilter({ status: null, query, when })} />
        {LIST_STATUSES.map((value) => (
          <Chip
            key={value}
            label={t(`status.${value}`)}
            color={status === value ? 'primary' : 'default'}
            variant={status === value ? 'filled' : 'outlined'}
            aria-pressed={status === value}
            onClick={() => onFilter({ status: status === value ? null : value, query, when })}
          />
        ))}
      </Box>
      {items.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }} data-testid="events-empty">
          <Typography variant="h2" sx={{ mb: 1 }}>
            {status || query || when ? t('list.noMatch') : t('list.empty')}
          </Typography>
          <Typography color="textSecondary" sx={{ mb: 2 }}>
            {status || query || when ? t('list.noMatchHint') : t('list.emptyHint')}
          </Typography>
          {status || query || when ? (
            <Button onClick={() => onFilter({ status: null, query: '', when: null })}>{t('list.clear')}</Button>
          ) : (
            <Button component={RouterLink} to={editorPath(locale)} variant="contained" startIcon={<AddIcon />}>
              {t('list.new')}
            </Button>
          )}
        </Paper>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('list.heading')}>
          {items.map((event) => (
            <Paper
              key={event.id}
              component="li"
              variant="outlined"
              sx={{
                p: 2,
                display: 'grid',
                gap: 1.5,
                alignItems: 'center',
                gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1.2fr) auto auto' },
              }}
              data-testid="event-row"
            >
              <Box sx={{ minWidth: 0 }}>
                <Link component={RouterLink} to={editorPath(locale, event.id)} variant="subtitle1" underline="hover" sx={{ fontWeight: 600, display: 'block', overflowWrap: 'anywhere' }}>
                  {event.title || t('list.untitled')}
                </Link>
              </Box>
              <Typography variant="body2" color="textSecondary">
                {event.date_tba ? t('list.dateTba') : formatEventDate(event.starts_at, event.time_zone, locale)}
              </Typography>
              <Box>
                <EventStatusChip status={event.status} removed={event.removed_by_moderation} />
              </Box>
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', justifyContent: { md: 'flex-end' } }}>
                <Button size="small" component={RouterLink} to={editorPath(locale, event.id)}>
                  {t('list.edit')}
                </Button>
                <Button size="small" component={RouterLink} to={`/${locale}/organizer/events/${event.id}/guests`}>
                  {t('list.guests')}
                </Button>
                {event.url ? (
                  <Button size="small" component="a" href={event.url} target="_blank" rel="noopener">
                    {t('list.publicPage')}
                  </Button>
                ) : null}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      {more}
    </Stack>
  );
}
