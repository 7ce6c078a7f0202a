import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_MAX_HEIGHT, MODAL_VIEWPORT_MAX } from '../../../shared/constants';
import { MESSAGE_MAX_LENGTH, type OrganizerEvent } from '../../../shared/schemas/reservations';
import type { ApiResult } from '../../lib/api-client';

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
  const { t } = useTranslation('organizer');
  const { t: te } = useTranslation('errors');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const close = () => {
    setMessage('');
    setError(null);
    onClose();
  };

  const submit = async (formEvent: FormEvent) => {
    formEvent.preventDefault();
    if (!event) return;
    const text = message.trim();
    if (!text) {
      setError(te('field.required'));
      return;
    }
    setSending(true);
    const result = await onSubmit(event, text);
    setSending(false);
    if (result.ok) close();
    else setError(result.problem.errors?.message?.[0] ?? result.problem.detail);
  };

  return (
    <Dialog
      open={Boolean(event)}
      onClose={close}
      aria-labelledby="cancel-event-title"
      slotProps={{ paper: { sx: { width: { xs: `${MODAL_VIEWPORT_MAX * 100}vw`, sm: 560 }, maxHeight: `min(${MODAL_MAX_HEIGHT}px, ${MODAL_VIEWPORT_MAX * 100}vh)` } } }}
    >
      {event ? (
        <form onSubmit={submit} noValidate data-testid="cancel-event-dialog">
          <DialogTitle id="cancel-event-title">{t('events.cancelDialog.title', { event: event.title })}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 0.5 }}>
              <Alert severity="warning">{t('events.cancelDialog.body', { count: openReservations(event) })}</Alert>
              <TextField
                label={t('events.cancelDialog.message')}
                value={message}
                onChange={(change) => {
                  setMessage(change.target.value.slice(0, MESSAGE_MAX_LENGTH));
                  setError(null);
                }}
                required
                multiline
                minRows={3}
                autoFocus
                error={Boolean(error)}
                helperText={error ?? t('events.cancelDialog.messageHelp')}
                slotProps={{ htmlInput: { maxLength: MESSAGE_MAX_LENGTH } }}
              />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={close} color="inherit" disabled={sending}>
              {t('events.cancelDialog.keep')}
            </Button>
            <Button type="submit" variant="contained" color="error" disabled={sending}>
              {t('events.cancelDialog.confirm')}
            </Button>
          </DialogActions>
        </form>
      ) : null}
    </Dialog>
  );
}
