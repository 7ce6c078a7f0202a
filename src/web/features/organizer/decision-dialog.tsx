import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_MAX_HEIGHT, MODAL_VIEWPORT_MAX } from '../../../shared/constants';
import { type Decision, decisionNeedsMessage, DecisionSchema, MESSAGE_MAX_LENGTH, type OrganizerReservation } from '../../../shared/schemas/reservations';
import { FormTextField } from '../../components/form-text-field';
import type { ApiResult } from '../../lib/api-client';
import { applyProblemToForm, useSchemaForm } from '../../lib/use-schema-form';
import { guestName } from './guest-name';

export type DecisionStatus = Decision['status'];

const DECISION_COLOR = { accepted: 'success', rejected: 'error', action_needed: 'warning', cancelled: 'error' } as const;

/**
 * The organizer's decision with a message for the guest: required when asking for action (the guest
 * must know what to answer) or cancelling (the guest must know why), optional when accepting or rejecting.
 * Cancelling takes a second step: the organizer sees what will happen and confirms.
 */
export function DecisionDialog({
  reservation,
  decision,
  onClose,
  onSubmit,
}: {
  reservation: OrganizerReservation | null;
  decision: DecisionStatus | null;
  onClose: () => void;
  onSubmit: (reservation: OrganizerReservation, decision: Decision) => Promise<ApiResult<unknown>>;
}) {
  return (
    <Dialog
      open={Boolean(reservation && decision)}
      onClose={onClose}
      aria-labelledby="decision-dialog-title"
      slotProps={{ paper: { sx: { width: { xs: `${MODAL_VIEWPORT_MAX * 100}vw`, sm: 520 }, maxHeight: `min(${MODAL_MAX_HEIGHT}px, ${MODAL_VIEWPORT_MAX * 100}vh)` } } }}
    >
      {reservation && decision ? (
        // A new decision starts a new form (message and confirming step forgotten).
        <DecisionForm key={`${reservation.id}:${decision}`} reservation={reservation} decision={decision} onClose={onClose} onSubmit={onSubmit} />
      ) : null}
    </Dialog>
  );
}

function DecisionForm({
  reservation,
  decision,
  onClose,
  onSubmit,
}: {
  reservation: OrganizerReservation;
  decision: DecisionStatus;
  onClose: () => void;
  onSubmit: (reservation: OrganizerReservation, decision: Decision) => Promise<ApiResult<unknown>>;
}) {
  const { t } = useTranslation('organizer');
  const { t: tr } = useTranslation('reservations');
  // Checked when sent, as the server checks it (DecisionSchema: a message when asking for action or cancelling).
  const form = useSchemaForm(DecisionSchema, { mode: 'onSubmit', defaultValues: { status: decision, message: '' } });
  const [confirming, setConfirming] = useState(false);
  const required = decisionNeedsMessage(decision);
  const cancelling = decision === 'cancelled';
  const sending = form.formState.isSubmitting;

  const submit = form.handleSubmit(async ({ status, message }) => {
    if (cancelling && !confirming) {
      setConfirming(true);
      return;
    }
    const result = await onSubmit(reservation, { status, ...(message ? { message } : {}) });
    if (result.ok) {
      onClose();
      return;
    }
    setConfirming(false);
    applyProblemToForm(form, result.problem, ['message'], { otherwise: 'message' });
  });

  const guest = guestName(reservation, t('table.deletedGuest'));
  const label = cancelling ? t('decision.messageCancel') : required ? t('decision.message') : t('decision.messageOptional');

  if (confirming) {
    return (
      <form onSubmit={submit} noValidate data-testid="decision-confirm">
        <DialogTitle id="decision-dialog-title">{t('decision.confirmCancelTitle', { guest })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 0.5 }}>
            <Alert severity="warning">{t('decision.confirmCancelBody')}</Alert>
            <Typography variant="body2" color="textSecondary">
              {t('decision.message')}
            </Typography>
            <Typography component="blockquote" sx={{ m: 0, pl: 1.5, borderLeft: 3, borderColor: 'error.main', whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {form.getValues('message')?.trim()}
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={() => setConfirming(false)} color="inherit" disabled={sending}>
            {t('decision.back')}
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={sending} autoFocus>
            {t('decision.confirmCancel')}
          </Button>
        </DialogActions>
      </form>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id="decision-dialog-title">{t(`decision.title.${decision}`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          <Typography color="textSecondary">
            {t('decision.summary', {
              guest,
              party: tr('partySize', { count: reservation.party_size }),
              event: reservation.event.title,
            })}
          </Typography>
          <FormTextField
            form={form}
            name="message"
            label={label}
            required={required}
            multiline
            minRows={3}
            autoFocus
            fullWidth={false}
            helperText={cancelling ? t('decision.messageCancelHelp') : t('decision.messageHelp')}
            slotProps={{ htmlInput: { maxLength: MESSAGE_MAX_LENGTH } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" variant="contained" color={DECISION_COLOR[decision]} disabled={sending}>
          {cancelling ? t('decision.continue') : t(`decision.${decision}`)}
        </Button>
      </DialogActions>
    </form>
  );
}
