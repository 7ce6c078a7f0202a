import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator, useSearchParams } from 'react-router';
import {
  type Decision,
  type OrganizerEvent,
  type OrganizerReservation,
  type ReservationStatus,
  ReservationStatusSchema,
} from '../../shared/schemas/reservations';
import type { Route } from './+types/organizer';
import { CancelEventDialog } from '../features/organizer/cancel-event-dialog';
import { DecisionDialog, type DecisionStatus } from '../features/organizer/decision-dialog';
import { EventCapacityCard } from '../features/organizer/event-capacity-card';
import { cancelOrganizerEvent, decideReservation, fetchOrganizerEvents, fetchOrganizerReservations } from '../features/organizer/organizer-api';
import { OrganizerReservations } from '../features/organizer/organizer-reservations';
import { StatusFilter } from '../features/organizer/status-filter';
import { notifyNotificationsChanged } from '../features/notifications/notifications-events';
import { loadRefusal } from '../features/reservations/api-result';
import { AccessState, NoIndex, PageSkeleton, rememberPageLocale } from '../features/reservations/page-parts';
import { OrganizerNav } from '../components/organizer-nav';
import { getApiClient } from '../lib/api-client';
import { useSnackbarStore } from '../stores/snackbar-store';

const positiveId = (value: string | null) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** `reservation` is not a filter: it picks out the reservation a notification opened (within `event`). */
function readFilters(search: URLSearchParams): { status: ReservationStatus | null; eventId: number | null; reservationId: number | null } {
  const status = ReservationStatusSchema.safeParse(search.get('status'));
  return { status: status.success ? status.data : null, eventId: positiveId(search.get('event')), reservationId: positiveId(search.get('reservation')) };
}

/**
 * `/{lang}/organizer` (`?status=&event=&reservation=`): reservations for the organizer's own events, counts
 * per status, remaining capacity per event, the accept / reject / ask-for-action / cancel decisions, and
 * cancelling a whole event. Organizer notifications link here with the event and the reservation.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  rememberPageLocale(request.url);
  const filters = readFilters(new URL(request.url).searchParams);
  if (!getApiClient().isLoggedIn()) return { kind: 'sign_in' as const, filters };
  const [events, reservations] = await Promise.all([
    fetchOrganizerEvents(),
    fetchOrganizerReservations({ status: filters.status ?? undefined, eventId: filters.eventId ?? undefined }),
  ]);
  for (const result of [events, reservations]) {
    if (result.ok) continue;
    return { ...loadRefusal(result), filters };
  }
  if (!events.ok || !reservations.ok) return { kind: 'failed' as const, filters, detail: '' };
  return { kind: 'ready' as const, filters, events: events.data.items, list: reservations.data };
}

export function HydrateFallback() {
  const { t } = useTranslation('organizer');
  return <PageSkeleton title={t('meta.title')} />;
}

export default function Organizer({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('organizer');
  const [, setSearchParams] = useSearchParams();
  const revalidator = useRevalidator();
  const showSnackbar = useSnackbarStore((state) => state.show);
  const [deciding, setDeciding] = useState<{ reservation: OrganizerReservation; decision: DecisionStatus } | null>(null);
  const [cancellingEvent, setCancellingEvent] = useState<OrganizerEvent | null>(null);
  const [more, setMore] = useState<{ key: string; items: OrganizerReservation[]; cursor: string | null } | null>(null);
  const { filters } = loaderData;

  // Changing a filter drops the picked-out reservation: the organizer has moved on.
  const setFilters = (next: { status: ReservationStatus | null; eventId: number | null }) => {
    const params = new URLSearchParams();
    if (next.status) params.set('status', next.status);
    if (next.eventId) params.set('event', String(next.eventId));
    setSearchParams(params, { preventScrollReset: true });
  };

  const listKey = `${filters.status ?? ''}:${filters.eventId ?? ''}`;
  const loaded = loaderData.kind === 'ready' ? loaderData.list : null;
  // "Show more" pages belong to one filter; a new filter (or a reload after a decision) starts over.
  const extra = more && more.key === listKey ? more : null;
  const items = loaded ? [...loaded.items, ...(extra?.items ?? [])] : [];
  const cursor = extra ? extra.cursor : (loaded?.next_cursor ?? null);

  const loadMore = async () => {
    if (!cursor) return;
    const result = await fetchOrganizerReservations({ status: filters.status ?? undefined, eventId: filters.eventId ?? undefined, cursor });
    if (result.ok) setMore({ key: listKey, items: [...(extra?.items ?? []), ...result.data.items], cursor: result.data.next_cursor });
  };

  const decide = async (reservation: OrganizerReservation, decision: Decision) => {
    const result = await decideReservation(reservation.id, decision);
    if (result.ok) {
      showSnackbar(t(`decision.done.${decision.status}`), 'success');
      notifyNotificationsChanged();
      setMore(null);
      await revalidator.revalidate();
    }
    return result;
  };

  const cancelEvent = async (event: OrganizerEvent, message: string) => {
    const result = await cancelOrganizerEvent(event.event_id, message);
    if (result.ok) {
      showSnackbar(t('events.cancelDialog.done', { count: result.data.cancelled_reservations }), 'success');
      notifyNotificationsChanged();
      setMore(null);
      await revalidator.revalidate();
    }
    return result;
  };

  return (
    <Stack spacing={3} sx={{ py: 3 }}>
      <title>{t('meta.title')}</title>
      <NoIndex />
      <OrganizerNav />
      <Box>
        <Typography variant="h1">{t('heading')}</Typography>
        <Typography color="textSecondary">{t('subheading')}</Typography>
      </Box>
      <AccessState state={loaderData} title={t('heading')} signInBody={t('forbidden')} forbidden={t('forbidden')} />
      {loaderData.kind === 'ready' ? (
        <>
          <Stack spacing={1.5} component="section" aria-labelledby="organizer-events-heading">
            <Typography variant="h2" id="organizer-events-heading">
              {t('events.heading')}
            </Typography>
            {loaderData.events.length === 0 ? <Typography color="textSecondary">{t('events.empty')}</Typography> : null}
            {/* A scroller, not a grid: an organizer may have dozens of events, and the reservations below matter most. */}
            <Box
              sx={{ display: 'grid', gridAutoFlow: 'column', gridAutoColumns: { xs: '78%', sm: '280px' }, gap: 1.5, overflowX: 'auto', pb: 1, scrollSnapType: 'x proximity', '& > *': { scrollSnapAlign: 'start' } }}
              data-testid="organizer-events"
            >
              {loaderData.events.map((event) => (
                <EventCapacityCard
                  key={event.event_id}
                  event={event}
                  timeZone={event.time_zone}
                  selected={filters.eventId === event.event_id}
                  onSelect={() => setFilters({ ...filters, eventId: filters.eventId === event.event_id ? null : event.event_id })}
                  cancelled={event.status === 'cancelled'}
                  onCancel={() => setCancellingEvent(event)}
                />
              ))}
            </Box>
          </Stack>
          <Stack spacing={2} component="section" aria-labelledby="organizer-reservations-heading">
            <Typography variant="h2" id="organizer-reservations-heading">
              {t('subheading')}
            </Typography>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
              <TextField
                select
                label={t('filters.event')}
                value={filters.eventId ? String(filters.eventId) : ''}
                onChange={(event) => setFilters({ ...filters, eventId: event.target.value ? Number(event.target.value) : null })}
                sx={{ minWidth: 260, maxWidth: { md: 360 } }}
                size="small"
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                data-testid="event-filter"
              >
                <MenuItem value="">{t('filters.allEvents')}</MenuItem>
                {loaderData.events.map((event) => (
                  <MenuItem key={event.event_id} value={String(event.event_id)}>
                    {event.title}
                  </MenuItem>
                ))}
              </TextField>
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <StatusFilter counts={loaderData.list.counts} value={filters.status} onChange={(status) => setFilters({ ...filters, status })} />
              </Box>
            </Stack>
            <OrganizerReservations
              items={items}
              highlightedId={filters.reservationId}
              onDecide={(reservation, decision) => setDeciding({ reservation, decision })}
            />
            {cursor ? (
              <Button variant="outlined" onClick={() => void loadMore()} sx={{ alignSelf: 'center' }}>
                {t('table.loadMore')}
              </Button>
            ) : null}
          </Stack>
        </>
      ) : null}
      <DecisionDialog
        reservation={deciding?.reservation ?? null}
        decision={deciding?.decision ?? null}
        onClose={() => setDeciding(null)}
        onSubmit={decide}
      />
      <CancelEventDialog event={cancellingEvent} onClose={() => setCancellingEvent(null)} onSubmit={cancelEvent} />
    </Stack>
  );
}
