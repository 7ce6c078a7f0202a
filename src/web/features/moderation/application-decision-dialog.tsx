import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { ApplicationDecisionSchema, type AdminApplication, type ApplicationDecision } from '../../../shared/schemas/admin-moderation';
import { FormTextField } from '../../components/form-text-field';
import type { ApiResult } from '../../lib/api-client';
import { applyProblemToForm, useSchemaForm } from '../../lib/use-schema-form';
import { dialogPaper } from './review-decision-dialog';

export type ApplicationDecisionKind = ApplicationDecision['status'];
const COLOR = { approved: 'success', rejected: 'error', needs_info: 'warning' } as const;

/** Approve, reject or ask for more, with the message the applicant reads (required unless approving). */
export function ApplicationDecisionDialog({
  application,
  decision,
  onClose,
  onSubmit,
}: {
  application: AdminApplication | null;
  decision: ApplicationDecisionKind | null;
  onClose: () => void;
  onSubmit: (application: AdminApplication, decision: ApplicationDecision) => Promise<ApiResult<unknown>>;
}) {
  const { t } = useTranslation('moderation');
  const form = useSchemaForm(ApplicationDecisionSchema, { mode: 'onSubmit', values: { status: decision ?? 'approved', message: '' } });
  const submit = form.handleSubmit(async (values) => {
    if (!application) return;
    const result = await onSubmit(application, { status: values.status, ...(values.message ? { message: values.message } : {}) });
    if (result.ok) onClose();
    else applyProblemToForm(form, result.problem, ['message'], { otherwise: 'message' });
  });
  const open = Boolean(application && decision);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="application-decision-title" slotProps={dialogPaper}>
      {application && decision ? (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <DialogTitle id="application-decision-title">{t(`applications.decision.${decision}.title`, { name: application.name })}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 0.5 }}>
              <DialogContentText>{t(`applications.decision.${decision}.body`)}</DialogContentText>
              <FormTextField
                form={form}
                name="message"
                label={decision === 'approved' ? t('applications.decision.messageOptional') : t('applications.decision.message')}
                required={decision !== 'approved'}
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
              {t(`applications.decision.${decision}.confirm`)}
            </Button>
          </DialogActions>
        </form>
      ) : null}
    </Dialog>
  );
}
