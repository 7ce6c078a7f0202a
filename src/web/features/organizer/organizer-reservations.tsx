import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { alpha, useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrganizerReservation } from '../../../shared/schemas/reservations';
import { formatEventDate } from '../../lib/format';
import { formatPhoneNumber } from '../../../shared/phone-format';
import { useLocale } from '../../lib/use-locale';
import { ReservationStatusChip } from '../../components/reservation-status-chip';
import type { DecisionStatus } from './decision-dialog';
import { guestName } from './guest-name';

const DECISION_ICON = { accepted: CheckIcon, rejected: CloseIcon, action_needed: QuestionAnswerIcon, cancelled: EventBusyIcon } as const;
const DECISION_COLOR = { accepted: 'success', rejected: 'error', action_needed: 'warning', cancelled: 'error' } as const;
/** Cancelling comes last and quieter (text, not outlined): it undoes a place already given. */
const DECISION_ORDER: DecisionStatus[] = ['accepted', 'action_needed', 'rejected', 'cancelled'];

type Decide = (reservation: OrganizerReservation, decision: DecisionStatus) => void;

function DecisionButtons({ reservation, onDecide }: { reservation: OrganizerReservation; onDecide: Decide }) {
  const { t } = useTranslation('organizer');
  const decisions = DECISION_ORDER.filter((decision) => reservation.allowed_decisions.includes(decision));
  if (decisions.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {decisions.map((decision) => {
        const Icon = DECISION_ICON[decision];
        return (
          <Button
            key={decision}
            size="small"
            variant={decision === 'accepted' ? 'contained' : decision === 'cancelled' ? 'text' : 'outlined'}
            color={DECISION_COLOR[decision]}
            startIcon={<Icon />}
            onClick={() => onDecide(reservation, decision)}
            sx={{ whiteSpace: 'nowrap', minHeight: 36 }}
          >
            {t(`decision.${decision}`)}
          </Button>
        );
      })}
    </Stack>
  );
}

function Contact({ reservation }: { reservation: OrganizerReservation }) {
  const { guest } = reservation;
  if (guest.deleted) return null;
  return (
    <Stack sx={{ minWidth: 0 }}>
      {guest.phone_number ? (
        <Link href={`tel:${guest.phone_number}`} variant="body2" color="secondary">
          {formatPhoneNumber(guest.phone_number)}
        </Link>
      ) : null}
      {guest.email ? (
        <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
          {guest.email}
        </Typography>
      ) : null}
    </Stack>
  );
}

/** What the guest wrote: their note, and the latest message in the trail when it is newer than the note. */
function Messages({ reservation }: { reservation: OrganizerReservation }) {
  const { t } = useTranslation('organizer');
  const latest = [...reservation.history].sort((a, b) => b.at.localeCompare(a.at)).find((entry) => entry.message);
  return (
    <Stack spacing={0.5} sx={{ minWidth: 0 }}>
      {reservation.note ? (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {reservation.note}
        </Typography>
      ) : null}
      {latest ? (
        <Typography variant="body2" color="textSecondary" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="last-message">
          <Box component="span" sx={{ fontWeight: 600 }}>
            {t('table.lastMessage')}:
          </Box>{' '}
          {latest.message}
        </Typography>
      ) : null}
    </Stack>
  );
}

function HighlightNote() {
  const { t } = useTranslation('organizer');
  return (
    <Typography variant="caption" color="secondary" sx={{ display: 'block', fontWeight: 700, mb: 0.5 }}>
      {t('table.highlighted')}
    </Typography>
  );
}

function StatusCell({ reservation }: { reservation: OrganizerReservation }) {
  const { t } = useTranslation('organizer');
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <ReservationStatusChip status={reservation.status} />
      {reservation.status === 'waitlisted' && reservation.waitlist_position ? (
        <Typography variant="caption" color="textSecondary">
          {t('table.waitlistPosition', { position: reservation.waitlist_position })}
        </Typography>
      ) : null}
      {reservation.confirmed_at ? (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'success.main' }}>
          <EventAvailableIcon sx={{ fontSize: 16 }} aria-hidden />
          <Typography variant="caption">{t('table.confirmed')}</Typography>
        </Stack>
      ) : null}
      {reservation.code ? (
        <Typography variant="caption" sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', letterSpacing: 1 }}>
          {reservation.code}
        </Typography>
      ) : null}
    </Stack>
  );
}

/** The row or card a notification pointed at: outlined, announced, and scrolled into view once. */
function useHighlight(highlightedId: number | null) {
  const ref = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (highlightedId !== null) ref.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [highlightedId]);
  return (id: number) =>
    id === highlightedId
      ? {
          ref: (element: HTMLElement | null) => {
            ref.current = element;
          },
          'data-highlighted': 'true',
          'aria-current': 'true' as const,
        }
      : {};
}

/**
 * Reservations for the organizer's events: a table on wide screens, cards on phones. The layout is
 * chosen in the browser only (this area is loaded there), so there is no server/client mismatch.
 */
export function OrganizerReservations({
  items,
  onDecide,
  highlightedId = null,
}: {
  items: OrganizerReservation[];
  onDecide: Decide;
  /** The reservation a notification opened (`?reservation=`). */
  highlightedId?: number | null;
}) {
  const { t } = useTranslation('organizer');
  const highlight = useHighlight(highlightedId);
  const { t: tr } = useTranslation('reservations');
  const locale = useLocale();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });

  if (items.length === 0) {
    return (
      <Typography color="textSecondary" sx={{ py: 3 }} data-testid="organizer-empty">
        {t('table.empty')}
      </Typography>
    );
  }

  if (!wide) {
    return (
      <Stack spacing={1.5}>
        {items.map((reservation) => (
          <Card
            variant="outlined"
            key={reservation.id}
            sx={{ p: 2, ...(reservation.id === highlightedId ? { borderColor: 'secondary.main', borderWidth: 2 } : {}) }}
            data-testid="organizer-reservation"
            data-reservation-id={reservation.id}
            data-status={reservation.status}
            {...highlight(reservation.id)}
          >
            {reservation.id === highlightedId ? <HighlightNote /> : null}
            <Stack spacing={1.25}>
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                    {guestName(reservation, t('table.deletedGuest'))}
                  </Typography>
                  <Typography variant="body2">{tr('partySize', { count: reservation.party_size })}</Typography>
                </Box>
                <StatusCell reservation={reservation} />
              </Stack>
              <Typography variant="body2" color="textSecondary">
                {reservation.event.title} · {formatEventDate(reservation.event.starts_at, reservation.event.time_zone, locale)}
              </Typography>
              <Contact reservation={reservation} />
              <Messages reservation={reservation} />
              <DecisionButtons reservation={reservation} onDecide={onDecide} />
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <TableContainer component={Card} variant="outlined">
      <Table size="small" aria-label={t('subheading')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('table.guest')}</TableCell>
            <TableCell>{t('table.event')}</TableCell>
            <TableCell align="right">{t('table.party')}</TableCell>
            <TableCell>{t('table.note')}</TableCell>
            <TableCell>{t('table.status')}</TableCell>
            <TableCell>{t('table.requested')}</TableCell>
            <TableCell>{t('table.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((reservation) => (
            <TableRow
              key={reservation.id}
              data-testid="organizer-reservation"
              data-reservation-id={reservation.id}
              data-status={reservation.status}
              sx={{ verticalAlign: 'top', ...(reservation.id === highlightedId ? { bgcolor: alpha(theme.palette.secondary.main, 0.12) } : {}) }}
              {...highlight(reservation.id)}
            >
              <TableCell sx={{ maxWidth: 220 }}>
                {reservation.id === highlightedId ? <HighlightNote /> : null}
                <Typography variant="body2" sx={{ fontWeight: 700 }}>
                  {guestName(reservation, t('table.deletedGuest'))}
                </Typography>
                <Contact reservation={reservation} />
              </TableCell>
              <TableCell sx={{ maxWidth: 220 }}>
                <Typography variant="body2">{reservation.event.title}</Typography>
                <Typography variant="caption" color="textSecondary">
                  {formatEventDate(reservation.event.starts_at, reservation.event.time_zone, locale)}
                </Typography>
              </TableCell>
              <TableCell align="right">{reservation.party_size}</TableCell>
              <TableCell sx={{ maxWidth: 260 }}>
                <Messages reservation={reservation} />
              </TableCell>
              <TableCell>
                <StatusCell reservation={reservation} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Typography variant="caption" color="textSecondary">
                  {formatEventDate(reservation.created_at, reservation.event.time_zone, locale)}
                </Typography>
              </TableCell>
              <TableCell>
                <DecisionButtons reservation={reservation} onDecide={onDecide} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
