import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { APPLICATION_LIMITS, ApplicationInputSchema, type ApplicationInput, type OrganizerApplication } from '../../../shared/schemas/admin-moderation';
import { FormTextField } from '../../components/form-text-field';
import { SubmitButton } from '../../components/submit-button';
import type { ApiResult } from '../../lib/api-client';
import { applyProblemToForm, useSchemaForm } from '../../lib/use-schema-form';

const FIELDS = ['name', 'contact', 'website', 'venues', 'message'] as const;

/**
 * The application to publish: the organisation, how to reach it, where it is on the web, the venues it runs
 * and a word for the admin. The same schema as the API; its field errors land on the fields.
 */
export function ApplicationForm({
  initial,
  submitLabel,
  onSubmit,
}: {
  initial?: OrganizerApplication;
  submitLabel: string;
  onSubmit: (input: ApplicationInput) => Promise<ApiResult<OrganizerApplication>>;
}) {
  const { t } = useTranslation('moderation');
  const form = useSchemaForm(ApplicationInputSchema, {
    defaultValues: {
      name: initial?.name ?? '',
      contact: initial?.contact ?? '',
      website: initial?.website ?? '',
      venues: initial?.venues ?? '',
      message: initial?.message ?? '',
    },
  });
  const submit = form.handleSubmit(async (values) => {
    const result = await onSubmit(values);
    if (!result.ok) applyProblemToForm(form, result.problem, FIELDS, { codeFields: { application_open: 'name', application_not_editable: 'name' } });
  });
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => void submit(event)} aria-label={t('apply.formLabel')}>
      <FormTextField form={form} name="name" label={t('apply.name')} required slotProps={{ htmlInput: { maxLength: APPLICATION_LIMITS.name } }} />
      <FormTextField form={form} name="contact" label={t('apply.contact')} helperText={t('apply.contactHelp')} required />
      <FormTextField form={form} name="website" label={t('apply.website')} helperText={t('apply.websiteHelp')} />
      <FormTextField form={form} name="venues" label={t('apply.venues')} helperText={t('apply.venuesHelp')} multiline minRows={2} />
      <FormTextField form={form} name="message" label={t('apply.message')} multiline minRows={3} />
      <SubmitButton busy={form.formState.isSubmitting} fullWidth={false} sx={{ alignSelf: { sm: 'flex-start' } }}>
        {submitLabel}
      </SubmitButton>
    </Stack>
  );
}
