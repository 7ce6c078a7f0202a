import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import ShareIcon from '@mui/icons-material/Share';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Locale } from '../../../shared/locales';
import type { EventDetail } from '../../../shared/schemas/catalog';
import { localePath } from '../../lib/use-locale';
import { useSnackbarStore } from '../../stores/snackbar-store';

/** The Reserve action links to the reservation flow (its own issue); a cancelled event takes none. */
export function canReserve(event: Pick<EventDetail, 'reservable' | 'status'>): boolean {
  return event.reservable && event.status !== 'cancelled' && event.status !== 'postponed';
}

export function reservationPath(locale: Locale, eventId: number): string {
  return `${localePath(locale, '/reservation/new')}?event=${eventId}`;
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

/**
 * `calendar`: the page's "add to calendar" (features/calendar), or nothing when the event has no date to add;
 * `children`: more actions after Share (the Save button).
 */
export function EventActions({ event, locale, calendar, children }: { event: EventDetail; locale: Locale; calendar?: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation('discovery');
  const showSnackbar = useSnackbarStore((state) => state.show);

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
      {calendar}
      <Button variant="outlined" size="large" startIcon={<ShareIcon />} onClick={() => void share()} data-testid="share-button">
        {t('event.share')}
      </Button>
      {children}
    </Stack>
  );
}
