import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Route } from './+types/saved';
import { EmptyState } from '../components/event-grid';
import { signInLink } from '../features/reservations/account-links';
import { LoadFailed, NoIndex, PageSkeleton, rememberPageLocale } from '../features/reservations/page-parts';
import { fetchSavedEvents } from '../features/saved/saved-api';
import { SAVED_PAGE_LIMIT, SavedList } from '../features/saved/saved-list';
import { localePath, useLocale } from '../lib/use-locale';
import { useUserStore } from '../stores/user-store';

/**
 * `/{lang}/saved`: the events this person saved, guest or signed in. Loaded in the browser only: what one
 * person saved is never part of server-rendered (and cached) HTML.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  rememberPageLocale(request.url);
  const result = await fetchSavedEvents({ limit: SAVED_PAGE_LIMIT });
  if (result.ok) return { kind: 'ready' as const, items: result.data.items, nextCursor: result.data.next_cursor };
  return { kind: 'failed' as const, detail: result.problem.detail };
}

export function HydrateFallback() {
  const { t } = useTranslation('posted');
  return <PageSkeleton title={t('saved.title')} />;
}

/** Guests keep their saves on their guest token until they sign in: say so, and where to sign in. */
function GuestHint() {
  const { t } = useTranslation('posted');
  const locale = useLocale();
  const loggedIn = useUserStore((state) => state.loggedIn);
  const checked = useUserStore((state) => state.checked);
  if (!checked || loggedIn) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="saved-guest-hint">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Typography color="textSecondary">{t('saved.guestHint')}</Typography>
        <Button component={RouterLink} to={signInLink(locale, localePath(locale, '/saved'))} variant="outlined" sx={{ flexShrink: 0 }}>
          {t('saved.signIn')}
        </Button>
      </Stack>
    </Paper>
  );
}

export default function SavedPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('posted');
  const locale = useLocale();
  return (
    <Stack spacing={3} sx={{ py: 3 }}>
      <title>{t('saved.title')}</title>
      <NoIndex />
      <Typography variant="h1">{t('saved.title')}</Typography>
      <GuestHint />
      {loaderData.kind === 'failed' ? <LoadFailed detail={loaderData.detail} /> : null}
      {loaderData.kind === 'ready' && loaderData.items.length === 0 ? (
        <EmptyState
          title={t('saved.empty.title')}
          body={t('saved.empty.body')}
          action={
            <Button component={RouterLink} to={localePath(locale)} variant="contained">
              {t('saved.empty.action')}
            </Button>
          }
        />
      ) : null}
      {loaderData.kind === 'ready' && loaderData.items.length > 0 ? <SavedList first={loaderData.items} firstCursor={loaderData.nextCursor} /> : null}
    </Stack>
  );
}
