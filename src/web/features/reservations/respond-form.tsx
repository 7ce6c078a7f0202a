import SendIcon from '@mui/icons-material/Send';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX_LENGTH, RespondSchema } from '../../../shared/schemas/reservations';
import { FormTextField } from '../../components/form-text-field';
import type { ApiResult } from '../../lib/api-client';
import { applyProblemToForm, useSchemaForm } from '../../lib/use-schema-form';

/** The guest's answer to the venue's "action needed" question; sending it returns the reservation to pending. */
export function RespondForm({ onSubmit }: { onSubmit: (message: string) => Promise<ApiResult<unknown>> }) {
  const { t } = useTranslation('reservations');
  // Checked when sent, not when the field is left: the guest may read the question again first.
  const form = useSchemaForm(RespondSchema, { mode: 'onSubmit', defaultValues: { message: '' } });
  const message = form.watch('message');
  const submit = form.handleSubmit(async (values) => {
    const result = await onSubmit(values.message);
    if (result.ok) form.reset();
    else applyProblemToForm(form, result.problem, ['message'], { otherwise: 'message' });
  });
  return (
    <Stack component="form" spacing={1.5} onSubmit={submit} noValidate>
      <FormTextField
        form={form}
        name="message"
        label={t('detail.answer')}
        multiline
        minRows={3}
        required
        fullWidth={false}
        helperText={`${message.length}/${MESSAGE_MAX_LENGTH}`}
        slotProps={{ htmlInput: { maxLength: MESSAGE_MAX_LENGTH } }}
      />
      <Button type="submit" variant="contained" endIcon={<SendIcon />} disabled={form.formState.isSubmitting} sx={{ alignSelf: 'flex-start', minHeight: 44 }}>
        {t('detail.sendAnswer')}
      </Button>
    </Stack>
  );
}
