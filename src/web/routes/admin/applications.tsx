import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator, useSearchParams } from 'react-router';
import { APPLICATION_STATUSES, type AdminApplication, type ApplicationStatus } from '../../../shared/schemas/admin-moderation';
import type { Route } from './+types/applications';
import { AdminNav } from '../../components/admin-nav';
import { ApplicationDecisionDialog, type ApplicationDecisionKind } from '../../features/moderation/application-decision-dialog';
import { ApplicationList } from '../../features/moderation/application-list';
import { decideApplication, fetchApplications, fetchOrganizers, setOrganizerTrusted } from '../../features/moderation/moderation-api';
import { OrganizerList } from '../../features/moderation/organizer-list';
import { needsSignIn } from '../../features/reservations/api-result';
import { AccessState, NoIndex, PageSkeleton, rememberPageLocale } from '../../features/reservations/page-parts';
import { getApiClient } from '../../lib/api-client';
import { useSnackbarStore } from '../../stores/snackbar-store';

const isStatus = (value: string | null): value is ApplicationStatus => (APPLICATION_STATUSES as readonly (string | null)[]).includes(value);

/**
 * `/{lang}/admin/applications`: applications by status (`?status=`, pending first) with the admin's three
 * answers, and the organizers (`?q=`) with their trusted switch.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  rememberPageLocale(request.url);
  if (!getApiClient().isLoggedIn()) return { kind: 'sign_in' as const };
  const params = new URL(request.url).searchParams;
  const status = isStatus(params.get('status')) ? (params.get('status') as ApplicationStatus) : 'pending';
  const [applications, organizers] = await Promise.all([fetchApplications(status), fetchOrganizers(params.get('q') ?? undefined)]);
  if (applications.ok && organizers.ok) return { kind: 'ready' as const, status, applications: applications.data.items, organizers: organizers.data.items };
  const failure = !applications.ok ? applications : !organizers.ok ? organizers : null;
  if (!failure) return { kind: 'failed' as const, detail: '' };
  if (needsSignIn(failure)) return { kind: 'sign_in' as const };
  if (failure.status === 403) return { kind: 'forbidden' as const };
  return { kind: 'failed' as const, detail: failure.problem.detail };
}

export function HydrateFallback() {
  const { t } = useTranslation('moderation');
  return <PageSkeleton title={t('applications.title')} />;
}

export default function AdminApplications({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('moderation');
  const [searchParams, setSearchParams] = useSearchParams();
  const revalidator = useRevalidator();
  const showSnackbar = useSnackbarStore((state) => state.show);
  const [deciding, setDeciding] = useState<{ application: AdminApplication; decision: ApplicationDecisionKind } | null>(null);
  const status = loaderData.kind === 'ready' ? loaderData.status : 'pending';
  const setParam = (name: string, value: string) => {
    const next = new URLSearchParams(searchParams);
    if (value) next.set(name, value);
    else next.delete(name);
    setSearchParams(next);
  };
  return (
    <Stack spacing={3} sx={{ py: 3, maxWidth: 960 }}>
      <title>{t('applications.title')}</title>
      <NoIndex />
      <AdminNav />
      <Typography variant="h1">{t('applications.heading')}</Typography>
      <AccessState state={loaderData} title={t('applications.heading')} signInBody={t('admin.signIn')} forbidden={t('admin.forbidden')} />
      {loaderData.kind === 'ready' ? (
        <>
          <Stack spacing={1.5} component="section" aria-label={t('applications.heading')}>
            <Tabs value={status} onChange={(_event, value: string) => setParam('status', value)} variant="scrollable" aria-label={t('applications.filter')}>
              {APPLICATION_STATUSES.map((value) => (
                <Tab key={value} value={value} label={t(`apply.statusName.${value}`)} />
              ))}
            </Tabs>
            <ApplicationList items={loaderData.applications} onDecide={(application, decision) => setDeciding({ application, decision })} />
          </Stack>
          <Stack spacing={1.5} component="section" aria-labelledby="organizers-heading">
            <Typography variant="h2" id="organizers-heading">
              {t('organizers.heading')}
            </Typography>
            <Typography color="textSecondary">{t('organizers.help')}</Typography>
            <OrganizerList
              items={loaderData.organizers}
              onSearch={(q) => setParam('q', q)}
              onTrustedChange={async (organizer, trusted) => {
                const result = await setOrganizerTrusted(organizer.id, trusted);
                if (!result.ok) return;
                showSnackbar(t(trusted ? 'organizers.nowTrusted' : 'organizers.nowUntrusted', { name: organizer.name }), 'success');
                await revalidator.revalidate();
              }}
            />
          </Stack>
        </>
      ) : null}
      <ApplicationDecisionDialog
        application={deciding?.application ?? null}
        decision={deciding?.decision ?? null}
        onClose={() => setDeciding(null)}
        onSubmit={async (application, decision) => {
          const result = await decideApplication(application.id, decision);
          if (result.ok) {
            showSnackbar(t(`applications.decided.${decision.status}`, { name: application.name }), 'success');
            await revalidator.revalidate();
          }
          return result;
        }}
      />
    </Stack>
  );
}
