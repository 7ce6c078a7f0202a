import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Controller, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TagMergeSchema } from '../../../shared/schemas/admin-taxonomy';
import { SubmitButton } from '../../components/submit-button';
import type { ApiResult } from '../../lib/api-client';
import { applyProblemToForm, useFieldErrorText, useSchemaForm } from '../../lib/use-schema-form';
import type { AdminTag } from './taxonomy-api';

/**
 * "Merge into…": the tag's events get the chosen tag, the tag is deleted and its links lead to the chosen
 * one. The dialog says so before anything happens.
 */
export function MergeDialog({
  tag,
  tags,
  nameOf,
  onClose,
  onSubmit,
}: {
  tag: AdminTag;
  tags: readonly AdminTag[];
  nameOf: (tag: AdminTag) => string;
  onClose: () => void;
  onSubmit: (into: number) => Promise<ApiResult<unknown>>;
}) {
  const { t } = useTranslation('taxonomy');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const errorText = useFieldErrorText();
  const others = tags.filter((candidate) => candidate.id !== tag.id);
  const form = useSchemaForm(TagMergeSchema, { defaultValues: { into: others[0]?.id } });
  const submit = form.handleSubmit(async (values) => {
    const result = await onSubmit(values.into);
    if (!result.ok) applyProblemToForm(form, result.problem, ['into'], { otherwise: 'into' });
  });

  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="xs" aria-labelledby="taxonomy-merge-title">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="taxonomy-merge-title">{t('merge.title', { name: nameOf(tag) })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2">{t('merge.body', { name: nameOf(tag), count: tag.event_count })}</Typography>
            <Controller
              control={form.control}
              name="into"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  fullWidth
                  label={t('merge.into')}
                  value={field.value ?? ''}
                  onChange={(event) => field.onChange(Number(event.target.value))}
                  error={Boolean(fieldState.error)}
                  helperText={errorText(fieldState.error as FieldError | undefined)}
                >
                  {others.map((candidate) => (
                    <MenuItem key={candidate.id} value={candidate.id}>
                      {nameOf(candidate)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('dialog.cancel')}</Button>
          <SubmitButton busy={form.formState.isSubmitting} fullWidth={false} size="medium" color="warning" disabled={others.length === 0}>
            {t('merge.confirm')}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
