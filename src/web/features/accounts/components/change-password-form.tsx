import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { ChangePasswordSchema } from '../../../../shared/schemas/account-settings';
import type { User } from '../../../../shared/schemas/users';
import { PasswordField } from '../../../components/form-text-field';
import { SubmitButton } from '../../../components/submit-button';
import { applyProblemToForm, useSchemaForm } from '../../../lib/use-schema-form';
import { useSnackbarStore } from '../../../stores/snackbar-store';
import { changePassword } from '../lib/account-settings-api';

/** Profile → Password: the current one and a new one (registration's rules); other devices are signed out. */
export function ChangePasswordForm({ user }: { user: User }) {
  const { t } = useTranslation('posted');
  const showSnackbar = useSnackbarStore((state) => state.show);
  const form = useSchemaForm(ChangePasswordSchema, { defaultValues: { current_password: '', new_password: '' } });

  const onSubmit = form.handleSubmit(async (values) => {
    const answer = await changePassword(values);
    if (!answer.ok) {
      applyProblemToForm(form, answer.problem, ['current_password', 'new_password'], {
        codeFields: { password_incorrect: 'current_password' },
        otherwise: 'current_password',
      });
      return;
    }
    form.reset();
    showSnackbar(t('account.password.changed'));
  });

  // A social-only account has no current password to give; a reset link sets one.
  if (user.has_password === false) return <Alert severity="info">{t('account.password.none')}</Alert>;
  return (
    <Stack component="form" method="post" noValidate onSubmit={onSubmit} spacing={2} aria-label={t('account.password.title')}>
      <PasswordField form={form} name="current_password" label={t('account.password.current')} autoComplete="current-password" required />
      <PasswordField form={form} name="new_password" label={t('account.password.new')} autoComplete="new-password" required />
      <Box>
        <SubmitButton busy={form.formState.isSubmitting} fullWidth={false} size="medium">
          {t('account.password.save')}
        </SubmitButton>
      </Box>
    </Stack>
  );
}
