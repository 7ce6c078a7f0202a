import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HelpIcon from '@mui/icons-material/Help';
import ReplayIcon from '@mui/icons-material/Replay';
import WrongLocationIcon from '@mui/icons-material/WrongLocation';
import { useTranslation } from 'react-i18next';
import { formatTime } from './door-format';

export type OutcomeKind = 'checked_in' | 'already_checked_in' | 'wrong_event' | 'not_accepted' | 'not_found' | 'failed' | 'no_list';

/** What the last scan came to, as the door person needs it: a verdict first, then who. */
export interface CheckInOutcome {
  kind: OutcomeKind;
  /** Checked against the list on the device (no network); the server hears of it on the next sync. */
  offline: boolean;
  code: string;
  name?: string;
  partySize?: number;
  /** already_checked_in: when and by whom (null: this device, not yet synchronised). */
  at?: string | null;
  by?: string | null;
  eventTitle?: string;
  status?: string;
  detail?: string;
  /** Bumped on each scan, so that the same verdict twice is announced twice. */
  seq: number;
}

const TONE: Record<OutcomeKind, 'success' | 'warning' | 'error'> = {
  checked_in: 'success',
  already_checked_in: 'warning',
  wrong_event: 'error',
  not_accepted: 'error',
  not_found: 'error',
  failed: 'error',
  no_list: 'error',
};

const ICON = {
  checked_in: CheckCircleIcon,
  already_checked_in: ReplayIcon,
  wrong_event: WrongLocationIcon,
  not_accepted: CancelIcon,
  not_found: HelpIcon,
  failed: CancelIcon,
  no_list: CancelIcon,
} satisfies Record<OutcomeKind, unknown>;

/**
 * The verdict, big enough to read at arm's length in a dark doorway: colour, icon and words together (never
 * colour alone), in a live region so a screen reader says it too.
 */
export function CheckInResult({ outcome, timeZone }: { outcome: CheckInOutcome | null; timeZone: string }) {
  const { t, i18n } = useTranslation('door');
  const theme = useTheme();
  return (
    <Box aria-live="assertive" aria-atomic="true" data-testid="check-in-result">
      {outcome ? (
        <Paper
          key={outcome.seq}
          data-result={outcome.kind}
          variant="outlined"
          sx={{
            p: { xs: 2, sm: 3 },
            borderWidth: 2,
            borderColor: `${TONE[outcome.kind]}.main`,
            bgcolor: alpha(theme.palette[TONE[outcome.kind]].main, 0.16),
          }}
        >
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            {(() => {
              const Icon = ICON[outcome.kind];
              return <Icon aria-hidden sx={{ fontSize: { xs: 56, sm: 72 }, color: `${TONE[outcome.kind]}.main`, flexShrink: 0 }} />;
            })()}
            <Box sx={{ minWidth: 0 }}>
              <Typography component="p" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, fontWeight: 800, lineHeight: 1.15 }}>
                {t(`result.${outcome.kind}`)}
              </Typography>
              {outcome.name ? (
                <Typography component="p" sx={{ fontSize: '1.25rem', fontWeight: 600 }}>
                  {outcome.partySize ? t('result.guest', { name: outcome.name, count: outcome.partySize }) : outcome.name}
                </Typography>
              ) : null}
              {outcome.kind === 'already_checked_in' && outcome.at ? (
                <Typography component="p">
                  {outcome.by
                    ? t('result.whenBy', { time: formatTime(outcome.at, i18n.language, timeZone), name: outcome.by })
                    : t('result.when', { time: formatTime(outcome.at, i18n.language, timeZone) })}
                </Typography>
              ) : null}
              {outcome.kind === 'wrong_event' && outcome.eventTitle ? <Typography component="p">{t('result.otherEvent', { title: outcome.eventTitle })}</Typography> : null}
              {outcome.kind === 'not_accepted' && outcome.status ? (
                <Typography component="p">{t('result.status', { status: t(`status.${outcome.status}`, { defaultValue: outcome.status }) })}</Typography>
              ) : null}
              {outcome.kind === 'not_found' || outcome.kind === 'no_list' || outcome.kind === 'failed' ? (
                <Typography component="p">{outcome.detail ?? t(`result.${outcome.kind}Hint`, { code: outcome.code })}</Typography>
              ) : null}
              {outcome.offline ? (
                <Typography component="p" variant="body2" color="textSecondary">
                  {t('result.offline')}
                </Typography>
              ) : null}
            </Box>
          </Stack>
        </Paper>
      ) : null}
    </Box>
  );
}
