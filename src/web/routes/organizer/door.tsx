import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/door';
import { fetchDoorEvents } from '../../features/door/door-api';
import { DoorStation } from '../../features/door/door-station';
import { needsSignIn } from '../../features/reservations/api-result';
import { AccessState, NoIndex, PageSkeleton, rememberPageLocale } from '../../features/reservations/page-parts';
import { OrganizerNav } from '../../components/organizer-nav';
import { getApiClient } from '../../lib/api-client';

/**
 * `/{lang}/organizer/door`: check-in at the door, phone first. Door staff may not list events (their role
 * reads nothing but the door), so a 403 on the list still opens the station, checking codes for any event.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  rememberPageLocale(request.url);
  if (!getApiClient().isLoggedIn()) return { kind: 'sign_in' as const };
  const events = await fetchDoorEvents();
  if (events.ok) return { kind: 'ready' as const, events: events.data };
  if (needsSignIn(events)) return { kind: 'sign_in' as const };
  if (events.status === 403 && events.problem.code === 'organizer_role_required') return { kind: 'ready' as const, events: null };
  if (events.status === 403) return { kind: 'forbidden' as const };
  // No network while opening the page: the station still checks codes against the list on the device.
  if (events.status === 0) return { kind: 'ready' as const, events: null };
  return { kind: 'failed' as const, detail: events.problem.detail };
}

export function HydrateFallback() {
  const { t } = useTranslation('door');
  return <PageSkeleton title={t('meta.door')} />;
}

export default function OrganizerDoor({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('door');
  return (
    <Stack spacing={2} sx={{ py: 3, maxWidth: 720 }}>
      <title>{t('meta.door')}</title>
      <NoIndex />
      <OrganizerNav />
      <Box>
        <Typography variant="h1">{t('heading')}</Typography>
        <Typography color="textSecondary">{t('subheading')}</Typography>
      </Box>
      <AccessState state={loaderData} title={t('heading')} signInBody={t('forbidden')} forbidden={t('forbidden')} />
      {loaderData.kind === 'ready' ? <DoorStation events={loaderData.events} /> : null}
    </Stack>
  );
}
