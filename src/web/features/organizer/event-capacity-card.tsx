import EventBusyIcon from '@mui/icons-material/EventBusy';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { EventCapacity } from '../../../shared/schemas/reservations';
import { formatEventDate } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import { labelChipSx } from '../../components/chip-sx';

/**
 * One of the organizer's events: how full it is, places left, parties waiting; a tap filters the list by
 * it. Below, "Cancel event" (outside the tap area: a button never sits inside another), or the word that
 * it is cancelled.
 */
export function EventCapacityCard({
  event,
  timeZone,
  selected,
  onSelect,
  cancelled = false,
  onCancel,
}: {
  event: EventCapacity;
  timeZone: string;
  selected: boolean;
  onSelect: () => void;
  cancelled?: boolean;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('organizer');
  const locale = useLocale();
  const percent = event.capacity > 0 ? Math.min(100, Math.round((event.taken / event.capacity) * 100)) : 100;
  const full = event.remaining <= 0;
  // Nobody booked yet: said in words, so the (empty) bar is never the only sign.
  const allFree = event.taken === 0 && event.capacity > 0;
  return (
    <Card
      variant="outlined"
      sx={{ borderColor: selected ? 'primary.main' : 'divider', borderWidth: selected ? 2 : 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}
      data-testid="event-capacity"
      data-event-id={event.event_id}
      data-cancelled={cancelled}
    >
      <CardActionArea onClick={onSelect} aria-pressed={selected} sx={{ p: 2, flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }}>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere', lineHeight: 1.3 }}>
              {event.title}
            </Typography>
            <Chip
              size="small"
              label={event.mode === 'instant' ? t('events.modeInstant') : t('events.modeApproval')}
              variant="outlined"
              sx={{ ...labelChipSx(24), flexShrink: 0 }}
            />
          </Stack>
          <Typography variant="body2" color="textSecondary">
            {formatEventDate(event.starts_at, timeZone, locale)}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={percent}
            color={full ? 'error' : percent >= 80 ? 'warning' : 'success'}
            aria-label={t('events.taken', { taken: event.taken, capacity: event.capacity })}
            // A neutral track whatever the fill colour: MUI tints the track with the fill colour, and on the dark
            // theme a green track at 0 % reads as a full bar.
            sx={{ height: 8, borderRadius: 4, bgcolor: 'action.selected' }}
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
            <Typography variant="body2">{t('events.taken', { taken: event.taken, capacity: event.capacity })}</Typography>
            <Typography variant="body2" sx={{ fontWeight: 700, color: full ? 'error.main' : 'success.main' }} data-testid="event-remaining">
              {full ? t('events.full') : allFree ? t('polishShell.allFree', { count: event.capacity }) : t('events.remaining', { count: event.remaining })}
            </Typography>
          </Stack>
          {event.waitlisted > 0 ? (
            <Typography variant="body2" color="textSecondary">
              {t('events.waitlisted', { count: event.waitlisted })} · {t('events.waitlistedPeople', { count: event.waitlisted_people })}
            </Typography>
          ) : null}
        </Stack>
      </CardActionArea>
      {cancelled || onCancel ? (
        <CardActions sx={{ px: 2, pt: 0, pb: 1.5 }}>
          {cancelled ? (
            <Chip size="small" color="error" variant="outlined" icon={<EventBusyIcon aria-hidden />} label={t('events.cancelled')} sx={labelChipSx(26)} />
          ) : (
            <Button size="small" color="error" startIcon={<EventBusyIcon />} onClick={onCancel} sx={{ minHeight: 36 }}>
              {t('events.cancel')}
            </Button>
          )}
        </CardActions>
      ) : null}
    </Card>
  );
}
