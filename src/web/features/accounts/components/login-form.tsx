import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { EmailPasswordLoginSchema } from '../../../../shared/schemas/users';
import { completeSignIn } from '../../../lib/session';
import { localePath, useLocale } from '../../../lib/use-locale';
import { useSnackbarStore } from '../../../stores/snackbar-store';
import { emailPasswordLogin } from '../lib/accounts-api';
import { landingPath, withNext } from '../lib/next-url';
import type { SocialConfig } from '../lib/social';
import { applyProblemToForm, useSchemaForm } from '../../../lib/use-schema-form';
import { AuthCard } from './auth-card';
import { FormTextField, PasswordField } from '../../../components/form-text-field';
import { SocialButtons } from './social-buttons';
import { SubmitButton } from '../../../components/submit-button';

const LoginFormSchema = EmailPasswordLoginSchema.pick({ email: true, password: true });

/** Sign in with e-mail and password, then back to the page the person came from (spec §7 passedURL). */
export function LoginForm({ social, next }: { social: SocialConfig; next: string | null }) {
  const { t } = useTranslation('accounts');
  const locale = useLocale();
  const navigate = useNavigate();
  const showSnackbar = useSnackbarStore((state) => state.show);
  const form = useSchemaForm(LoginFormSchema, { defaultValues: { email: '', password: '' } });

  const onSubmit = form.handleSubmit(async (values) => {
    const answer = await emailPasswordLogin({ ...values, passedURL: next ?? undefined });
    if (!answer.ok) {
      applyProblemToForm(form, answer.problem, ['email', 'password']);
      return;
    }
    completeSignIn(answer.data);
    showSnackbar(t('login.welcome'));
    await navigate(next ?? landingPath(locale, answer.data.user), { replace: true });
  });

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <Typography>
          {t('login.noAccount')}{' '}
          <Link component={RouterLink} to={withNext(locale, '/register', next)}>
            {t('login.register')}
          </Link>
        </Typography>
      }
    >
      <Stack component="form" method="post" noValidate onSubmit={onSubmit} spacing={2.5} aria-label={t('login.title')}>
        <FormTextField form={form} name="email" type="email" label={t('fields.email')} autoComplete="email" required />
        <PasswordField form={form} name="password" label={t('fields.password')} autoComplete="current-password" required />
        <Link component={RouterLink} to={localePath(locale, '/forgot-password')} sx={{ alignSelf: 'flex-end', mt: '8px !important' }}>
          {t('login.forgot')}
        </Link>
        <SubmitButton busy={form.formState.isSubmitting}>{t('login.submit')}</SubmitButton>
      </Stack>
      <SocialButtons config={social} next={next} />
    </AuthCard>
  );
}
