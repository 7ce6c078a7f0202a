import LanguageIcon from '@mui/icons-material/Language';
import MapIcon from '@mui/icons-material/Map';
import PlaceIcon from '@mui/icons-material/Place';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/venue';
import { EmptyState } from '../components/event-grid';
import { osmUrl } from '../features/catalog/event-format';
import { CalendarFeedLinks } from '../features/calendar/calendar-feed-links';
import { CalendarSubscribe } from '../features/calendar/calendar-subscribe';
import { JsonLd, SeoHead, summarize } from '../features/catalog/seo';
import { VenueEvents } from '../features/catalog/venue-events';
import { FollowButton } from '../features/follows/follow-button';
import { ListingMap } from '../features/map/listing-map';
import { ReportButton } from '../features/reports/report-button';
import { VenueGallery, VenueHeaderPhoto } from '../features/catalog/venue-gallery';
import { loadBySlugId } from '../lib/slug-id-loader';

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { origin } = context;
  const { locale, found: detail } = await loadBySlugId(request, params.slugId, (id, language) => context.services.catalog.venueById(id, language, { origin }));
  return { locale, detail, origin };
}

export default function VenuePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('discovery');
  const { locale, detail, origin } = loaderData;
  const { venue, events, images } = detail;
  const address = [venue.street_address, `${venue.postal_code} ${venue.locality}`.trim()].filter(Boolean).join(', ');
  const description = venue.description
    ? summarize(venue.description)
    : t('meta.venueDescription', { venue: venue.name, address });

  return (
    <Stack spacing={3} sx={{ py: 3 }} data-testid="venue-page">
      <SeoHead
        locale={locale}
        title={t('meta.venueTitle', { venue: venue.name, locality: venue.locality })}
        description={description}
        canonical={detail.canonical_url}
        alternates={detail.alternates}
        origin={origin}
        image={images[0] ?? events[0]?.image ?? null}
        type="place"
      />
      <CalendarFeedLinks target={{ kind: 'venue', id: venue.id }} name={venue.name} origin={origin} locale={locale} />
      {images[0] ? <VenueHeaderPhoto image={images[0]} /> : null}
      <Box component="header" sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 3, p: { xs: 2, sm: 3 } }}>
        <Typography variant="overline" color="textSecondary">
          {venue.city.name}
        </Typography>
        <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
          {venue.name}
        </Typography>
        <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }} color="textSecondary">
          <PlaceIcon fontSize="small" aria-hidden />
          <span>
            <Box component="span" sx={visuallyHidden}>
              {`${t('venue.address')}: `}
            </Box>
            {address}
          </span>
        </Typography>
        {venue.description ? <Typography sx={{ mt: 1.5, maxWidth: '70ch' }}>{venue.description}</Typography> : null}
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
          <FollowButton target={{ kind: 'venue', id: venue.id, name: venue.name, slug: venue.slug }} />
          <Button
            variant="outlined"
            href={venue.map_url || osmUrl(venue.lat, venue.lng)}
            target="_blank"
            rel="noopener noreferrer"
            startIcon={<MapIcon />}
            aria-label={t('event.mapLabel', { venue: venue.name })}
            data-testid="map-link"
          >
            {t('event.map')}
          </Button>
          {venue.website ? (
            <Button variant="outlined" href={venue.website} target="_blank" rel="noopener noreferrer" startIcon={<LanguageIcon />}>
              {t('venue.website')}
            </Button>
          ) : null}
          <ReportButton targets={[{ type: 'venue', id: venue.id, label: venue.name }]} label={t('reports:action.reportVenue')} />
        </Stack>
      </Box>
      <VenueGallery images={images.slice(1)} venueName={venue.name} />
      <Stack component="section" spacing={2} aria-labelledby="venue-upcoming">
        <Typography id="venue-upcoming" variant="h2">
          {t('venue.upcoming')}
        </Typography>
        {events.length ? <ListingMap query={{ venue: venue.id }} events={events} /> : null}
        {events.length ? (
          <VenueEvents venueId={venue.id} first={{ items: events, next_cursor: detail.next_cursor }} label={t('venue.upcoming')} />
        ) : (
          <EmptyState title={t('venue.upcoming')} body={t('venue.none')} />
        )}
      </Stack>
      <CalendarSubscribe kind="venue" id={venue.id} origin={origin} />
      <JsonLd data={detail.json_ld} />
    </Stack>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../features/catalog/route-error';
