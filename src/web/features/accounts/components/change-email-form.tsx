import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangeEmailSchema } from '../../../../shared/schemas/account-settings';
import type { User } from '../../../../shared/schemas/users';
import { FormTextField, PasswordField } from '../../../components/form-text-field';
import { SubmitButton } from '../../../components/submit-button';
import { applyProblemToForm, useSchemaForm } from '../../../lib/use-schema-form';
import { changeEmail } from '../lib/account-settings-api';

/** Profile → E-mail: asks for a confirmation link to the new address (the password too, when the account has one). */
export function ChangeEmailForm({ user }: { user: User }) {
  const { t } = useTranslation('posted');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useSchemaForm(ChangeEmailSchema, { defaultValues: { new_email: '', password: '' } });
  const needsPassword = user.has_password !== false;

  const onSubmit = form.handleSubmit(async (values) => {
    const answer = await changeEmail({ new_email: values.new_email, password: needsPassword ? values.password : undefined });
    if (!answer.ok) {
      applyProblemToForm(form, answer.problem, ['new_email', 'password'], {
        codeFields: { password_incorrect: 'password', email_taken: 'new_email' },
        otherwise: 'new_email',
      });
      return;
    }
    setSentTo(values.new_email);
    form.reset();
  });

  return (
    <Stack component="form" method="post" noValidate onSubmit={onSubmit} spacing={2} aria-label={t('account.email.title')}>
      {user.email ? <Typography color="textSecondary">{t('account.email.current', { email: user.email })}</Typography> : null}
      {sentTo ? (
        <Alert severity="success" data-testid="email-change-sent">
          {t('account.email.sent', { email: sentTo })}
        </Alert>
      ) : null}
      <FormTextField form={form} name="new_email" type="email" label={t('account.email.new')} autoComplete="email" required />
      {needsPassword ? <PasswordField form={form} name="password" label={t('account.email.password')} autoComplete="current-password" required /> : null}
      <Box>
        <SubmitButton busy={form.formState.isSubmitting} fullWidth={false} size="medium">
          {t('account.email.save')}
        </SubmitButton>
      </Box>
    </Stack>
  );
}
