import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { EditUserSchema, type User } from '../../../../shared/schemas/users';
import { useSnackbarStore } from '../../../stores/snackbar-store';
import { useUserStore } from '../../../stores/user-store';
import { editUser } from '../lib/accounts-api';
import { applyProblemToForm, useSchemaForm } from '../../../lib/use-schema-form';
import { FormTextField } from '../../../components/form-text-field';

/** First and last name (POST /users/edit_user). */
export function PersonalDataForm({ user }: { user: User }) {
  const { t } = useTranslation('accounts');
  const showSnackbar = useSnackbarStore((state) => state.show);
  const setUser = useUserStore((state) => state.setUser);
  const form = useSchemaForm(EditUserSchema, {
    defaultValues: { first_name: user.first_name ?? '', last_name: user.last_name ?? '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    const answer = await editUser(values);
    if (!answer.ok) {
      applyProblemToForm(form, answer.problem, ['first_name', 'last_name']);
      return;
    }
    setUser(answer.data.user);
    form.reset({ first_name: answer.data.user.first_name ?? '', last_name: answer.data.user.last_name ?? '' });
    showSnackbar(t('profile.saved'));
  });

  const busy = form.formState.isSubmitting;
  return (
    <Stack component="form" method="post" noValidate onSubmit={onSubmit} spacing={2} aria-label={t('profile.personal.title')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField form={form} name="first_name" label={t('fields.firstName')} autoComplete="given-name" required />
        <FormTextField form={form} name="last_name" label={t('fields.lastName')} autoComplete="family-name" required />
      </Stack>
      <Box>
        <Button type="submit" variant="contained" disabled={busy} aria-busy={busy} startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}>
          {t('profile.personal.save')}
        </Button>
      </Box>
    </Stack>
  );
}
