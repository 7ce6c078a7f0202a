import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { z } from '../../../../shared/schemas/zod';
import type { User } from '../../../../shared/schemas/users';
import { endSession } from '../../../lib/session';
import { localePath, useLocale } from '../../../lib/use-locale';
import { useDialogStore } from '../../../stores/dialog-store';
import { useSnackbarStore } from '../../../stores/snackbar-store';
import { requestUserDeletion } from '../lib/accounts-api';
import { applyProblemToForm, useSchemaForm } from '../../../lib/use-schema-form';
import { FormTextField, PasswordField } from '../../../components/form-text-field';

const REASON_MAX_LENGTH = 1000;

/** The shared RequestUserDeletionSchema, as a form: an optional reason and, for password accounts, the password. */
function deletionFormSchema(needsPassword: boolean) {
  return z.object({
    reason: z.string().max(REASON_MAX_LENGTH, { error: 'field.too_big' }),
    password: needsPassword ? z.string().min(1, { error: 'field.required' }).max(1024, { error: 'field.password_long' }) : z.string(),
  });
}

/** Account deletion: what happens, an optional reason, a confirmation dialog, then the request. */
export function DeleteAccountForm({ user }: { user: User }) {
  const { t } = useTranslation('accounts');
  const locale = useLocale();
  const navigate = useNavigate();
  const showDialog = useDialogStore((state) => state.show);
  const showSnackbar = useSnackbarStore((state) => state.show);
  const needsPassword = user.has_password === true;
  const form = useSchemaForm(deletionFormSchema(needsPassword), { defaultValues: { reason: '', password: '' } });

  const remove = form.handleSubmit(async (values) => {
    const reason = values.reason.trim();
    const answer = await requestUserDeletion({ reason: reason || undefined, password: needsPassword ? values.password : undefined });
    if (!answer.ok) {
      applyProblemToForm(form, answer.problem, ['reason', 'password'], { codeFields: { password_incorrect: 'password' } });
      return;
    }
    // Leave this private page first: ended while it is still shown, the session's end would make its
    // guard (useRequireUser) send the person to sign in, racing this navigation home.
    await navigate(localePath(locale), { replace: true });
    // The server already signed this account out everywhere: only this browser's tokens remain to drop.
    await endSession();
    showSnackbar(t('delete.done'));
  });

  const confirm = form.handleSubmit(() => {
    showDialog({
      title: t('delete.confirmTitle'),
      message: t('delete.confirmMessage', { email: user.email ?? '' }),
      status: 'error',
      action: 'accounts:delete.confirm',
      onConfirm: () => void remove(),
    });
  });

  const busy = form.formState.isSubmitting;
  return (
    <Stack component="form" method="post" noValidate onSubmit={confirm} spacing={2.5} aria-label={t('delete.title')}>
      <Alert severity="warning">
        <Typography component="p" sx={{ fontWeight: 600 }}>
          {t('delete.warning')}
        </Typography>
        <ul style={{ margin: '8px 0 0', paddingLeft: 20 }}>
          <li>{t('delete.consequences.data')}</li>
          <li>{t('delete.consequences.devices')}</li>
          <li>{t('delete.consequences.reservations')}</li>
        </ul>
      </Alert>
      <FormTextField form={form} name="reason" label={t('fields.reason')} multiline minRows={3} helperText={t('delete.reasonHint')} slotProps={{ htmlInput: { maxLength: REASON_MAX_LENGTH } }} />
      {needsPassword ? <PasswordField form={form} name="password" label={t('fields.password')} autoComplete="current-password" required /> : null}
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to={localePath(locale, '/profile')} color="inherit">
          {t('delete.keep')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          color="error"
          disabled={busy}
          aria-busy={busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : <DeleteForeverIcon />}
        >
          {t('delete.submit')}
        </Button>
      </Stack>
    </Stack>
  );
}
