import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useRevalidator } from 'react-router';
import { DEFAULT_TIME_ZONE } from '../../../shared/constants';
import type { Guest } from '../../../shared/schemas/organizer-door';
import type { Route } from './+types/guests';
import { checkIn, downloadGuestCsv, fetchGuestList } from '../../features/door/door-api';
import { GuestListView } from '../../features/door/guest-list';
import { loadRefusal } from '../../features/reservations/api-result';
import { LoadFailed, NoIndex, PageSkeleton, rememberPageLocale, SignInPrompt } from '../../features/reservations/page-parts';
import { OrganizerNav } from '../../components/organizer-nav';
import { getApiClient } from '../../lib/api-client';
import { localePath, useLocale } from '../../lib/use-locale';
import { useSnackbarStore } from '../../stores/snackbar-store';

/** `/{lang}/organizer/events/{id}/guests`: the guest list of one event, for owners, managers and door staff. */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  rememberPageLocale(request.url);
  const eventId = Number(params.id);
  if (!Number.isSafeInteger(eventId) || eventId <= 0) return { kind: 'failed' as const, detail: '' };
  if (!getApiClient().isLoggedIn()) return { kind: 'sign_in' as const };
  const result = await fetchGuestList(eventId);
  if (result.ok) return { kind: 'ready' as const, eventId, list: result.data };
  return loadRefusal(result);
}

export function HydrateFallback() {
  const { t } = useTranslation('door');
  return <PageSkeleton title={t('meta.guests')} />;
}

export default function OrganizerGuests({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('door');
  const locale = useLocale();
  const showSnackbar = useSnackbarStore((state) => state.show);
  const revalidator = useRevalidator();

  const checkInGuest = async (eventId: number, guest: Guest) => {
    if (!guest.code) return;
    const result = await checkIn(guest.code, eventId);
    if (!result.ok) return;
    const done = result.data.result === 'checked_in';
    showSnackbar(done ? t('guests.checkedInDone', { name: guest.name }) : t(`result.${result.data.result}`), done ? 'success' : 'warning');
    // The list and its totals are the server's: read them again.
    await revalidator.revalidate();
  };

  return (
    <Stack spacing={3} sx={{ py: 3 }}>
      <title>{t('meta.guests')}</title>
      <NoIndex />
      <OrganizerNav />
      {loaderData.kind === 'sign_in' ? <SignInPrompt title={t('meta.guests')} body={t('forbidden')} /> : null}
      {loaderData.kind === 'forbidden' ? <Alert severity="warning">{t('forbidden')}</Alert> : null}
      {loaderData.kind === 'failed' ? <LoadFailed detail={loaderData.detail} /> : null}
      {loaderData.kind === 'ready' ? (
        <>
          <GuestListView
            list={loaderData.list}
            timeZone={DEFAULT_TIME_ZONE}
            onCheckIn={(guest) => checkInGuest(loaderData.eventId, guest)}
            onDownload={async () => {
              if (!(await downloadGuestCsv(loaderData.eventId, locale))) showSnackbar(t('guests.downloadFailed'), 'error');
            }}
          />
          <Button component={RouterLink} to={localePath(locale, '/organizer/door')} variant="text" sx={{ alignSelf: 'flex-start' }}>
            {t('guests.openDoor')}
          </Button>
        </>
      ) : null}
    </Stack>
  );
}
