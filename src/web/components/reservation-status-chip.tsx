import Chip from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { ReservationStatus } from '../../shared/schemas/reservations';
import { labelChipSx } from './chip-sx';
import { STATUS_STYLE } from './reservation-status';

/** The one way a reservation status is shown: colour, icon and label together (DESIGN §6). */
export function ReservationStatusChip({ status, size = 'small' }: { status: ReservationStatus; size?: 'small' | 'medium' }) {
  const { t } = useTranslation('reservations');
  const { color, Icon } = STATUS_STYLE[status];
  return (
    <Chip
      icon={<Icon aria-hidden />}
      label={t(`status.${status}`)}
      size={size}
      data-testid="reservation-status"
      data-status={status}
      sx={{
        ...labelChipSx(size === 'small' ? 26 : 32),
        fontWeight: 600,
        color,
        bgcolor: alpha(color, 0.14),
        border: `1px solid ${alpha(color, 0.5)}`,
        '& .MuiChip-icon': { color },
      }}
    />
  );
}
