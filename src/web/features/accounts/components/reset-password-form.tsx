import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PASSWORD_MIN_LENGTH, PASSWORD_RESET_TOKEN_PARAM, ResetPasswordSchema } from '../../../../shared/schemas/users';
import { endSession } from '../../../lib/session';
import { localePath, useLocale } from '../../../lib/use-locale';
import { useSnackbarStore } from '../../../stores/snackbar-store';
import { useUserStore } from '../../../stores/user-store';
import { resetPassword } from '../lib/accounts-api';
import { readFragment } from '../lib/social';
import { applyProblemToForm, useSchemaForm } from '../../../lib/use-schema-form';
import { AuthCard } from './auth-card';
import { PasswordField } from '../../../components/form-text-field';
import { SubmitButton } from '../../../components/submit-button';

const NewPasswordSchema = ResetPasswordSchema.pick({ password: true });

/**
 * The e-mailed link's token travels in the URL fragment (never sent to a server or a Referer); an older
 * `?token=` link is read too. Either is removed from the address bar at once.
 */
export function readResetToken(location: Pick<Location, 'hash' | 'search'>): string | null {
  return readFragment(location.hash).get(PASSWORD_RESET_TOKEN_PARAM) || new URLSearchParams(location.search).get(PASSWORD_RESET_TOKEN_PARAM) || null;
}

/** Sets a new password with the token from the e-mailed link (expiring, single use). */
export function ResetPasswordForm() {
  const { t } = useTranslation('accounts');
  const locale = useLocale();
  const navigate = useNavigate();
  const showSnackbar = useSnackbarStore((state) => state.show);
  // undefined: not read yet (server render); null: the link carries none.
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [invalid, setInvalid] = useState(false);
  const form = useSchemaForm(NewPasswordSchema, { defaultValues: { password: '' } });

  useEffect(() => {
    const found = readResetToken(window.location);
    if (found) window.history.replaceState(window.history.state, '', window.location.pathname);
    // The fragment exists only in the browser, so it is read after hydration, once.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setToken(found);
  }, []);

  const onSubmit = form.handleSubmit(async (values) => {
    if (!token) return;
    const answer = await resetPassword({ token, password: values.password });
    if (!answer.ok) {
      if (!applyProblemToForm(form, answer.problem, ['password'])) setInvalid(true);
      return;
    }
    // The server signed every device out; this one follows.
    if (useUserStore.getState().loggedIn) await endSession();
    showSnackbar(t('reset.done'));
    await navigate(localePath(locale, '/login'), { replace: true });
  });

  const requestNew = (
    <Button component={RouterLink} to={localePath(locale, '/forgot-password')} variant="contained">
      {t('reset.requestNew')}
    </Button>
  );

  if (token === undefined) {
    return (
      <AuthCard title={t('reset.title')}>
        <CircularProgress sx={{ alignSelf: 'center' }} aria-label={t('common.loading')} />
      </AuthCard>
    );
  }

  if (token === null || invalid) {
    return (
      <AuthCard title={t('reset.title')}>
        <Alert severity="warning">{t('reset.invalid')}</Alert>
        {requestNew}
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('reset.title')}
      subtitle={t('reset.subtitle')}
      footer={
        <Link component={RouterLink} to={localePath(locale, '/login')}>
          {t('forgot.back')}
        </Link>
      }
    >
      <Stack component="form" method="post" noValidate onSubmit={onSubmit} spacing={2.5} aria-label={t('reset.title')}>
        <PasswordField
          form={form}
          name="password"
          label={t('fields.newPassword')}
          autoComplete="new-password"
          helperText={t('password.rules', { count: PASSWORD_MIN_LENGTH })}
          required
        />
        <SubmitButton busy={form.formState.isSubmitting}>{t('reset.submit')}</SubmitButton>
      </Stack>
    </AuthCard>
  );
}
