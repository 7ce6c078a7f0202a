import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import RssFeedIcon from '@mui/icons-material/RssFeed';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { webcalUrl } from '../../../shared/calendar-paths';
import { useLocale } from '../../lib/use-locale';
import { useSnackbarStore } from '../../stores/snackbar-store';
import { feedUrl, type FeedTarget } from './calendar-feed-links';

export type CalendarSubscribeProps = {
  origin: string;
  /**
   * `section` (default): a box of its own, for a page with an end (venue, organizer). `disclosure`: one
   * line that opens on a tap (a native <details>, no script), for a listing that loads more as one scrolls.
   */
  variant?: 'section' | 'disclosure';
} & Exclude<FeedTarget, { kind: 'event' }>;

const panel = { bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 3, p: { xs: 2, sm: 3 } } as const;

/**
 * "Follow in your calendar" for a venue, organizer or category: a webcal:// link (calendar apps subscribe
 * rather than import once), the https address with a copy button for apps that want it pasted, and the
 * Atom feed. The same for every reader, so it is safe in the shared page cache.
 */
export function CalendarSubscribe({ origin, variant = 'section', ...target }: CalendarSubscribeProps) {
  const { t } = useTranslation('posted');
  const headingId = useId();
  if (variant === 'disclosure') {
    return (
      <Box
        component="details"
        data-testid="calendar-subscribe"
        sx={{
          '& > summary': {
            display: 'inline-flex',
            alignItems: 'center',
            gap: 1,
            minHeight: 44,
            cursor: 'pointer',
            color: 'primary.main',
            listStyle: 'none',
            '&::-webkit-details-marker': { display: 'none' },
          },
        }}
      >
        <summary data-testid="calendar-subscribe-toggle">
          <EventRepeatIcon fontSize="small" aria-hidden />
          {t('calendar.subscribe.title')}
        </summary>
        <Box sx={{ ...panel, mt: 1 }}>
          <SubscribeControls origin={origin} target={target} />
        </Box>
      </Box>
    );
  }
  return (
    <Box component="section" aria-labelledby={headingId} sx={panel} data-testid="calendar-subscribe">
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', mb: 0.5 }}>
        {t('calendar.subscribe.title')}
      </Typography>
      <SubscribeControls origin={origin} target={target} />
    </Box>
  );
}

function SubscribeControls({ origin, target }: { origin: string; target: Exclude<FeedTarget, { kind: 'event' }> }) {
  const { t } = useTranslation('posted');
  const locale = useLocale();
  const showSnackbar = useSnackbarStore((state) => state.show);
  const https = feedUrl(origin, target, 'ics', locale);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(https);
      showSnackbar(t('calendar.subscribe.copied'));
    } catch {
      showSnackbar(t('calendar.subscribe.copyFailed'), 'error');
    }
  };

  return (
    <>
      <Typography color="textSecondary" sx={{ maxWidth: '70ch' }}>
        {t('calendar.subscribe.hint')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ mt: 2, alignItems: { xs: 'stretch', md: 'center' } }}>
        <Button variant="outlined" href={webcalUrl(https)} startIcon={<EventRepeatIcon />} sx={{ flexShrink: 0 }} data-testid="calendar-webcal">
          {t('calendar.subscribe.webcal')}
        </Button>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0, flex: 1 }}>
          <Box
            component="input"
            readOnly
            value={https}
            aria-label={t('calendar.subscribe.url')}
            onFocus={(focus: React.FocusEvent<HTMLInputElement>) => focus.currentTarget.select()}
            data-testid="calendar-feed-url"
            sx={{
              flex: 1,
              minWidth: 0,
              font: 'inherit',
              fontSize: '0.875rem',
              color: 'text.primary',
              bgcolor: 'action.hover',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              px: 1.25,
              py: 1,
            }}
          />
          <IconButton onClick={() => void copy()} aria-label={t('calendar.subscribe.copy')} title={t('calendar.subscribe.copy')} data-testid="calendar-copy">
            <ContentCopyIcon />
          </IconButton>
        </Stack>
        <Link href={feedUrl(origin, target, 'atom', locale)} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, flexShrink: 0 }} data-testid="calendar-atom">
          <RssFeedIcon fontSize="small" aria-hidden />
          {t('calendar.subscribe.atom')}
        </Link>
      </Stack>
    </>
  );
}
