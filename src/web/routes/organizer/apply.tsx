import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import type { Route } from './+types/apply';
import { ApplicationForm } from '../../features/moderation/application-form';
import { ApplicationStatusCard } from '../../features/moderation/application-status';
import { fetchMyApplications, resendApplication, sendApplication } from '../../features/moderation/moderation-api';
import { needsSignIn } from '../../features/reservations/api-result';
import { AccessState, NoIndex, PageSkeleton, rememberPageLocale } from '../../features/reservations/page-parts';
import { getApiClient } from '../../lib/api-client';
import { useSnackbarStore } from '../../stores/snackbar-store';

/**
 * `/{lang}/organizer/apply`: ask to publish events. Shows the latest application's state and the admin's
 * message; asked for more, the applicant edits it and sends it again; declined, they may apply anew.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  rememberPageLocale(request.url);
  if (!getApiClient().isLoggedIn()) return { kind: 'sign_in' as const };
  const mine = await fetchMyApplications();
  if (mine.ok) return { kind: 'ready' as const, latest: mine.data.items.at(-1) ?? null };
  if (needsSignIn(mine)) return { kind: 'sign_in' as const };
  return { kind: 'failed' as const, detail: mine.problem.detail };
}

export function HydrateFallback() {
  const { t } = useTranslation('moderation');
  return <PageSkeleton title={t('apply.title')} />;
}

export default function OrganizerApply({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('moderation');
  const revalidator = useRevalidator();
  const showSnackbar = useSnackbarStore((state) => state.show);
  const latest = loaderData.kind === 'ready' ? loaderData.latest : null;
  const canApply = loaderData.kind === 'ready' && (!latest || latest.status === 'rejected');
  return (
    <Stack spacing={3} sx={{ py: 3, maxWidth: 720 }}>
      <title>{t('apply.title')}</title>
      <NoIndex />
      <Box>
        <Typography variant="h1">{t('apply.heading')}</Typography>
        <Typography color="textSecondary">{t('apply.intro')}</Typography>
      </Box>
      <AccessState state={loaderData} title={t('apply.heading')} signInBody={t('apply.signIn')} forbidden={t('apply.signIn')} />
      {latest ? <ApplicationStatusCard application={latest} /> : null}
      {latest?.status === 'needs_info' ? (
        <ApplicationForm
          initial={latest}
          submitLabel={t('apply.resend')}
          onSubmit={async (input) => {
            const result = await resendApplication(latest.id, input);
            if (result.ok) {
              showSnackbar(t('apply.resent'), 'success');
              await revalidator.revalidate();
            }
            return result;
          }}
        />
      ) : null}
      {canApply ? (
        <ApplicationForm
          submitLabel={t('apply.send')}
          onSubmit={async (input) => {
            const result = await sendApplication(input);
            if (result.ok) {
              showSnackbar(t('apply.sent'), 'success');
              await revalidator.revalidate();
            }
            return result;
          }}
        />
      ) : null}
    </Stack>
  );
}
