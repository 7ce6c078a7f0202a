import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { RequestPasswordResetSchema } from '../../../../shared/schemas/users';
import { localePath, useLocale } from '../../../lib/use-locale';
import { requestPasswordReset } from '../lib/accounts-api';
import { applyProblemToForm, useSchemaForm } from '../../../lib/use-schema-form';
import { AuthCard } from './auth-card';
import { FormTextField } from '../../../components/form-text-field';
import { SubmitButton } from '../../../components/submit-button';

/** Asks for a reset link. The answer is the same whether or not the address has an account. */
export function ForgotPasswordForm() {
  const { t } = useTranslation('accounts');
  const locale = useLocale();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useSchemaForm(RequestPasswordResetSchema, { defaultValues: { email: '' } });

  const onSubmit = form.handleSubmit(async (values) => {
    const answer = await requestPasswordReset(values);
    if (!answer.ok) {
      applyProblemToForm(form, answer.problem, ['email']);
      return;
    }
    setSentTo(values.email);
  });

  const back = (
    <Link component={RouterLink} to={localePath(locale, '/login')}>
      {t('forgot.back')}
    </Link>
  );

  if (sentTo) {
    return (
      <AuthCard title={t('forgot.sentTitle')} footer={back}>
        <Alert icon={<MarkEmailReadIcon />} severity="success" role="status">
          {t('forgot.sent', { email: sentTo })}
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')} footer={back}>
      <Stack component="form" method="post" noValidate onSubmit={onSubmit} spacing={2.5} aria-label={t('forgot.title')}>
        <FormTextField form={form} name="email" type="email" label={t('fields.email')} autoComplete="email" required />
        <SubmitButton busy={form.formState.isSubmitting}>{t('forgot.submit')}</SubmitButton>
        <Typography variant="body2" color="textSecondary">
          {t('forgot.hint')}
        </Typography>
      </Stack>
    </AuthCard>
  );
}
