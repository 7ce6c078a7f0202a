import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useRevalidator } from 'react-router';
import type { ModerationDecisionKind } from '../../../shared/schemas/admin-moderation';
import type { Route } from './+types/review-event';
import { AdminNav } from '../../components/admin-nav';
import { fetchReviewEvent, moderateEvent, postAdminNote } from '../../features/moderation/moderation-api';
import { NoteThreadView } from '../../features/moderation/note-thread';
import { ReviewDecisionDialog } from '../../features/moderation/review-decision-dialog';
import { ReviewPreview } from '../../features/moderation/review-preview';
import { needsSignIn } from '../../features/reservations/api-result';
import { AccessState, NoIndex, PageSkeleton, rememberPageLocale } from '../../features/reservations/page-parts';
import { getApiClient } from '../../lib/api-client';
import { localePath, useLocale } from '../../lib/use-locale';
import { useSnackbarStore } from '../../stores/snackbar-store';

/** `/{lang}/admin/review/{id}`: the event in every language, its note thread, and the decision. */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  rememberPageLocale(request.url);
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) return { kind: 'not_found' as const };
  if (!getApiClient().isLoggedIn()) return { kind: 'sign_in' as const };
  const review = await fetchReviewEvent(id);
  if (review.ok) return { kind: 'ready' as const, review: review.data };
  if (needsSignIn(review)) return { kind: 'sign_in' as const };
  if (review.status === 403) return { kind: 'forbidden' as const };
  if (review.status === 404) return { kind: 'not_found' as const };
  return { kind: 'failed' as const, detail: review.problem.detail };
}

export function HydrateFallback() {
  const { t } = useTranslation('moderation');
  return <PageSkeleton title={t('review.title')} />;
}

const DECISIONS: { decision: ModerationDecisionKind; color: 'success' | 'warning' | 'error'; variant: 'contained' | 'outlined' }[] = [
  { decision: 'approve', color: 'success', variant: 'contained' },
  { decision: 'request_changes', color: 'warning', variant: 'outlined' },
  { decision: 'reject', color: 'error', variant: 'outlined' },
];

export default function AdminReviewEvent({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('moderation');
  const locale = useLocale();
  const revalidator = useRevalidator();
  const showSnackbar = useSnackbarStore((state) => state.show);
  const [deciding, setDeciding] = useState<ModerationDecisionKind | null>(null);
  const review = loaderData.kind === 'ready' ? loaderData.review : null;
  const title = review ? (review.event.title[review.event.source_locale] ?? '') : t('review.title');
  return (
    <Stack spacing={3} sx={{ py: 3, maxWidth: 960 }}>
      <title>{title}</title>
      <NoIndex />
      <AdminNav />
      <AccessState state={loaderData} title={t('review.heading')} signInBody={t('admin.signIn')} forbidden={t('admin.forbidden')} />
      {loaderData.kind === 'not_found' ? <Alert severity="warning">{t('review.notFound')}</Alert> : null}
      {review ? (
        <>
          <Stack spacing={0.5}>
            <Button component={RouterLink} to={localePath(locale, '/admin/review')} sx={{ alignSelf: 'flex-start' }} size="small">
              {t('review.back')}
            </Button>
            <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
              {title}
            </Typography>
            <Typography color="textSecondary">
              {[review.organizer?.name ?? t('review.noOrganizer'), t(`workspace:status.${review.event.status}`)].join(' · ')}
            </Typography>
          </Stack>
          {review.event.status === 'pending_review' ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} aria-label={t('review.decide')} role="group">
              {DECISIONS.map(({ decision, color, variant }) => (
                <Button key={decision} variant={variant} color={color} onClick={() => setDeciding(decision)}>
                  {t(`review.decision.${decision}.action`)}
                </Button>
              ))}
            </Stack>
          ) : (
            <Alert severity="info">{t('review.notWaiting')}</Alert>
          )}
          <ReviewPreview review={review} />
          <NoteThreadView
            thread={review.thread}
            side="admin"
            onSend={async (body) => {
              const result = await postAdminNote(review.event.id, body);
              if (result.ok) await revalidator.revalidate();
              return result;
            }}
          />
          <ReviewDecisionDialog
            decision={deciding}
            onClose={() => setDeciding(null)}
            onSubmit={async (decision) => {
              const result = await moderateEvent(review.event.id, decision);
              if (result.ok) {
                showSnackbar(t(`review.decision.${decision.decision}.done`), 'success');
                await revalidator.revalidate();
              }
              return result;
            }}
          />
        </>
      ) : null}
    </Stack>
  );
}
