import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import EventIcon from '@mui/icons-material/Event';
import ShareIcon from '@mui/icons-material/Share';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Locale } from '../../../shared/locales';
import type { EventDetail } from '../../../shared/schemas/catalog';
import { canAddToCalendar } from '../../lib/date-change';
import { buildIcs, downloadIcs, icsFileName } from '../../lib/ics';
import { localePath } from '../../lib/use-locale';
import { useSnackbarStore } from '../../stores/snackbar-store';

/** The Reserve action links to the reservation flow (its own issue); a cancelled event takes none. */
export function canReserve(event: Pick<EventDetail, 'reservable' | 'status'>): boolean {
  return event.reservable && event.status !== 'cancelled' && event.status !== 'postponed';
}

export function reservationPath(locale: Locale, eventId: number): string {
  return `${localePath(locale, '/reservation/new')}?event=${eventId}`;
}

function locationText(event: EventDetail): string | null {
  if (event.venue) return [event.venue.name, event.venue.street_address, event.venue.locality].filter(Boolean).join(', ');
  return event.online_url;
}

type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/** The system share sheet where there is one (phones), else the link goes to the clipboard. */
export async function shareLink(data: { title: string; url: string }): Promise<ShareOutcome> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // Some browsers expose share() but refuse it (no user activation, desktop); fall back to copying.
    }
  }
  try {
    await navigator.clipboard.writeText(data.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}

/** No "add to calendar" while the date is to be announced (there is no date to add), nor for a cancelled event. */
export function EventActions({ event, locale, children }: { event: EventDetail; locale: Locale; children?: ReactNode }) {
  const { t } = useTranslation('discovery');
  const showSnackbar = useSnackbarStore((state) => state.show);

  const addToCalendar = () => {
    const ics = buildIcs({
      uid: `event-${event.id}@kuda`,
      title: event.title,
      startsAt: event.starts_at,
      endsAt: event.ends_at,
      description: [event.description, event.canonical_url].filter(Boolean).join('\n\n'),
      location: locationText(event),
      url: event.canonical_url,
      status: event.status,
    });
    downloadIcs(icsFileName(event.slug), ics);
  };

  const share = async () => {
    const outcome = await shareLink({ title: event.title, url: event.canonical_url });
    if (outcome === 'copied') showSnackbar(t('event.linkCopied'));
    if (outcome === 'failed') showSnackbar(t('event.copyFailed'), 'error');
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}>
      {canReserve(event) ? (
        <Button
          component={RouterLink}
          to={reservationPath(locale, event.id)}
          variant="contained"
          size="large"
          startIcon={<EventAvailableIcon />}
          data-testid="reserve-button"
        >
          {t('event.reserve')}
        </Button>
      ) : null}
      {canAddToCalendar(event) ? (
        <Button variant="outlined" size="large" startIcon={<EventIcon />} onClick={addToCalendar} data-testid="add-to-calendar">
          {t('event.addToCalendar')}
        </Button>
      ) : null}
      <Button variant="outlined" size="large" startIcon={<ShareIcon />} onClick={() => void share()} data-testid="share-button">
        {t('event.share')}
      </Button>
      {children}
    </Stack>
  );
}
