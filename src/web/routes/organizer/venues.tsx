import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Route } from './+types/venues';
import { loadRefusal } from '../../features/reservations/api-result';
import { AccessState, NoIndex, PageSkeleton, rememberPageLocale } from '../../features/reservations/page-parts';
import { VenueList } from '../../features/venues/venue-list';
import { fetchVenues } from '../../features/venues/venues-api';
import { OrganizerNav } from '../../components/organizer-nav';
import { getApiClient } from '../../lib/api-client';
import { localePath, useLocale } from '../../lib/use-locale';

/** `/{lang}/organizer/venues`: the organizer's venues and "New venue". */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  rememberPageLocale(request.url);
  if (!getApiClient().isLoggedIn()) return { kind: 'sign_in' as const };
  const result = await fetchVenues();
  if (result.ok) return { kind: 'ready' as const, venues: result.data.items };
  return loadRefusal(result);
}

export function HydrateFallback() {
  const { t } = useTranslation('team');
  return <PageSkeleton title={t('venues.title')} />;
}

export default function OrganizerVenues({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('team');
  const locale = useLocale();
  return (
    <Stack spacing={3} sx={{ py: 3 }}>
      <title>{t('venues.title')}</title>
      <NoIndex />
      <OrganizerNav />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
        <Box>
          <Typography variant="h1">{t('venues.heading')}</Typography>
          <Typography color="textSecondary">{t('venues.subheading')}</Typography>
        </Box>
        {loaderData.kind === 'ready' ? (
          <Button component={RouterLink} to={localePath(locale, '/organizer/venues/new')} variant="contained" startIcon={<AddIcon />}>
            {t('venues.new')}
          </Button>
        ) : null}
      </Stack>
      <AccessState state={loaderData} title={t('venues.heading')} signInBody={t('signInBody')} forbidden={t('venues.forbidden')} />
      {loaderData.kind === 'ready' ? <VenueList venues={loaderData.venues} /> : null}
    </Stack>
  );
}
