import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Reservation } from '../../../shared/schemas/reservations';
import { formatEventDate } from '../../lib/format';
import { reservationLink, useLocale } from '../../lib/use-locale';
import { ReservationStatusChip } from '../../components/reservation-status-chip';
import { spacedCode } from './reservation-view';

/** One reservation in "My reservations": thumbnail, event, date, party, status, and the code once accepted. */
export function ReservationCard({ reservation }: { reservation: Reservation }) {
  const { t } = useTranslation('reservations');
  const locale = useLocale();
  const { event } = reservation;
  return (
    <Card component="article" variant="outlined" data-testid="reservation-card" data-reservation-id={reservation.id} data-status={reservation.status}>
      <CardActionArea component={RouterLink} to={reservationLink(locale, reservation.id)} sx={{ p: 1.5, display: 'flex', gap: 2, alignItems: 'flex-start', justifyContent: 'flex-start' }}>
        <Box sx={{ width: { xs: 76, sm: 104 }, aspectRatio: '1 / 1', borderRadius: 2, overflow: 'hidden', flexShrink: 0, bgcolor: 'action.hover' }}>
          {event.image ? (
            <Box component="img" src={event.image.url} alt="" width={104} height={104} loading="lazy" decoding="async" sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
          ) : null}
        </Box>
        <Stack spacing={0.75} sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="h3" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {event.title}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {formatEventDate(event.starts_at, event.time_zone, locale)}
            {event.venue_name ? ` · ${event.venue_name}` : ''}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <ReservationStatusChip status={reservation.status} />
            <Typography variant="body2">{t('partySize', { count: reservation.party_size })}</Typography>
            {reservation.status === 'accepted' && reservation.code ? (
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'success.main' }}>
                <ConfirmationNumberIcon fontSize="small" aria-hidden />
                <Typography variant="body2" sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontWeight: 700, letterSpacing: 1 }}>
                  {t('list.code', { code: spacedCode(reservation.code) })}
                </Typography>
              </Stack>
            ) : null}
          </Stack>
        </Stack>
      </CardActionArea>
    </Card>
  );
}
