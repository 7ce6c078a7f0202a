import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { eventPath } from '../../../shared/paths';
import type { Reservation, ReservationStatus } from '../../../shared/schemas/reservations';
import type { ApiResult } from '../../lib/api-client';
import { formatEventDate } from '../../lib/format';
import { buildIcs, icsFileName } from '../../../shared/ics';
import { downloadIcs } from '../../lib/download-file';
import { useLocale } from '../../lib/use-locale';
import { labelChipSx } from '../../components/chip-sx';
import { EventSummary } from './event-summary';
import { ReservationHistory } from './reservation-history';
import { ReservationQr } from './reservation-qr';
import { ReservationStatusHeader } from './reservation-status-header';
import { RespondForm } from './respond-form';
import { useAskCancel } from './use-ask-cancel';

export interface ReservationActions {
  onCancel: () => void;
  onConfirm: () => void;
  onRespond: (message: string) => Promise<ApiResult<unknown>>;
}

/** The code is read aloud at the door: groups of letters are easier to say and to check. */
export function spacedCode(code: string): string {
  return code.length > 4 ? `${code.slice(0, 3)} ${code.slice(3)}` : code;
}

function CodeCard({ code }: { code: string }) {
  const { t } = useTranslation('reservations');
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="reservation-code-card">
      <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Typography variant="overline" color="textSecondary">
          {t('detail.code')}
        </Typography>
        <Typography
          component="p"
          data-testid="reservation-code"
          aria-label={`${t('detail.code')}: ${code.split('').join(' ')}`}
          sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '2rem', fontWeight: 700, letterSpacing: 4 }}
        >
          {spacedCode(code)}
        </Typography>
        <ReservationQr value={code} label={t('detail.qrLabel', { code })} size={184} />
        <Typography variant="body2" color="textSecondary">
          {t('detail.showAtDoor')}
        </Typography>
      </Stack>
    </Paper>
  );
}

/** The reservation page's body: status, event, the venue's question, code and QR, actions, history. */
export function ReservationView({
  reservation,
  created,
  actions,
}: {
  reservation: Reservation;
  /** Set right after the reservation was made on the Reserve page: the answer, said once. */
  created?: ReservationStatus | null;
  actions: ReservationActions;
}) {
  const { t } = useTranslation('reservations');
  const locale = useLocale();
  const { event } = reservation;
  const accepted = reservation.status === 'accepted' && reservation.code;

  const addToCalendar = () => {
    const url = typeof window === 'undefined' ? null : new URL(eventPath(locale, event), window.location.origin).toString();
    const content = buildIcs({
      uid: `reservation-${reservation.id}@kuda`,
      title: event.title,
      startsAt: event.starts_at,
      endsAt: event.ends_at,
      location: [event.venue_name, event.venue_address].filter(Boolean).join(', ') || null,
      url,
      description: reservation.code ? `${t('detail.code')}: ${reservation.code}` : null,
    });
    downloadIcs(icsFileName(event.slug), content);
  };

  const askCancel = useAskCancel(reservation, actions.onCancel);

  const createdText = created && ['accepted', 'pending', 'waitlisted'].includes(created) ? t(`reserve.done.${created as 'accepted' | 'pending' | 'waitlisted'}`) : null;

  return (
    <Stack spacing={3}>
      {createdText ? (
        <Alert severity="success" data-testid="reservation-created">
          {createdText}
        </Alert>
      ) : null}
      <ReservationStatusHeader status={reservation.status}>
        {reservation.status === 'waitlisted' && reservation.waitlist_position ? (
          <Typography sx={{ mt: 1.5, fontWeight: 600 }} data-testid="waitlist-position">
            {t('detail.waitlistPosition', { position: reservation.waitlist_position })}
          </Typography>
        ) : null}
      </ReservationStatusHeader>

      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: accepted ? 'minmax(0, 1fr) 300px' : 'minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <EventSummary
              event={{
                title: event.title,
                startsAt: event.starts_at,
                timeZone: event.time_zone,
                venueName: event.venue_name,
                image: event.image,
                href: eventPath(locale, event),
              }}
            >
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t('partySize', { count: reservation.party_size })}
              </Typography>
              {reservation.confirmed_at ? (
                <Chip
                  icon={<CheckCircleIcon aria-hidden />}
                  label={t('detail.confirmedComing')}
                  color="success"
                  variant="outlined"
                  size="small"
                  sx={{ ...labelChipSx(26), alignSelf: 'flex-start' }}
                />
              ) : null}
            </EventSummary>
            {reservation.note ? (
              <Box sx={{ mt: 2 }}>
                <Typography variant="caption" color="textSecondary">
                  {t('detail.note')}
                </Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {reservation.note}
                </Typography>
              </Box>
            ) : null}
          </Paper>

          {reservation.status === 'cancelled' && reservation.cancellation?.by === 'venue' ? (
            <Alert severity="error" icon={false} sx={{ '& .MuiAlert-message': { width: '100%' } }} data-testid="cancelled-by-venue">
              <AlertTitle>{t('detail.cancelledByVenue')}</AlertTitle>
              <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="venue-cancel-message">
                {reservation.cancellation.message ?? t('detail.cancelledByVenueNoMessage')}
              </Typography>
              <Typography variant="caption" color="textSecondary">
                {formatEventDate(reservation.cancellation.at, event.time_zone, locale)}
              </Typography>
            </Alert>
          ) : null}

          {reservation.status === 'action_needed' ? (
            <Alert severity="warning" icon={false} sx={{ '& .MuiAlert-message': { width: '100%' } }} data-testid="action-needed">
              <AlertTitle>{t('detail.venueAsks')}</AlertTitle>
              {reservation.action_message ? (
                <Typography sx={{ whiteSpace: 'pre-line', mb: 2, overflowWrap: 'anywhere' }}>{reservation.action_message}</Typography>
              ) : null}
              {reservation.can_respond ? <RespondForm onSubmit={actions.onRespond} /> : null}
            </Alert>
          ) : null}

          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ flexWrap: 'wrap' }}>
            {reservation.can_confirm && !reservation.confirmed_at ? (
              <Button variant="contained" color="success" startIcon={<EventAvailableIcon />} onClick={actions.onConfirm} sx={{ minHeight: 44 }}>
                {t('detail.imComing')}
              </Button>
            ) : null}
            {reservation.status !== 'cancelled' && reservation.status !== 'rejected' ? (
              <Button variant="outlined" color="inherit" startIcon={<CalendarMonthIcon />} onClick={addToCalendar} sx={{ minHeight: 44 }}>
                {t('detail.addToCalendar')}
              </Button>
            ) : null}
            {reservation.can_cancel ? (
              <Button variant="outlined" color="error" startIcon={<CancelIcon />} onClick={askCancel} sx={{ minHeight: 44 }}>
                {t('detail.cancel')}
              </Button>
            ) : null}
          </Stack>
          {reservation.can_cancel ? (
            <Typography variant="body2" color="textSecondary" sx={{ mt: -1.5 }}>
              {t('detail.cancelUntil', { date: formatEventDate(reservation.deadline, event.time_zone, locale) })}
            </Typography>
          ) : null}

          <Stack spacing={2} component="section" aria-labelledby="reservation-history-heading">
            <Typography variant="h2" id="reservation-history-heading">
              {t('history.heading')}
            </Typography>
            <ReservationHistory history={reservation.history} timeZone={event.time_zone} />
          </Stack>
        </Stack>
        {accepted ? (
          <Box sx={{ order: { xs: -1, md: 0 }, position: { md: 'sticky' }, top: { md: 88 } }}>
            <CodeCard code={reservation.code ?? ''} />
          </Box>
        ) : null}
      </Box>
    </Stack>
  );
}
