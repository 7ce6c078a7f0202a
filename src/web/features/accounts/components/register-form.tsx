import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PASSWORD_MIN_LENGTH, RegisterEmailSchema } from '../../../../shared/schemas/users';
import { completeSignIn } from '../../../lib/session';
import { localePath, useLocale } from '../../../lib/use-locale';
import { useSnackbarStore } from '../../../stores/snackbar-store';
import { emailPasswordLogin, registerEmail } from '../lib/accounts-api';
import { withNext } from '../lib/next-url';
import type { SocialConfig } from '../lib/social';
import { applyProblemToForm, useSchemaForm } from '../../../lib/use-schema-form';
import { AuthCard } from './auth-card';
import { FormTextField, PasswordField } from '../../../components/form-text-field';
import { SocialButtons } from './social-buttons';
import { SubmitButton } from '../../../components/submit-button';

/** Create an account with e-mail and password; the person is signed in at once (DESIGN §10). */
export function RegisterForm({ social, next }: { social: SocialConfig; next: string | null }) {
  const { t } = useTranslation('accounts');
  const locale = useLocale();
  const navigate = useNavigate();
  const showSnackbar = useSnackbarStore((state) => state.show);
  const form = useSchemaForm(RegisterEmailSchema, { defaultValues: { email: '', password: '' } });

  const onSubmit = form.handleSubmit(async (values) => {
    const registered = await registerEmail(values);
    if (!registered.ok) {
      applyProblemToForm(form, registered.problem, ['email', 'password'], { codeFields: { email_taken: 'email' } });
      return;
    }
    const signedIn = await emailPasswordLogin({ email: values.email, password: values.password });
    if (!signedIn.ok) {
      // The account exists; only the automatic sign-in failed: let the person sign in by hand.
      await navigate(withNext(locale, '/login', next), { replace: true });
      return;
    }
    completeSignIn(signedIn.data);
    showSnackbar(t('register.welcome'));
    await navigate(next ?? localePath(locale, '/profile'), { replace: true });
  });

  return (
    <AuthCard
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <Typography>
          {t('register.haveAccount')}{' '}
          <Link component={RouterLink} to={withNext(locale, '/login', next)}>
            {t('register.login')}
          </Link>
        </Typography>
      }
    >
      <Stack component="form" method="post" noValidate onSubmit={onSubmit} spacing={2.5} aria-label={t('register.title')}>
        <FormTextField form={form} name="email" type="email" label={t('fields.email')} autoComplete="email" required />
        <PasswordField
          form={form}
          name="password"
          label={t('fields.newPassword')}
          autoComplete="new-password"
          helperText={t('password.rules', { count: PASSWORD_MIN_LENGTH })}
          required
        />
        <Typography variant="body2" color="textSecondary">
          {t('register.terms')}{' '}
          <Link component={RouterLink} to={localePath(locale, '/privacy-policy')}>
            {t('register.privacy')}
          </Link>
        </Typography>
        <SubmitButton busy={form.formState.isSubmitting}>{t('register.submit')}</SubmitButton>
      </Stack>
      <SocialButtons config={social} next={next} />
    </AuthCard>
  );
}
