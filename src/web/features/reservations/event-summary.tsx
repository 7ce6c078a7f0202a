import EventIcon from '@mui/icons-material/Event';
import PlaceIcon from '@mui/icons-material/Place';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Image } from '../../../shared/schemas/catalog';
import { formatEventDate } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';

export interface EventSummaryData {
  title: string;
  startsAt: string;
  timeZone: string;
  venueName: string | null;
  image: Image | null;
  /** The event's public page; the title links there when given. */
  href?: string;
}

/** The event a reservation is for: thumbnail, title, date and venue, at the top of the reservation pages. */
export function EventSummary({ event, children, headingLevel = 2 }: { event: EventSummaryData; children?: ReactNode; headingLevel?: 2 | 3 }) {
  const locale = useLocale();
  const heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Box
        sx={{
          width: { xs: 88, sm: 132 },
          aspectRatio: '1 / 1',
          flexShrink: 0,
          borderRadius: 2,
          overflow: 'hidden',
          bgcolor: 'action.hover',
        }}
      >
        {event.image ? (
          <Box
            component="img"
            src={event.image.url}
            alt=""
            width={132}
            height={132}
            decoding="async"
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        ) : null}
      </Box>
      <Stack spacing={0.5} sx={{ minWidth: 0 }}>
        <Typography variant="h3" component={heading} sx={{ overflowWrap: 'anywhere' }}>
          {event.href ? (
            <Link component={RouterLink} to={event.href} color="inherit" underline="hover">
              {event.title}
            </Link>
          ) : (
            event.title
          )}
        </Typography>
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color: 'text.secondary' }}>
          <EventIcon fontSize="small" aria-hidden />
          <Typography variant="body2">{formatEventDate(event.startsAt, event.timeZone, locale)}</Typography>
        </Stack>
        {event.venueName ? (
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color: 'text.secondary' }}>
            <PlaceIcon fontSize="small" aria-hidden />
            <Typography variant="body2">{event.venueName}</Typography>
          </Stack>
        ) : null}
        {children}
      </Stack>
    </Stack>
  );
}
