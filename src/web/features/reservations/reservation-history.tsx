import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ReservationHistoryEntry } from '../../../shared/schemas/reservations';
import { formatEventDate } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import { STATUS_STYLE } from '../../components/reservation-status';
import { ReservationStatusChip } from '../../components/reservation-status-chip';

/**
 * The audit trail (DESIGN §6), newest first, as a timeline: who changed what, when, and the message that
 * came with it (the venue's question, the guest's answer).
 */
export function ReservationHistory({
  history,
  timeZone,
  actorLabel,
}: {
  history: ReservationHistoryEntry[];
  timeZone: string;
  /** Who the actors are from the reader's side; the guest's own page says "You". */
  actorLabel?: (entry: ReservationHistoryEntry) => string;
}) {
  const { t } = useTranslation('reservations');
  const locale = useLocale();
  const entries = [...history].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="reservation-history">
      {entries.map((entry, index) => {
        const { color } = STATUS_STYLE[entry.to];
        const last = index === entries.length - 1;
        return (
          <Box component="li" key={`${entry.at}-${entry.to}-${index}`} sx={{ display: 'flex', gap: 2 }}>
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', pt: 0.75 }} aria-hidden>
              <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: color, flexShrink: 0 }} />
              {!last ? <Box sx={{ flex: 1, width: 2, bgcolor: 'divider', my: 0.5 }} /> : null}
            </Box>
            <Stack spacing={0.75} sx={{ pb: last ? 0 : 2.5, minWidth: 0, flex: 1 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                <Typography variant="subtitle2" component="span">
                  {entry.from === null ? t('history.created') : t('history.changed')}
                </Typography>
                <ReservationStatusChip status={entry.to} />
              </Stack>
              <Typography variant="caption" color="textSecondary">
                {actorLabel ? actorLabel(entry) : t(`history.by.${entry.by}`)} · {formatEventDate(entry.at, timeZone, locale)}
              </Typography>
              {entry.message ? (
                <Typography
                  variant="body2"
                  component="blockquote"
                  sx={{ m: 0, pl: 1.5, borderLeft: 3, borderColor: color, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
                >
                  {entry.message}
                </Typography>
              ) : null}
            </Stack>
          </Box>
        );
      })}
    </Box>
  );
}
