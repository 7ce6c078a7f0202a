import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { NoteInputSchema, type EventNote, type NoteThread } from '../../../shared/schemas/admin-moderation';
import { FormTextField } from '../../components/form-text-field';
import { SubmitButton } from '../../components/submit-button';
import type { ApiResult } from '../../lib/api-client';
import { formatEventDate } from '../../lib/format';
import { applyProblemToForm, useSchemaForm } from '../../lib/use-schema-form';
import { useLocale } from '../../lib/use-locale';

/**
 * The review thread between admins and the organizer, oldest first, and a reply box. `side` is the reader:
 * their own notes are marked as theirs.
 */
export function NoteThreadView({
  thread,
  side,
  onSend,
}: {
  thread: NoteThread;
  side: 'admin' | 'organizer';
  onSend: (body: string) => Promise<ApiResult<EventNote>>;
}) {
  const { t } = useTranslation('moderation');
  const locale = useLocale();
  const form = useSchemaForm(NoteInputSchema, { mode: 'onSubmit', defaultValues: { body: '' } });
  const submit = form.handleSubmit(async ({ body }) => {
    const result = await onSend(body);
    if (result.ok) form.reset({ body: '' });
    else applyProblemToForm(form, result.problem, ['body'], { otherwise: 'body' });
  });
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="note-thread-heading">
      <Typography variant="h2" id="note-thread-heading">
        {t('notes.heading')}
      </Typography>
      {thread.items.length === 0 ? <Typography color="textSecondary">{t('notes.empty')}</Typography> : null}
      <Stack spacing={1} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {thread.items.map((note) => (
          <Paper
            key={note.id}
            component="li"
            variant="outlined"
            sx={{ p: 1.5, ml: note.author_side === side ? { sm: 6 } : 0, mr: note.author_side === side ? 0 : { sm: 6 }, bgcolor: note.author_side === 'admin' ? 'action.hover' : undefined }}
            data-testid="note"
          >
            <Typography variant="caption" color="textSecondary">
              {t(`notes.by.${note.author_side}`, { name: note.author_name ?? '' })} · {formatEventDate(note.created_at, 'Europe/Belgrade', locale)}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{note.body}</Typography>
          </Paper>
        ))}
      </Stack>
      <Stack component="form" spacing={1} noValidate onSubmit={(event) => void submit(event)}>
        <FormTextField form={form} name="body" label={t(side === 'admin' ? 'notes.writeAdmin' : 'notes.writeOrganizer')} multiline minRows={2} />
        <SubmitButton busy={form.formState.isSubmitting} fullWidth={false} sx={{ alignSelf: 'flex-start' }}>
          {t('notes.send')}
        </SubmitButton>
      </Stack>
    </Stack>
  );
}

/** The admin's standing request for changes, shown prominently in the editor while the event is a draft again. */
export function ChangesRequested({ thread, status }: { thread: NoteThread; status: string }) {
  const { t } = useTranslation('moderation');
  const last = thread.last_decision;
  // Stale once acted on: a resubmitted event is waiting again, an approved one is out.
  const standing = (last?.decision === 'request_changes' && status === 'draft') || (last?.decision === 'reject' && status === 'archived');
  if (!last || !standing) return null;
  return (
    <Alert severity={last.decision === 'reject' ? 'error' : 'warning'} data-testid="changes-requested">
      <AlertTitle>{t(`notes.last.${last.decision}`)}</AlertTitle>
      <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{last.message}</Typography>
    </Alert>
  );
}
