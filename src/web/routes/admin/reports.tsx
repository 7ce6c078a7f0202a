import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate, useRevalidator } from 'react-router';
import { REPORT_STATUSES, type ReportStatus } from '../../../shared/schemas/reports';
import type { Route } from './+types/reports';
import { AdminNav } from '../../components/admin-nav';
import { loadRefusal } from '../../features/reservations/api-result';
import { AccessState, NoIndex, PageSkeleton, rememberPageLocale } from '../../features/reservations/page-parts';
import { ReportQueueList } from '../../features/reports/report-queue';
import { fetchReportQueue } from '../../features/reports/reports-api';
import { getApiClient } from '../../lib/api-client';
import { useLocale } from '../../lib/use-locale';

function statusOf(url: string): ReportStatus {
  const wanted = new URL(url).searchParams.get('status');
  return REPORT_STATUSES.find((status) => status === wanted) ?? 'open';
}

/** `/{lang}/admin/reports?status=`: reports grouped by target; resolve or dismiss, and take an event off the site. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  rememberPageLocale(request.url);
  const status = statusOf(request.url);
  if (!getApiClient().isLoggedIn()) return { kind: 'sign_in' as const, status };
  const result = await fetchReportQueue(status);
  if (result.ok) return { kind: 'ready' as const, status, queue: result.data };
  return { ...loadRefusal(result), status };
}

export function HydrateFallback() {
  const { t } = useTranslation('reports');
  return <PageSkeleton title={t('admin.heading')} />;
}

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('reports');
  const locale = useLocale();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { status } = loaderData;
  return (
    <Stack spacing={3} sx={{ py: 3, maxWidth: 960 }}>
      <title>{t('admin.heading')}</title>
      <NoIndex />
      <AdminNav />
      <Box>
        <Typography variant="h1">{t('admin.heading')}</Typography>
        <Typography color="textSecondary">{t('admin.subheading')}</Typography>
      </Box>
      <AccessState state={loaderData} title={t('admin.heading')} signInBody={t('admin.signInBody')} forbidden={t('admin.forbidden')} />
      {loaderData.kind === 'ready' ? (
        <>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={status}
            aria-label={t('admin.status.label')}
            onChange={(_event, next: ReportStatus | null) => {
              if (next) void navigate(next === 'open' ? '?' : `?status=${next}`);
            }}
            sx={{ flexWrap: 'wrap' }}
          >
            {REPORT_STATUSES.map((option) => (
              <ToggleButton key={option} value={option}>
                {t(`admin.status.${option}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <ReportQueueList key={`${status}-${loaderData.queue.items[0]?.reports[0]?.id ?? 0}-${loaderData.queue.items.length}`} first={loaderData.queue} status={status} locale={locale} onDecided={() => void revalidator.revalidate()} />
        </>
      ) : null}
    </Stack>
  );
}
