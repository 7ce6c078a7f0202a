import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import {
  SUSPENSION_REASON_MAX_LENGTH,
  SuspendUserSchema,
} from '../../../shared/schemas/admin-users';
import { FormTextField } from '../../components/form-text-field';
import { SubmitButton } from '../../components/submit-button';
import type { ApiResult } from '../../lib/api-client';
import { applyProblemToForm, useSchemaForm } from '../../lib/use-schema-form';

/**
 * Suspends an account after a reason (required: it is kept with the account and in the audit log). Says
 * what follows: signed out everywhere, open reservations cancelled.
 */
export function SuspendDialog({
  open,
  name,
  onClose,
  onSubmit,
}: {
  open: boolean;
  name: string;
  onClose: () => void;
  onSubmit: (reason: string) => Promise<ApiResult<unknown>>;
}) {
  const { t } = useTranslation('admin');
  const form = useSchemaForm(SuspendUserSchema, {
    defaultValues: { reason: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    const result = await onSubmit(values.reason);
    if (result.ok) {
      form.reset({ reason: '' });
      onClose();
      return;
    }
    applyProblemToForm(form, result.problem, ['reason']);
  });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="suspend-title"
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="suspend-title">
          {t('user.suspend.title', { name })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t('user.suspend.consequences')}
          </DialogContentText>
          <FormTextField
            form={form}
            name="reason"
            label={t('user.suspend.reason')}
            multiline
            minRows={3}
            required
            slotProps={{
              htmlInput: { maxLength: SUSPENSION_REASON_MAX_LENGTH },
            }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <SubmitButton
            busy={form.formState.isSubmitting}
            fullWidth={false}
            size="medium"
            color="warning"
          >
            {t('user.suspend.confirm')}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
