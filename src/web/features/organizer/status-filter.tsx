import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { RESERVATION_STATUSES, type ReservationStatus, type StatusCounts } from '../../../shared/schemas/reservations';
import { STATUS_STYLE } from '../../components/reservation-status';

/** Per-status counts that double as the status filter: "All" plus one pill per status. */
export function StatusFilter({
  counts,
  value,
  onChange,
}: {
  counts: StatusCounts;
  value: ReservationStatus | null;
  onChange: (status: ReservationStatus | null) => void;
}) {
  const { t } = useTranslation('organizer');
  const { t: tr } = useTranslation('reservations');
  const total = RESERVATION_STATUSES.reduce((sum, status) => sum + counts[status], 0);
  return (
    <Stack
      role="group"
      aria-label={t('filters.status')}
      direction="row"
      spacing={1}
      sx={{ overflowX: 'auto', pb: 0.5, flexWrap: { md: 'wrap' }, rowGap: 1, scrollbarWidth: 'thin' }}
      data-testid="status-filter"
    >
      <Chip
        label={`${t('filters.all')} · ${total}`}
        onClick={() => onChange(null)}
        aria-pressed={value === null}
        color={value === null ? 'primary' : 'default'}
        variant={value === null ? 'filled' : 'outlined'}
        sx={{ flexShrink: 0, fontWeight: 600 }}
      />
      {RESERVATION_STATUSES.map((status) => {
        const { color, Icon } = STATUS_STYLE[status];
        const selected = value === status;
        return (
          <Chip
            key={status}
            icon={<Icon aria-hidden />}
            label={`${tr(`status.${status}`)} · ${counts[status]}`}
            onClick={() => onChange(selected ? null : status)}
            aria-pressed={selected}
            data-status={status}
            data-selected={selected}
            variant="outlined"
            sx={{
              flexShrink: 0,
              fontWeight: 600,
              color,
              borderColor: alpha(color, selected ? 1 : 0.4),
              bgcolor: selected ? alpha(color, 0.22) : 'transparent',
              '& .MuiChip-icon': { color },
              '&&:hover': { bgcolor: alpha(color, 0.16) },
            }}
          />
        );
      })}
    </Stack>
  );
}
