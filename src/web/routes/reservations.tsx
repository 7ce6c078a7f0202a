import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { Reservation } from '../../shared/schemas/reservations';
import type { Route } from './+types/reservations';
import { needsSignIn } from '../features/reservations/api-result';
import { LoadFailed, NoIndex, PageSkeleton, rememberPageLocale, SignInPrompt } from '../features/reservations/page-parts';
import { isOfflineFailure, keepReservations, keptReservations } from '../features/reservations/offline-reservations';
import { ReservationCard } from '../features/reservations/reservation-card';
import { fetchMyReservations } from '../features/reservations/reservations-api';
import { getApiClient } from '../lib/api-client';
import { localePath, useLocale } from '../lib/use-locale';
import { useUiStore } from '../stores/ui-store';

type Scope = 'upcoming' | 'past';
const PAGE_SIZE = 20;

/** `/{lang}/reservations` (`?scope=past` for past events): the user's reservations, newest first. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  rememberPageLocale(request.url);
  const scope: Scope = new URL(request.url).searchParams.get('scope') === 'past' ? 'past' : 'upcoming';
  // A guest has no reservations: say so without asking the server (and without an error snackbar).
  if (!getApiClient().isLoggedIn()) return { kind: 'sign_in' as const, scope };
  const result = await fetchMyReservations({ scope, limit: PAGE_SIZE });
  if (result.ok) {
    keepReservations(result.data.items);
    return { kind: 'ready' as const, scope, items: result.data.items, nextCursor: result.data.next_cursor };
  }
  // Issue #12: offline, the accepted upcoming reservations this browser kept (their QR codes open offline).
  if (isOfflineFailure(result) && scope === 'upcoming') {
    const items = keptReservations();
    if (items.length) return { kind: 'ready' as const, scope, items, nextCursor: null };
  }
  if (needsSignIn(result)) return { kind: 'sign_in' as const, scope };
  return { kind: 'failed' as const, scope, detail: result.problem.detail };
}

export function HydrateFallback() {
  const { t } = useTranslation('reservations');
  return <PageSkeleton title={t('meta.listTitle')} />;
}

/** The list with "show more"; keyed by scope by its parent, so switching tabs starts a fresh list. */
function ReservationList({ scope, first, firstCursor }: { scope: Scope; first: Reservation[]; firstCursor: string | null }) {
  const { t } = useTranslation('reservations');
  const [more, setMore] = useState<Reservation[]>([]);
  const [cursor, setCursor] = useState(firstCursor);
  const [loading, setLoading] = useState(false);
  const loadMore = async () => {
    if (!cursor) return;
    setLoading(true);
    const result = await fetchMyReservations({ scope, cursor, limit: PAGE_SIZE });
    setLoading(false);
    if (!result.ok) return;
    setMore((current) => [...current, ...result.data.items]);
    setCursor(result.data.next_cursor);
  };
  const seen = new Set<number>();
  const items = [...first, ...more].filter((item) => !seen.has(item.id) && seen.add(item.id));
  return (
    <Stack spacing={1.5} component="section" aria-label={t(`list.${scope}`)}>
      {items.map((reservation) => (
        <ReservationCard key={reservation.id} reservation={reservation} />
      ))}
      {cursor ? (
        <Button onClick={() => void loadMore()} disabled={loading} variant="outlined" sx={{ alignSelf: 'center' }}>
          {t('list.loadMore')}
        </Button>
      ) : null}
    </Stack>
  );
}

export default function MyReservations({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('reservations');
  const locale = useLocale();
  const navigate = useNavigate();
  const setReserveFilterFromMyReservations = useUiStore((state) => state.setReserveFilterFromMyReservations);

  /** Spec §3: the reserve filter set from "my reservations" is remembered as such in the UI state. */
  const findMore = () => {
    setReserveFilterFromMyReservations(true);
    void navigate(`${localePath(locale)}?reservable=1`);
  };

  return (
    <Stack spacing={3} sx={{ py: 3, maxWidth: 880 }}>
      <title>{t('meta.listTitle')}</title>
      <NoIndex />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="h1">{t('list.heading')}</Typography>
        <Button variant="outlined" startIcon={<SearchIcon />} onClick={findMore} sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }} data-testid="find-more-to-reserve">
          {t('list.findMore')}
        </Button>
      </Stack>
      {loaderData.kind === 'sign_in' ? (
        <SignInPrompt title={t('signIn.title')} body={t('signIn.body')} />
      ) : (
        <>
          <Tabs value={loaderData.scope} aria-label={t('list.heading')}>
            <Tab value="upcoming" label={t('list.upcoming')} component={RouterLink} to={localePath(locale, '/reservations')} />
            <Tab value="past" label={t('list.past')} component={RouterLink} to={localePath(locale, '/reservations?scope=past')} />
          </Tabs>
          {loaderData.kind === 'failed' ? <LoadFailed detail={loaderData.detail} /> : null}
          {loaderData.kind === 'ready' && loaderData.items.length === 0 ? (
            <Paper variant="outlined" sx={{ p: 3 }} data-testid="reservations-empty">
              <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                <Typography variant="h2">{t('list.empty')}</Typography>
                <Typography color="textSecondary">{t('list.emptyHint')}</Typography>
                <Button variant="contained" onClick={findMore}>
                  {t('list.findMore')}
                </Button>
              </Stack>
            </Paper>
          ) : null}
          {loaderData.kind === 'ready' && loaderData.items.length > 0 ? (
            <ReservationList key={loaderData.scope} scope={loaderData.scope} first={loaderData.items} firstCursor={loaderData.nextCursor} />
          ) : null}
        </>
      )}
    </Stack>
  );
}
