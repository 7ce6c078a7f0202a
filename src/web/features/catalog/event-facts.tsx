import AccessTimeIcon from '@mui/icons-material/AccessTime';
import BusinessIcon from '@mui/icons-material/Business';
import GroupsIcon from '@mui/icons-material/Groups';
import LanguageIcon from '@mui/icons-material/Language';
import MapIcon from '@mui/icons-material/Map';
import PlaceIcon from '@mui/icons-material/Place';
import SellIcon from '@mui/icons-material/Sell';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Locale } from '../../../shared/locales';
import { organizerPath, venuePath } from '../../../shared/paths';
import type { EventDetail } from '../../../shared/schemas/catalog';
import { dateToBeAnnounced } from '../../lib/date-change';
import { formatMoney } from '../../lib/format';
import { formatEventWhen, osmUrl } from './event-format';

/**
 * Cancelled and postponed events say so at the top of their page, in words and not by colour alone;
 * `note` (the new and old dates of a moved event) replaces the general sentence when there is one.
 */
export function StatusBanner({ status, note }: { status: EventDetail['status']; note?: string | null }) {
  const { t } = useTranslation('discovery');
  if (status === 'scheduled') return null;
  const severity = status === 'cancelled' ? 'error' : status === 'postponed' ? 'warning' : 'info';
  return (
    <Alert severity={severity} variant="filled" data-testid="status-banner" sx={{ fontWeight: 600 }}>
      {note || t(`event.banner.${status}`)}
    </Alert>
  );
}

export function priceText(
  event: Pick<EventDetail, 'offers'>,
  locale: Locale,
  texts: { free: string; notAnnounced: string; range: (min: string, max: string) => string },
): string {
  const { low_price: low, high_price: high, currency, is_free: isFree } = event.offers;
  const { free, notAnnounced, range } = texts;
  if (isFree) return free;
  if (low === null && high === null) return notAnnounced;
  if (low === null || high === null || low === high) return formatMoney((low ?? high) as number, currency, locale);
  return range(formatMoney(low, currency, locale), formatMoney(high, currency, locale));
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Box component="li" sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', py: 1.25 }}>
      <Box sx={{ color: 'primary.main', display: 'flex', pt: 0.25 }} aria-hidden>
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography component="h3" variant="body2" color="textSecondary">
          {label}
        </Typography>
        <Box sx={{ typography: 'body1', overflowWrap: 'anywhere' }}>{children}</Box>
      </Box>
    </Box>
  );
}

/** The key facts list of DESIGN §5, each with an icon: when, where, price, attendance, performers, organizer. */
export function EventFacts({ event, locale }: { event: EventDetail; locale: Locale }) {
  const { t } = useTranslation('discovery');
  const when = formatEventWhen(event.starts_at, event.ends_at, event.time_zone, locale);
  const price = priceText(event, locale, {
    free: t('common:event.free'),
    notAnnounced: t('common:event.priceNotAnnounced'),
    range: (min, max) => t('event.priceRange', { min, max }),
  });
  return (
    <Box component="section" aria-labelledby="event-facts-heading">
      <Typography id="event-facts-heading" variant="h2" sx={{ mb: 0.5 }}>
        {t('event.facts')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="event-facts">
        <Fact icon={<AccessTimeIcon />} label={t('event.when')}>
          {dateToBeAnnounced(event) ? (
            t('common:event.dateTba')
          ) : (
            <>
              <time dateTime={event.starts_at}>{when.day}</time>
              <Typography color="textSecondary">{when.time}</Typography>
            </>
          )}
        </Fact>
        {event.venue ? (
          <Fact icon={<PlaceIcon />} label={t('event.where')}>
            <Link component={RouterLink} to={venuePath(locale, event.venue)} data-testid="venue-link">
              {event.venue.name}
            </Link>
            <Typography component="span" data-testid="event-city">{`, ${event.venue.city.name}`}</Typography>
            <Typography color="textSecondary">
              {[event.venue.street_address, `${event.venue.postal_code} ${event.venue.locality}`.trim()].filter(Boolean).join(', ')}
            </Typography>
            <Link
              href={event.venue.map_url || osmUrl(event.venue.lat, event.venue.lng)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('event.mapLabel', { venue: event.venue.name })}
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 0.5, minHeight: 24 }}
              data-testid="map-link"
            >
              <MapIcon fontSize="small" aria-hidden />
              {t('event.map')}
            </Link>
          </Fact>
        ) : null}
        <Fact icon={<SellIcon />} label={t('event.price')}>
          <span data-testid="event-price">{price}</span>
        </Fact>
        <Fact icon={<LanguageIcon />} label={t('event.attendance')}>
          {t(`event.attendanceMode.${event.attendance_mode}`)}
          {event.online_url && event.attendance_mode !== 'offline' ? (
            <>
              {' · '}
              <Link href={event.online_url} target="_blank" rel="noopener noreferrer">
                {t('event.onlineLink')}
              </Link>
            </>
          ) : null}
        </Fact>
        {event.performers.length ? (
          <Fact icon={<GroupsIcon />} label={t('event.performers')}>
            {event.performers.map((performer) => performer.name).join(', ')}
          </Fact>
        ) : null}
        {event.organizer ? (
          <Fact icon={<BusinessIcon />} label={t('event.organizer')}>
            <Link component={RouterLink} to={organizerPath(locale, event.organizer)} data-testid="organizer-link">
              {event.organizer.name}
            </Link>
          </Fact>
        ) : null}
      </Box>
    </Box>
  );
}

export function EventDescription({ text }: { text: string }) {
  const { t } = useTranslation('discovery');
  const paragraphs = text.split(/\n{2,}|\r\n\r\n/).filter((paragraph) => paragraph.trim());
  if (!paragraphs.length) return null;
  return (
    <Stack component="section" spacing={1.5} aria-labelledby="event-about-heading">
      <Typography id="event-about-heading" variant="h2">
        {t('event.about')}
      </Typography>
      {paragraphs.map((paragraph, index) => (
        <Typography key={index} sx={{ whiteSpace: 'pre-line', maxWidth: '70ch' }}>
          {paragraph}
        </Typography>
      ))}
    </Stack>
  );
}
