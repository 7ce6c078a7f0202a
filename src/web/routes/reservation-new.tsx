import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useRevalidator } from 'react-router';
import { eventPath } from '../../shared/paths';
import type { Route } from './+types/reservation-new';
import { EligibilityGuide } from '../features/reservations/eligibility-guide';
import { EventSummary } from '../features/reservations/event-summary';
import { LoadFailed, NoIndex, PageSkeleton, rememberPageLocale } from '../features/reservations/page-parts';
import { ReservationStatusChip } from '../components/reservation-status-chip';
import { ReserveForm, type ReserveValues } from '../features/reservations/reserve-form';
import {
  createReservation,
  fetchEligibility,
  fetchEvent,
  fetchReservationOptions,
} from '../features/reservations/reservations-api';
import { localePath, reservationLink, useLocale } from '../lib/use-locale';

/**
 * `/{lang}/reservation/new?event={id}`: the Reserve flow. Eligibility first (spec §7, with an explicit
 * token); a guest who lacks something is guided to it and comes back here (`next`). Then the form, and
 * the answer at once on the reservation's own page.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  rememberPageLocale(request.url);
  const eventId = Number(new URL(request.url).searchParams.get('event'));
  if (!Number.isSafeInteger(eventId) || eventId <= 0) return { kind: 'not_found' as const };
  const [eligibility, event] = await Promise.all([fetchEligibility(), fetchEvent(eventId)]);
  if (!event.ok) return event.status === 404 ? { kind: 'not_found' as const } : { kind: 'failed' as const, detail: event.problem.detail };
  if (!eligibility.ok) return { kind: 'failed' as const, detail: eligibility.problem.detail };
  if (!eligibility.data.eligible) return { kind: 'ineligible' as const, event: event.data, missing: eligibility.data.missing };
  const options = await fetchReservationOptions(eventId);
  if (!options.ok) {
    return options.status === 404 ? { kind: 'not_found' as const } : { kind: 'failed' as const, detail: options.problem.detail };
  }
  return { kind: 'ready' as const, event: event.data, options: options.data };
}

export function HydrateFallback() {
  const { t } = useTranslation('reservations');
  return <PageSkeleton title={t('meta.newTitle')} />;
}

export default function ReservationNew({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('reservations');
  const { t: te } = useTranslation('errors');
  const locale = useLocale();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { pathname, search } = useLocation();

  const submit = async (eventId: number, values: ReserveValues) => {
    const result = await createReservation({ event_id: eventId, ...values });
    if (result.ok) {
      void navigate(reservationLink(locale, result.data.id), { state: { created: result.data.status } });
    } else if (result.problem.code === 'not_eligible' || result.problem.code === 'already_reserved' || result.status === 401) {
      // Something changed since the page loaded (signed out in another tab, reserved in another): look again.
      void revalidator.revalidate();
    }
    return result;
  };

  return (
    <Stack spacing={3} sx={{ py: 3, maxWidth: 720 }}>
      <title>{t('meta.newTitle')}</title>
      <NoIndex />
      <Typography variant="h1">{t('reserve.heading')}</Typography>
      {loaderData.kind === 'not_found' ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="warning">{t('reserve.notFound')}</Alert>
          <Button component={RouterLink} to={localePath(locale)} variant="outlined">
            {t('reserve.backToEvents')}
          </Button>
        </Stack>
      ) : null}
      {loaderData.kind === 'failed' ? <LoadFailed detail={loaderData.detail} /> : null}
      {loaderData.kind === 'ineligible' || loaderData.kind === 'ready' ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <EventSummary
            event={{
              title: loaderData.event.title,
              startsAt: loaderData.event.starts_at,
              timeZone: loaderData.event.time_zone,
              venueName: loaderData.event.venue?.name ?? null,
              image: loaderData.event.image,
              href: eventPath(locale, loaderData.event),
            }}
          />
        </Paper>
      ) : null}
      {loaderData.kind === 'ineligible' ? <EligibilityGuide missing={loaderData.missing} next={`${pathname}${search}`} /> : null}
      {loaderData.kind === 'ready' && loaderData.options.my_reservation ? (
        <Alert severity="info" data-testid="existing-reservation">
          <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <span>{t('reserve.existing')}</span>
              <ReservationStatusChip status={loaderData.options.my_reservation.status} />
            </Stack>
            <Button component={RouterLink} to={reservationLink(locale, loaderData.options.my_reservation.id)} variant="outlined" color="inherit" size="small">
              {t('reserve.openExisting')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {loaderData.kind === 'ready' && !loaderData.options.my_reservation && !loaderData.options.open ? (
        <Alert severity="warning">
          {loaderData.options.closed_reason ? te(loaderData.options.closed_reason, { defaultValue: t('reserve.closed') }) : t('reserve.closed')}
        </Alert>
      ) : null}
      {loaderData.kind === 'ready' && !loaderData.options.my_reservation && loaderData.options.open ? (
        <ReserveForm options={loaderData.options} timeZone={loaderData.event.time_zone} onSubmit={(values) => submit(loaderData.event.id, values)} />
      ) : null}
    </Stack>
  );
}
