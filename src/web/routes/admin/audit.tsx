import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Route } from './+types/audit';
import { type AuditFilters, fetchAuditLog } from '../../features/admin/admin-api';
import { AuditFilterForm, AuditList } from '../../features/admin/audit-list';
import { loadRefusal } from '../../features/reservations/api-result';
import { AccessState, NoIndex, PageSkeleton, rememberPageLocale } from '../../features/reservations/page-parts';
import { AdminNav } from '../../components/admin-nav';
import { getApiClient } from '../../lib/api-client';
import { localePath, useLocale } from '../../lib/use-locale';

const FILTERS = ['actor', 'target_type', 'target_id'] as const;

/** `/{lang}/admin/audit?actor=&target_type=&target_id=`: the append-only log, newest first. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  rememberPageLocale(request.url);
  const params = new URL(request.url).searchParams;
  const filters: AuditFilters = Object.fromEntries(FILTERS.flatMap((name) => (params.get(name)?.trim() ? [[name, params.get(name)?.trim()]] : [])));
  if (!getApiClient().isLoggedIn()) return { kind: 'sign_in' as const, filters };
  const page = await fetchAuditLog(filters);
  if (page.ok) return { kind: 'ready' as const, filters, page: page.data };
  return { ...loadRefusal(page), filters };
}

export function HydrateFallback() {
  const { t } = useTranslation('admin');
  return <PageSkeleton title={t('audit.title')} />;
}

export default function AdminAuditPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const navigate = useNavigate();
  const { filters } = loaderData;
  const key = JSON.stringify(filters);
  const filter = (next: AuditFilters) => {
    const query = new URLSearchParams(Object.entries(next).filter((entry): entry is [string, string] => Boolean(entry[1]))).toString();
    void navigate(`${localePath(locale, '/admin/audit')}${query ? `?${query}` : ''}`);
  };
  return (
    <Stack spacing={3} sx={{ py: 3, maxWidth: 1100 }}>
      <title>{t('audit.title')}</title>
      <NoIndex />
      <AdminNav />
      <Typography variant="h1">{t('audit.heading')}</Typography>
      <Typography color="textSecondary">{t('audit.subheading')}</Typography>
      <AccessState state={loaderData} title={t('audit.heading')} signInBody={t('signInBody')} forbidden={t('forbidden')} />
      {loaderData.kind === 'ready' ? (
        <>
          <AuditFilterForm key={key} filters={filters} onFilter={filter} />
          <AuditList key={`list-${key}`} filters={filters} first={loaderData.page} />
        </>
      ) : null}
    </Stack>
  );
}
