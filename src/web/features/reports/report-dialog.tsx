import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type FormEvent, useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { REPORT_MESSAGE_MAX, REPORT_REASONS, ReportFormSchema, type ReportTargetType } from '../../../shared/schemas/reports';
import { FormTextField } from '../../components/form-text-field';
import { applyProblemToForm, useFieldErrorText, useSchemaForm } from '../../lib/use-schema-form';
import { sendReport } from './reports-api';

export interface ReportTarget {
  type: ReportTargetType;
  id: number;
  /** What the choice says when there is more than one target (the event, or its organizer by name). */
  label: string;
}

/**
 * The report dialog (loaded on first intent, report-button.tsx): the fixed reasons as radio buttons and a
 * message (required for "Other"), sent with whatever bearer the client holds, a guest's too. Full screen on
 * a phone. A refusal without field errors (429, 404) reaches the person through the client's one problem
 * channel; the dialog stays open.
 */
export default function ReportDialog({ open, onClose, targets }: { open: boolean; onClose: () => void; targets: readonly ReportTarget[] }) {
  const { t } = useTranslation('reports');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const errorText = useFieldErrorText();
  const ids = { title: useId(), reason: useId(), target: useId() };
  const [targetIndex, setTargetIndex] = useState(0);
  const [sent, setSent] = useState(false);
  const form = useSchemaForm(ReportFormSchema, { defaultValues: { message: '' } });
  const target = targets[targetIndex] ?? targets[0];

  const close = () => {
    onClose();
    // After the closing animation would be nicer, but a reopened dialog must start empty either way.
    setSent(false);
    form.reset({ message: '' });
  };
  const submit = form.handleSubmit(async (values) => {
    if (!target) return;
    const result = await sendReport({ target_type: target.type, target_id: target.id, reason: values.reason, message: values.message });
    if (result.ok) setSent(true);
    else applyProblemToForm(form, result.problem, ['reason', 'message']);
  });
  const reasonError = errorText(form.formState.errors.reason);

  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby={ids.title}
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: (event: FormEvent) => void submit(event) } as object }}
    >
      <DialogTitle id={ids.title}>{t('dialog.title')}</DialogTitle>
      <DialogContent>
        {sent ? (
          <Alert severity="success" role="status">
            {t('dialog.thanks')}
          </Alert>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            {targets.length > 1 ? (
              <FormControl>
                <FormLabel id={ids.target}>{t('dialog.target')}</FormLabel>
                <RadioGroup aria-labelledby={ids.target} value={String(targetIndex)} onChange={(event) => setTargetIndex(Number(event.target.value))}>
                  {targets.map((option, index) => (
                    <FormControlLabel key={`${option.type}-${option.id}`} value={String(index)} control={<Radio />} label={option.label} />
                  ))}
                </RadioGroup>
              </FormControl>
            ) : null}
            <Controller
              control={form.control}
              name="reason"
              render={({ field }) => (
                <FormControl error={Boolean(reasonError)}>
                  <FormLabel id={ids.reason}>{t('dialog.reason')}</FormLabel>
                  <RadioGroup aria-labelledby={ids.reason} name={field.name} value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur}>
                    {REPORT_REASONS.map((reason) => (
                      <FormControlLabel key={reason} value={reason} control={<Radio />} label={t(`reason.${reason}`)} />
                    ))}
                  </RadioGroup>
                  {reasonError ? <FormHelperText>{reasonError}</FormHelperText> : null}
                </FormControl>
              )}
            />
            <FormTextField
              form={form}
              name="message"
              label={t('dialog.message')}
              helperText={t('dialog.messageHelp')}
              multiline
              minRows={3}
              slotProps={{ htmlInput: { maxLength: REPORT_MESSAGE_MAX } }}
            />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {sent ? (
          <Button onClick={close} variant="contained">
            {t('dialog.close')}
          </Button>
        ) : (
          <>
            <Button onClick={close}>{t('dialog.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={form.formState.isSubmitting} aria-busy={form.formState.isSubmitting}>
              {t('dialog.submit')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
