import Stack from '@mui/material/Stack';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MemberInputSchema } from '../../../shared/schemas/organizer-team';
import { FormTextField } from '../../components/form-text-field';
import { SubmitButton } from '../../components/submit-button';
import type { ApiResult } from '../../lib/api-client';
import { applyProblemToForm, useSchemaForm } from '../../lib/use-schema-form';
import { RoleSelect } from './team-members';
import type { Member, MemberInput } from './team-api';

/** Invite an address in a role; the person joins once signed in with it. */
export function InviteForm({ onSubmit }: { onSubmit: (input: MemberInput) => Promise<ApiResult<Member>> }) {
  const { t } = useTranslation('team');
  const form = useSchemaForm(MemberInputSchema, { defaultValues: { email: '', role: 'door' } });
  const submit = form.handleSubmit(async (values) => {
    const result = await onSubmit(values);
    if (result.ok) {
      form.reset({ email: '', role: values.role });
      return;
    }
    applyProblemToForm(form, result.problem, ['email', 'role'], { codeFields: { already_member: 'email', already_invited: 'email' } });
  });
  return (
    <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={2} noValidate onSubmit={(event) => void submit(event)} sx={{ alignItems: { sm: 'flex-start' } }}>
      <FormTextField form={form} name="email" type="email" label={t('invite.email')} autoComplete="off" sx={{ flex: 1 }} />
      <Controller
        control={form.control}
        name="role"
        render={({ field }) => <RoleSelect label={t('invite.role')} value={field.value} onChange={field.onChange} />}
      />
      <SubmitButton busy={form.formState.isSubmitting} fullWidth={false} sx={{ minHeight: 56 }}>
        {t('invite.send')}
      </SubmitButton>
    </Stack>
  );
}
