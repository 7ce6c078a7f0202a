import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { MODAL_MAX_HEIGHT, MODAL_VIEWPORT_MAX } from '../../../shared/constants';
import { CancelEventSchema, MESSAGE_MAX_LENGTH, type OrganizerEvent } from '../../../shared/schemas/reservations';
import { FormTextField } from '../../components/form-text-field';
import type { ApiResult } from '../../lib/api-client';
import { applyProblemToForm, useSchemaForm } from '../../lib/use-schema-form';

/** Open reservations: what cancelling the event will cancel. */
export function openReservations(event: OrganizerEvent): number {
  const { pending, action_needed, accepted, waitlisted } = event.counts;
  return pending + action_needed + accepted + waitlisted;
}

/**
 * "Cancel event", confirmed: says how many open reservations go with it, and takes the message every
 * guest will get (required: a guest whose evening is cancelled deserves a reason).
 */
export function CancelEventDialog({
  event,
  onClose,
  onSubmit,
}: {
  event: OrganizerEvent | null;
  onClose: () => void;
  onSubmit: (event: OrganizerEvent, message: string) => Promise<ApiResult<unknown>>;
}) {
  return (
    <Dialog
      open={Boolean(event)}
      onClose={onClose}
      aria-labelledby="cancel-event-title"
      slotProps={{ paper: { sx: { width: { xs: `${MODAL_VIEWPORT_MAX * 100}vw`, sm: 560 }, maxHeight: `min(${MODAL_MAX_HEIGHT}px, ${MODAL_VIEWPORT_MAX * 100}vh)` } } }}
    >
      {event ? <CancelEventForm key={event.event_id} event={event} onClose={onClose} onSubmit={onSubmit} /> : null}
    </Dialog>
  );
}

function CancelEventForm({
  event,
  onClose,
  onSubmit,
}: {
  event: OrganizerEvent;
  onClose: () => void;
  onSubmit: (event: OrganizerEvent, message: string) => Promise<ApiResult<unknown>>;
}) {
  const { t } = useTranslation('organizer');
  const form = useSchemaForm(CancelEventSchema, { mode: 'onSubmit', defaultValues: { message: '' } });
  const sending = form.formState.isSubmitting;
  const submit = form.handleSubmit(async ({ message }) => {
    const result = await onSubmit(event, message);
    if (result.ok) onClose();
    else applyProblemToForm(form, result.problem, ['message'], { otherwise: 'message' });
  });

  return (
    <form onSubmit={submit} noValidate data-testid="cancel-event-dialog">
      <DialogTitle id="cancel-event-title">{t('events.cancelDialog.title', { event: event.title })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          <Alert severity="warning">{t('events.cancelDialog.body', { count: openReservations(event) })}</Alert>
          <FormTextField
            form={form}
            name="message"
            label={t('events.cancelDialog.message')}
            required
            multiline
            minRows={3}
            autoFocus
            fullWidth={false}
            helperText={t('events.cancelDialog.messageHelp')}
            slotProps={{ htmlInput: { maxLength: MESSAGE_MAX_LENGTH } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} color="inherit" disabled={sending}>
          {t('events.cancelDialog.keep')}
        </Button>
        <Button type="submit" variant="contained" color="error" disabled={sending}>
          {t('events.cancelDialog.confirm')}
        </Button>
      </DialogActions>
    </form>
  );
}
