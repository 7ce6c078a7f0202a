import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { MODAL_MAX_HEIGHT, MODAL_VIEWPORT_MAX } from '../../../shared/constants';
import { ModerationDecisionSchema, type ModerationDecision, type ModerationDecisionKind } from '../../../shared/schemas/admin-moderation';
import { FormTextField } from '../../components/form-text-field';
import type { ApiResult } from '../../lib/api-client';
import { applyProblemToForm, useSchemaForm } from '../../lib/use-schema-form';

const COLOR = { approve: 'success', reject: 'error', request_changes: 'warning' } as const;

export const dialogPaper = {
  paper: { sx: { width: { xs: `${MODAL_VIEWPORT_MAX * 100}vw`, sm: 520 }, maxHeight: `min(${MODAL_MAX_HEIGHT}px, ${MODAL_VIEWPORT_MAX * 100}vh)` } },
};

/**
 * The admin's decision on an event under review, with the message the organizer reads in the editor:
 * required to reject or to ask for changes (the organizer must know why), optional to approve.
 */
export function ReviewDecisionDialog({
  decision,
  onClose,
  onSubmit,
}: {
  decision: ModerationDecisionKind | null;
  onClose: () => void;
  onSubmit: (decision: ModerationDecision) => Promise<ApiResult<unknown>>;
}) {
  return (
    <Dialog open={decision !== null} onClose={onClose} aria-labelledby="review-decision-title" slotProps={dialogPaper}>
      {decision ? <ReviewDecisionForm key={decision} decision={decision} onClose={onClose} onSubmit={onSubmit} /> : null}
    </Dialog>
  );
}

function ReviewDecisionForm({
  decision,
  onClose,
  onSubmit,
}: {
  decision: ModerationDecisionKind;
  onClose: () => void;
  onSubmit: (decision: ModerationDecision) => Promise<ApiResult<unknown>>;
}) {
  const { t } = useTranslation('moderation');
  const form = useSchemaForm(ModerationDecisionSchema, { mode: 'onSubmit', defaultValues: { decision, message: '' } });
  const submit = form.handleSubmit(async (values) => {
    const result = await onSubmit({ decision: values.decision, ...(values.message ? { message: values.message } : {}) });
    if (result.ok) onClose();
    else applyProblemToForm(form, result.problem, ['message'], { otherwise: 'message' });
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <DialogTitle id="review-decision-title">{t(`review.decision.${decision}.title`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          <DialogContentText>{t(`review.decision.${decision}.body`)}</DialogContentText>
          <FormTextField
            form={form}
            name="message"
            label={decision === 'approve' ? t('review.decision.messageOptional') : t('review.decision.message')}
            required={decision !== 'approve'}
            multiline
            minRows={3}
            autoFocus
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} color="inherit" disabled={form.formState.isSubmitting}>
          {t('actions.back')}
        </Button>
        <Button type="submit" variant="contained" color={COLOR[decision]} disabled={form.formState.isSubmitting}>
          {t(`review.decision.${decision}.confirm`)}
        </Button>
      </DialogActions>
    </form>
  );
}
