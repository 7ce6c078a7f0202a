import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/review';
import { AdminNav } from '../../components/admin-nav';
import { fetchReviewQueue } from '../../features/moderation/moderation-api';
import { ReviewQueue } from '../../features/moderation/review-queue';
import { needsSignIn } from '../../features/reservations/api-result';
import { AccessState, NoIndex, PageSkeleton, rememberPageLocale } from '../../features/reservations/page-parts';
import { getApiClient } from '../../lib/api-client';

/** `/{lang}/admin/review`: the events untrusted organizers sent to review, the longest waiting first. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  rememberPageLocale(request.url);
  if (!getApiClient().isLoggedIn()) return { kind: 'sign_in' as const };
  const queue = await fetchReviewQueue();
  if (queue.ok) return { kind: 'ready' as const, items: queue.data.items };
  if (needsSignIn(queue)) return { kind: 'sign_in' as const };
  if (queue.status === 403) return { kind: 'forbidden' as const };
  return { kind: 'failed' as const, detail: queue.problem.detail };
}

export function HydrateFallback() {
  const { t } = useTranslation('moderation');
  return <PageSkeleton title={t('review.title')} />;
}

export default function AdminReview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('moderation');
  return (
    <Stack spacing={3} sx={{ py: 3, maxWidth: 960 }}>
      <title>{t('review.title')}</title>
      <NoIndex />
      <AdminNav attention={loaderData.kind === 'ready' ? { review: loaderData.items.length } : undefined} />
      <Typography variant="h1">{t('review.heading')}</Typography>
      <AccessState state={loaderData} title={t('review.heading')} signInBody={t('admin.signIn')} forbidden={t('admin.forbidden')} />
      {loaderData.kind === 'ready' ? <ReviewQueue items={loaderData.items} /> : null}
    </Stack>
  );
}
