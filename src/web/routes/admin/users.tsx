import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Route } from './+types/users';
import { searchUsers } from '../../features/admin/admin-api';
import { UserResults, UserSearchForm } from '../../features/admin/user-search';
import { loadRefusal } from '../../features/reservations/api-result';
import { AccessState, NoIndex, PageSkeleton, rememberPageLocale } from '../../features/reservations/page-parts';
import { AdminNav } from '../../components/admin-nav';
import { getApiClient } from '../../lib/api-client';
import { localePath, useLocale } from '../../lib/use-locale';

/** `/{lang}/admin/users?q=`: find people by e-mail, name or phone; the search is the URL's. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  rememberPageLocale(request.url);
  const q = new URL(request.url).searchParams.get('q')?.trim() ?? '';
  if (!getApiClient().isLoggedIn()) return { kind: 'sign_in' as const, q };
  const page = await searchUsers(q);
  if (page.ok) return { kind: 'ready' as const, q, page: page.data };
  return { ...loadRefusal(page), q };
}

export function HydrateFallback() {
  const { t } = useTranslation('admin');
  return <PageSkeleton title={t('users.title')} />;
}

export default function AdminUsersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const navigate = useNavigate();
  const search = (q: string) => void navigate(q ? `${localePath(locale, '/admin/users')}?${new URLSearchParams({ q }).toString()}` : localePath(locale, '/admin/users'));
  return (
    <Stack spacing={3} sx={{ py: 3, maxWidth: 960 }}>
      <title>{t('users.title')}</title>
      <NoIndex />
      <AdminNav />
      <Typography variant="h1">{t('users.heading')}</Typography>
      <AccessState state={loaderData} title={t('users.heading')} signInBody={t('signInBody')} forbidden={t('forbidden')} />
      {loaderData.kind === 'ready' ? (
        <>
          <UserSearchForm key={loaderData.q} q={loaderData.q} onSearch={search} />
          <UserResults key={`results-${loaderData.q}`} q={loaderData.q} first={loaderData.page} />
        </>
      ) : null}
    </Stack>
  );
}
