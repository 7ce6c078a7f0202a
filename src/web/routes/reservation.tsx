import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useRevalidator } from 'react-router';
import { ReservationStatusSchema } from '../../shared/schemas/reservations';
import type { Route } from './+types/reservation';
import { needsSignIn } from '../features/reservations/api-result';
import { LoadFailed, NoIndex, PageSkeleton, rememberPageLocale, SignInPrompt } from '../features/reservations/page-parts';
import { isOfflineFailure, keepReservations, keptReservation } from '../features/reservations/offline-reservations';
import { useReservationLinkAction } from '../features/reservations/reservation-link-action';
import { ReservationView } from '../features/reservations/reservation-view';
import {
  cancelReservation,
  confirmReservation,
  fetchReservation,
  respondToReservation,
} from '../features/reservations/reservations-api';
import { useAskCancel } from '../features/reservations/use-ask-cancel';
import { notifyNotificationsChanged } from '../features/notifications/notifications-events';
import { getApiClient } from '../lib/api-client';
import { localePath, useLocale } from '../lib/use-locale';
import { useSnackbarStore } from '../stores/snackbar-store';

/** `/{lang}/reservation/{id}`: one of the user's reservations (no consent banner here, spec §2). */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  rememberPageLocale(request.url);
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) return { kind: 'not_found' as const };
  if (!getApiClient().isLoggedIn()) return { kind: 'sign_in' as const };
  const result = await fetchReservation(id);
  if (result.ok) {
    keepReservations([result.data]);
    return { kind: 'ready' as const, reservation: result.data };
  }
  // Issue #12: at the door without a signal, the accepted reservation this browser kept, with its QR code.
  const kept = isOfflineFailure(result) ? keptReservation(id) : null;
  if (kept) return { kind: 'ready' as const, reservation: kept };
  if (needsSignIn(result)) return { kind: 'sign_in' as const };
  if (result.status === 404) return { kind: 'not_found' as const };
  return { kind: 'failed' as const, detail: result.problem.detail };
}

export function HydrateFallback() {
  const { t } = useTranslation('reservations');
  return <PageSkeleton title={t('meta.pageTitle')} />;
}

export default function ReservationPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('reservations');
  const locale = useLocale();
  const revalidator = useRevalidator();
  const showSnackbar = useSnackbarStore((state) => state.show);
  const location = useLocation();
  const created = ReservationStatusSchema.safeParse((location.state as { created?: unknown } | null)?.created);

  /** After any change: reload this reservation, and let the bell look again (the server notified). */
  const settle = async (result: { ok: boolean }, success: string) => {
    // A refusal was already shown by the API client's problem snackbar; the page just shows the truth again.
    if (result.ok) {
      showSnackbar(success, 'success');
      notifyNotificationsChanged();
    }
    await revalidator.revalidate();
  };

  const reservation = loaderData.kind === 'ready' ? loaderData.reservation : null;
  const cancel = () => {
    if (reservation) void cancelReservation(reservation.id).then((result) => settle(result, t('detail.cancelled')));
  };
  const confirm = () => {
    if (reservation) void confirmReservation(reservation.id).then((result) => settle(result, t('detail.confirmSent')));
  };
  const askCancel = useAskCancel(reservation, cancel);
  useReservationLinkAction(reservation, {
    confirm,
    askCancel,
    unavailable: () => showSnackbar(t(reservation?.status === 'cancelled' ? 'detail.alreadyCancelled' : 'detail.cannotCancel'), 'info'),
  });

  return (
    <Stack spacing={3} sx={{ py: 3, maxWidth: 1040 }}>
      <title>{loaderData.kind === 'ready' ? `${loaderData.reservation.event.title} · ${t('meta.pageTitle')}` : t('meta.pageTitle')}</title>
      <NoIndex />
      <Button
        component={RouterLink}
        to={localePath(locale, '/reservations')}
        startIcon={<ArrowBackIcon />}
        color="inherit"
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('detail.backToList')}
      </Button>
      <Typography variant="h1">{t('detail.heading')}</Typography>
      {loaderData.kind === 'sign_in' ? <SignInPrompt title={t('signIn.title')} body={t('signIn.body')} /> : null}
      {loaderData.kind === 'not_found' ? <Alert severity="warning">{t('detail.notFound')}</Alert> : null}
      {loaderData.kind === 'failed' ? <LoadFailed detail={loaderData.detail} /> : null}
      {loaderData.kind === 'ready' ? (
        <ReservationView
          reservation={loaderData.reservation}
          created={created.success ? created.data : null}
          actions={{
            onCancel: cancel,
            onConfirm: confirm,
            onRespond: async (message) => {
              const result = await respondToReservation(loaderData.reservation.id, message);
              if (result.ok) await settle(result, t('detail.answerSent'));
              return result;
            },
          }}
        />
      ) : null}
    </Stack>
  );
}
