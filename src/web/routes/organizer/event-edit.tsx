import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import type { Route } from './+types/event-edit';
import { fetchOrganizerNotes, postOrganizerNote } from '../../features/moderation/moderation-api';
import { ChangesRequested, NoteThreadView } from '../../features/moderation/note-thread';
import { LoadFailed, NoIndex, PageSkeleton, rememberPageLocale, SignInPrompt } from '../../features/reservations/page-parts';
import { EventEditor } from '../../features/workspace/event-editor';
import { loadEditorData } from '../../features/workspace/editor-data';
import { OrganizerNav } from '../../components/organizer-nav';

/** `/{lang}/organizer/events/{id}`: edit one event and move it through its states. */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  rememberPageLocale(request.url);
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) return { kind: 'not_found' as const };
  // Then the review thread; without it (a failed read) the editor still works.
  const data = await loadEditorData(id);
  if (data.kind !== 'ready') return data;
  const notes = await fetchOrganizerNotes(id);
  return { ...data, thread: notes.ok ? notes.data : null };
}

export function HydrateFallback() {
  const { t } = useTranslation('workspace');
  return <PageSkeleton title={t('editor.editTitle')} />;
}

export default function OrganizerEventEdit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('workspace');
  const revalidator = useRevalidator();
  const title = loaderData.kind === 'ready' && loaderData.event ? t('editor.editTitleOf', { title: Object.values(loaderData.event.title).find(Boolean) ?? '' }) : t('editor.editTitle');
  return (
    <Stack sx={{ py: 3 }}>
      <title>{title}</title>
      <NoIndex />
      <OrganizerNav />
      {loaderData.kind === 'sign_in' ? <SignInPrompt title={t('editor.editHeading')} body={t('forbidden')} /> : null}
      {loaderData.kind === 'forbidden' ? <Alert severity="warning">{t('forbidden')}</Alert> : null}
      {loaderData.kind === 'not_found' ? <Alert severity="warning">{t('editor.notFound')}</Alert> : null}
      {loaderData.kind === 'failed' ? <LoadFailed detail={loaderData.detail} /> : null}
      {loaderData.kind === 'ready' && loaderData.thread && loaderData.event ? <ChangesRequested thread={loaderData.thread} status={loaderData.event.status} /> : null}
      {loaderData.kind === 'ready' ? (
        <EventEditor key={loaderData.event?.id} event={loaderData.event} venues={loaderData.venues} categories={loaderData.categories} tags={loaderData.tags} />
      ) : null}
      {loaderData.kind === 'ready' && loaderData.thread && loaderData.event && (loaderData.thread.items.length > 0 || loaderData.event.status === 'pending_review') ? (
        <NoteThreadView
          thread={loaderData.thread}
          side="organizer"
          onSend={async (body) => {
            const result = await postOrganizerNote(loaderData.event!.id, body);
            if (result.ok) await revalidator.revalidate();
            return result;
          }}
        />
      ) : null}
    </Stack>
  );
}
