import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { Route } from './+types/venue-edit';
import { loadRefusal } from '../../features/reservations/api-result';
import { AccessState, NoIndex, PageSkeleton, rememberPageLocale } from '../../features/reservations/page-parts';
import { VenueForm } from '../../features/venues/venue-form';
import { createVenue, fetchVenue, updateVenue } from '../../features/venues/venues-api';
import { OrganizerNav } from '../../components/organizer-nav';
import { getApiClient } from '../../lib/api-client';
import { localePath, useLocale } from '../../lib/use-locale';
import { useSnackbarStore } from '../../stores/snackbar-store';

/** `/{lang}/organizer/venues/{id}` (`new` for a new venue): the venue editor. */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  rememberPageLocale(request.url);
  if (!getApiClient().isLoggedIn()) return { kind: 'sign_in' as const };
  if (params.id === 'new') return { kind: 'ready' as const, venue: null };
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) return { kind: 'failed' as const, detail: '' };
  const result = await fetchVenue(id);
  if (result.ok) return { kind: 'ready' as const, venue: result.data };
  return loadRefusal(result);
}

export function HydrateFallback() {
  const { t } = useTranslation('team');
  return <PageSkeleton title={t('venues.title')} />;
}

export default function OrganizerVenueEdit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('team');
  const locale = useLocale();
  const navigate = useNavigate();
  const showSnackbar = useSnackbarStore((state) => state.show);
  const venue = loaderData.kind === 'ready' ? loaderData.venue : null;
  const title = venue ? venue.display_name : t('venues.new');
  return (
    <Stack spacing={3} sx={{ py: 3, maxWidth: 760 }}>
      <title>{`${title} · ${t('venues.title')}`}</title>
      <NoIndex />
      <OrganizerNav />
      <Button component={RouterLink} to={localePath(locale, '/organizer/venues')} startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'flex-start' }}>
        {t('venues.back')}
      </Button>
      <Typography variant="h1">{title}</Typography>
      <AccessState state={loaderData} title={t('venues.heading')} signInBody={t('signInBody')} forbidden={t('venues.forbidden')} />
      {loaderData.kind === 'ready' ? (
        <VenueForm
          key={venue?.id ?? 'new'}
          venue={venue}
          locale={locale}
          onSubmit={async (values) => {
            const result = venue ? await updateVenue(venue.id, values) : await createVenue(values);
            if (result.ok) {
              showSnackbar(t(venue ? 'venues.saved' : 'venues.created'), 'success');
              if (!venue) await navigate(localePath(locale, `/organizer/venues/${result.data.id}`), { replace: true });
            }
            return result;
          }}
        />
      ) : null}
    </Stack>
  );
}
