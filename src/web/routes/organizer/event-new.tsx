import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/event-new';
import { LoadFailed, NoIndex, PageSkeleton, rememberPageLocale, SignInPrompt } from '../../features/reservations/page-parts';
import { EventEditor } from '../../features/workspace/event-editor';
import { loadEditorData } from '../../features/workspace/editor-data';
import { OrganizerNav } from '../../components/organizer-nav';

/** `/{lang}/organizer/events/new`: a new event, saved as a draft first. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  rememberPageLocale(request.url);
  return loadEditorData(null);
}

export function HydrateFallback() {
  const { t } = useTranslation('workspace');
  return <PageSkeleton title={t('editor.newTitle')} />;
}

export default function OrganizerEventNew({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('workspace');
  return (
    <Stack sx={{ py: 3 }}>
      <title>{t('editor.newTitle')}</title>
      <NoIndex />
      <OrganizerNav />
      {loaderData.kind === 'sign_in' ? <SignInPrompt title={t('editor.newHeading')} body={t('forbidden')} /> : null}
      {loaderData.kind === 'forbidden' ? <Alert severity="warning">{t('forbidden')}</Alert> : null}
      {loaderData.kind === 'failed' ? <LoadFailed detail={loaderData.detail} /> : null}
      {loaderData.kind === 'ready' ? <EventEditor event={null} venues={loaderData.venues} categories={loaderData.categories} tags={loaderData.tags} /> : null}
    </Stack>
  );
}
