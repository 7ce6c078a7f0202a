import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { categoryPath, venuePath } from '../../shared/paths';
import type { Image } from '../../shared/schemas/catalog';
import type { Route } from './+types/event';
import { eventImageSrcSet } from '../../shared/event-images';
import { StatusChip, useDateChangeNote } from '../components/event-card';
import { ResponsiveImage } from '../components/responsive-image';
import { EventActions } from '../features/catalog/event-actions';
import { AddToCalendar } from '../features/calendar/add-to-calendar';
import { CalendarFeedLinks } from '../features/calendar/calendar-feed-links';
import { SaveEventButton } from '../features/saved/save-button';
import { EventDescription, EventFacts, StatusBanner } from '../features/catalog/event-facts';
import { formatShortDate } from '../features/catalog/event-format';
import { EventFollows } from '../features/follows/event-follows';
import { ReportButton } from '../features/reports/report-button';
import { canAddToCalendar, dateToBeAnnounced } from '../lib/date-change';
import { formatEventDate } from '../lib/format';
import { JsonLd, SeoHead, summarize } from '../features/catalog/seo';
import { listingSearch, EMPTY_ARGS } from '../lib/listing-args';
import { loadBySlugId } from '../lib/slug-id-loader';
import { localePath } from '../lib/use-locale';

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { origin } = context;
  const { catalog } = context.services;
  const { locale, found: event } = await loadBySlugId(request, params.slugId, (id, language) => catalog.eventById(id, language, { origin }), {
    gone: (id) => catalog.eventRemoved(id),
  });
  return { locale, event, origin };
}

/** Link previews get an uploaded image's 1200×630 social crop (JPEG); demo artwork is that size already. */
function socialImage(image: Image): Image {
  const social = image.variants?.find((variant) => variant.crop === 'social' && variant.format === 'jpeg');
  return social ? { ...image, url: social.url, width: social.width, height: social.height } : image;
}

const HERO_SIZES = '(min-width: 932px) 60vw, 100vw';

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('discovery');
  const { locale, event, origin } = loaderData;
  const image = event.images[0] ?? event.image;
  const uploaded = image?.variants?.length ? image : null;
  const dateNote = useDateChangeNote(event, locale);
  const tba = dateToBeAnnounced(event);
  const date = tba ? t('common:event.dateTba') : formatShortDate(event.starts_at, event.time_zone, locale);
  const place = event.venue ? `${event.venue.name}, ${event.venue.locality}` : t(`event.attendanceMode.${event.attendance_mode}`);
  const statusNote = event.status === 'scheduled' || tba ? '' : `${t(`common:event.status.${event.status}`)}. `;
  const cancelled = event.status === 'cancelled';

  return (
    <Box component="article" sx={{ py: 3, maxWidth: 1200 }} data-testid="event-page">
      <SeoHead
        locale={locale}
        title={t('meta.eventTitle', { title: event.title, date })}
        description={statusNote + t('meta.eventDescription', { date, place, summary: summarize(event.summary || event.description, 110) })}
        canonical={event.canonical_url}
        alternates={event.alternates}
        origin={origin}
        image={image ? socialImage(image) : null}
        type="article"
      />
      <CalendarFeedLinks target={{ kind: 'event', id: event.id }} name={event.title} origin={origin} locale={locale} />
      <Breadcrumbs aria-label={t('nav.categories')} sx={{ mb: 2 }}>
        <Link component={RouterLink} to={localePath(locale)} color="inherit">
          {t('common:nav.home')}
        </Link>
        <Link component={RouterLink} to={categoryPath(locale, event.category)} color="inherit">
          {event.category.name}
        </Link>
        {event.subcategory ? (
          <Link component={RouterLink} to={categoryPath(locale, event.category, event.subcategory)} color="inherit">
            {event.subcategory.name}
          </Link>
        ) : null}
      </Breadcrumbs>
      <Box
        sx={{
          display: 'grid',
          columnGap: 4,
          rowGap: 3,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(280px, 2fr)' },
          gridTemplateAreas: { xs: '"hero" "facts" "main"', md: '"hero facts" "main facts"' },
        }}
      >
        <Stack spacing={2} sx={{ gridArea: 'hero' }}>
          {/* A date to be announced is the banner's own sentence; a new date replaces it with the moved-to note. */}
          <StatusBanner status={event.status} note={tba ? null : dateNote} />
          {uploaded ? (
            <ResponsiveImage
              image={{ ...uploaded, dominant_color: uploaded.dominant_color ?? null, placeholder: uploaded.placeholder ?? null }}
              alt={uploaded.alt}
              sizes={HERO_SIZES}
              priority
              style={{ display: 'block', width: '100%', objectFit: 'cover', borderRadius: 12, filter: cancelled ? 'grayscale(0.8)' : undefined }}
            />
          ) : image ? (
            <Box
              component="img"
              src={image.url}
              srcSet={eventImageSrcSet(image.url)}
              sizes={HERO_SIZES}
              alt={image.alt}
              width={image.width}
              height={image.height}
              fetchPriority="high"
              sx={{
                display: 'block',
                width: '100%',
                height: 'auto',
                aspectRatio: `${image.width} / ${image.height}`,
                objectFit: 'cover',
                borderRadius: 3,
                filter: cancelled ? 'grayscale(0.8)' : undefined,
              }}
            />
          ) : null}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <StatusChip status={event.status} />
            <Typography variant="overline" color="textSecondary">
              {event.subcategory ? `${event.category.name} · ${event.subcategory.name}` : event.category.name}
            </Typography>
          </Stack>
          <Typography
            variant="h1"
            sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, overflowWrap: 'anywhere', mt: '4px !important', textDecoration: cancelled ? 'line-through' : undefined }}
          >
            {event.title}
          </Typography>
          {event.summary ? <Typography sx={{ mt: '4px !important', maxWidth: '70ch' }}>{event.summary}</Typography> : null}
          <Typography color="textSecondary" sx={{ mt: '4px !important' }} data-testid="event-subtitle">
            {tba ? (
              t('common:event.dateTba')
            ) : (
              <time dateTime={event.starts_at}>{formatEventDate(event.starts_at, event.time_zone, locale)}</time>
            )}
            {` · ${place}`}
          </Typography>
          <EventActions event={event} locale={locale} calendar={canAddToCalendar(event) ? <AddToCalendar event={event} locale={locale} /> : null}>
            <SaveEventButton eventId={event.id} />
          </EventActions>
          <ReportButton
            targets={[
              { type: 'event', id: event.id, label: t('reports:dialog.targetEvent') },
              ...(event.organizer ? [{ type: 'organizer' as const, id: event.organizer.id, label: t('reports:dialog.targetOrganizer', { name: event.organizer.name }) }] : []),
            ]}
          />
        </Stack>
        <Box
          sx={{
            gridArea: 'facts',
            bgcolor: 'background.paper',
            borderRadius: 3,
            p: 2.5,
            border: 1,
            borderColor: 'divider',
            position: { md: 'sticky' },
            top: { md: 88 },
          }}
        >
          <EventFacts event={event} locale={locale} />
          <EventFollows event={event} />
        </Box>
        <Stack spacing={3} sx={{ gridArea: 'main' }}>
          <EventDescription text={event.description} />
          {event.series_dates.length ? (
            <Box component="section" aria-labelledby="event-dates-heading" data-testid="series-dates">
              <Typography id="event-dates-heading" variant="h2" sx={{ mb: 1 }}>
                {t('event.seriesDates')}
              </Typography>
              <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}>
                {event.series_dates.map((other) => (
                  <li key={other.id}>
                    <Chip
                      component={RouterLink}
                      to={other.path}
                      clickable
                      variant="outlined"
                      label={<time dateTime={other.starts_at}>{formatEventDate(other.starts_at, other.time_zone, locale)}</time>}
                      sx={{ height: 36, borderRadius: 18 }}
                    />
                  </li>
                ))}
              </Box>
            </Box>
          ) : null}
          {event.tags.length ? (
            <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}>
              {event.tags.map((tag) => (
                <li key={tag.id}>
                  <Chip
                    component={RouterLink}
                    to={`${categoryPath(locale, event.category)}${listingSearch({ ...EMPTY_ARGS, tags: [tag.slug] })}`}
                    clickable
                    variant="outlined"
                    label={`#${tag.name}`}
                    sx={{ height: 36, borderRadius: 18 }}
                  />
                </li>
              ))}
            </Box>
          ) : null}
          {event.images.length > 1 ? (
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
              {event.images.slice(1).map((extra) => (
                <Box
                  key={extra.url}
                  component="img"
                  src={extra.url}
                  alt={extra.alt}
                  width={extra.width}
                  height={extra.height}
                  loading="lazy"
                  sx={{ width: '100%', height: 'auto', borderRadius: 2, aspectRatio: `${extra.width} / ${extra.height}`, objectFit: 'cover' }}
                />
              ))}
            </Box>
          ) : null}
          {event.venue ? (
            <Link component={RouterLink} to={venuePath(locale, event.venue)} sx={{ alignSelf: 'flex-start' }}>
              {t('event.venueEvents', { venue: event.venue.name })}
            </Link>
          ) : null}
        </Stack>
      </Box>
      <JsonLd data={event.json_ld} />
    </Box>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../features/catalog/route-error';
