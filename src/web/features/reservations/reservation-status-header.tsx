import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ReservationStatus } from '../../../shared/schemas/reservations';
import { STATUS_STYLE } from '../../components/reservation-status';

/** The big status band at the top of a reservation: the status's colour, icon, name and what it means. */
export function ReservationStatusHeader({ status, children }: { status: ReservationStatus; children?: React.ReactNode }) {
  const { t } = useTranslation('reservations');
  const { color, Icon } = STATUS_STYLE[status];
  return (
    <Box
      role="status"
      data-testid="reservation-status-header"
      data-status={status}
      sx={{
        p: { xs: 2, sm: 3 },
        borderRadius: 3,
        border: `1px solid ${alpha(color, 0.45)}`,
        background: `linear-gradient(135deg, ${alpha(color, 0.2)}, ${alpha(color, 0.06)})`,
      }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Box
          sx={{
            width: 56,
            height: 56,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: alpha(color, 0.2),
            color,
            flexShrink: 0,
          }}
        >
          <Icon sx={{ fontSize: 32 }} aria-hidden />
        </Box>
        <Stack spacing={0.5} sx={{ minWidth: 0 }}>
          <Typography variant="h2" component="p" sx={{ color }}>
            {t(`status.${status}`)}
          </Typography>
          <Typography variant="body2" color="textPrimary">
            {t(`statusHint.${status}`)}
          </Typography>
        </Stack>
      </Stack>
      {children}
    </Box>
  );
}
