import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/dashboard';
import { fetchDashboard } from '../../features/admin/admin-api';
import { attentionOf, DashboardCards } from '../../features/admin/dashboard-cards';
import { loadRefusal } from '../../features/reservations/api-result';
import { AccessState, NoIndex, PageSkeleton, rememberPageLocale } from '../../features/reservations/page-parts';
import { AdminNav } from '../../components/admin-nav';
import { getApiClient } from '../../lib/api-client';

/** `/{lang}/admin`: what waits for an admin, one card per queue, linking to its section. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  rememberPageLocale(request.url);
  if (!getApiClient().isLoggedIn()) return { kind: 'sign_in' as const };
  const counts = await fetchDashboard();
  if (counts.ok) return { kind: 'ready' as const, counts: counts.data };
  return loadRefusal(counts);
}

export function HydrateFallback() {
  const { t } = useTranslation('admin');
  return <PageSkeleton title={t('dashboard.title')} />;
}

export default function AdminDashboardPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin');
  return (
    <Stack spacing={3} sx={{ py: 3, maxWidth: 1100 }}>
      <title>{t('dashboard.title')}</title>
      <NoIndex />
      <AdminNav attention={loaderData.kind === 'ready' ? attentionOf(loaderData.counts) : undefined} />
      <Typography variant="h1">{t('dashboard.heading')}</Typography>
      <AccessState state={loaderData} title={t('dashboard.heading')} signInBody={t('signInBody')} forbidden={t('forbidden')} />
      {loaderData.kind === 'ready' ? <DashboardCards counts={loaderData.counts} /> : null}
    </Stack>
  );
}
