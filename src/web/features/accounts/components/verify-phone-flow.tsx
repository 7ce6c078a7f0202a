import SmsIcon from '@mui/icons-material/Sms';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatPhoneNumber } from '../../../../shared/phone-format';
import { AddAdditionalInformationSchema, OTP_CODE_LENGTH, type User, VerifyPhoneSchema } from '../../../../shared/schemas/users';
import { loadUser } from '../../../lib/session';
import { localePath, useLocale } from '../../../lib/use-locale';
import { useSnackbarStore } from '../../../stores/snackbar-store';
import { useUserStore } from '../../../stores/user-store';
import { addAdditionalInformation, resendOtpCode, verifyPhone } from '../lib/accounts-api';
import {
  type PendingCode,
  pendingFromAnswer,
  readPendingCode,
  retryAfterSeconds,
  savePendingCode,
  secondsLeft,
  useNowSeconds,
} from '../lib/otp';
import { applyProblemToForm, useSchemaForm } from '../../../lib/use-schema-form';
import { FormTextField } from '../../../components/form-text-field';
import { SubmitButton } from '../../../components/submit-button';

const currentSeconds = () => Math.floor(Date.now() / 1000);

function sessionStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Step 1: name, last name and phone number (POST /users/add_additional_information → an SMS code). */
function DetailsStep({ user, onSent, onDone }: { user: User; onSent: (pending: PendingCode) => void; onDone: () => void }) {
  const { t } = useTranslation('accounts');
  const showSnackbar = useSnackbarStore((state) => state.show);
  const form = useSchemaForm(AddAdditionalInformationSchema, {
    defaultValues: { name: user.first_name ?? '', last_name: user.last_name ?? '', phone_number: user.phone_number ?? '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    const answer = await addAdditionalInformation(values);
    if (!answer.ok) {
      const fields = ['name', 'last_name', 'phone_number'] as const;
      applyProblemToForm(form, answer.problem, fields, { codeFields: { phone_in_use: 'phone_number' } });
      // A code was sent to this number less than a minute ago: go on entering that one.
      const storage = sessionStore();
      const pending = storage ? readPendingCode(storage, values.phone_number, currentSeconds()) : null;
      if (answer.status === 429 && pending) onSent(pending);
      return;
    }
    void loadUser();
    if (!answer.data.code_sent) {
      showSnackbar(t('phone.alreadyVerified'));
      onDone();
      return;
    }
    onSent(pendingFromAnswer(answer.data, currentSeconds()));
  });

  return (
    <Stack component="form" method="post" noValidate onSubmit={onSubmit} spacing={2.5} aria-label={t('phone.detailsTitle')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField form={form} name="name" label={t('fields.firstName')} autoComplete="given-name" required />
        <FormTextField form={form} name="last_name" label={t('fields.lastName')} autoComplete="family-name" required />
      </Stack>
      <FormTextField
        form={form}
        name="phone_number"
        type="tel"
        label={t('fields.phone')}
        autoComplete="tel"
        helperText={t('phone.hint')}
        slotProps={{ htmlInput: { inputMode: 'tel' } }}
        required
      />
      <SubmitButton busy={form.formState.isSubmitting} startIcon={<SmsIcon />}>
        {t('phone.send')}
      </SubmitButton>
    </Stack>
  );
}

/** Step 2: the 6-digit code (POST /users/verify_phone), with a resend button counting down. */
function CodeStep({ pending, onPending, onChangeNumber, onVerified }: { pending: PendingCode; onPending: (pending: PendingCode) => void; onChangeNumber: () => void; onVerified: (user: User) => void }) {
  const { t } = useTranslation('accounts');
  const showSnackbar = useSnackbarStore((state) => state.show);
  const now = useNowSeconds();
  const [resending, setResending] = useState(false);
  const form = useSchemaForm(VerifyPhoneSchema, { defaultValues: { code: '' } });
  const wait = secondsLeft(pending.resendAt, now);

  const onSubmit = form.handleSubmit(async (values) => {
    const answer = await verifyPhone(values);
    if (!answer.ok) {
      const triesLeft = answer.problem.code === 'code_invalid' ? answer.problem.tries_left : undefined;
      if (triesLeft !== undefined) {
        // On the field too, in the page's language and its plural form (the field error alone says only "wrong").
        form.setError('code', { type: 'server', message: t('errors:code_invalid', { count: triesLeft }) }, { shouldFocus: true });
        return;
      }
      applyProblemToForm(form, answer.problem, ['code'], { codeFields: { code_invalid: 'code', code_expired: 'code', code_attempts_exceeded: 'code' } });
      return;
    }
    onVerified(answer.data.user);
  });

  const resend = async () => {
    setResending(true);
    const answer = await resendOtpCode();
    setResending(false);
    if (answer.ok) {
      onPending(pendingFromAnswer(answer.data, currentSeconds()));
      form.resetField('code');
      showSnackbar(t('phone.resent'));
    } else if (answer.status === 429) {
      onPending({ ...pending, resendAt: currentSeconds() + retryAfterSeconds(answer.problem) });
    }
  };

  return (
    <Stack spacing={2.5}>
      <Alert severity="info" icon={<SmsIcon />} role="status">
        {t('phone.sentTo', { phone: formatPhoneNumber(pending.phoneNumber) })}
      </Alert>
      <Stack component="form" method="post" noValidate onSubmit={onSubmit} spacing={2.5} aria-label={t('phone.codeTitle')}>
        <FormTextField
          form={form}
          name="code"
          label={t('fields.code')}
          autoComplete="one-time-code"
          helperText={t('phone.codeHint', { count: OTP_CODE_LENGTH })}
          slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: OTP_CODE_LENGTH, style: { letterSpacing: '0.5em', fontSize: '1.4rem' } } }}
          required
        />
        <SubmitButton busy={form.formState.isSubmitting}>{t('phone.verify')}</SubmitButton>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Button onClick={() => void resend()} disabled={wait > 0 || resending} data-testid="resend-code">
          {wait > 0 ? t('phone.resendIn', { count: wait }) : t('phone.resend')}
        </Button>
        <Button color="inherit" onClick={onChangeNumber}>
          {t('phone.changeNumber')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** Add and verify a phone number: details, then the code sent by SMS. */
export function VerifyPhoneFlow({ user, next }: { user: User; next: string | null }) {
  const { t } = useTranslation('accounts');
  const locale = useLocale();
  const navigate = useNavigate();
  const showSnackbar = useSnackbarStore((state) => state.show);
  const setUser = useUserStore((state) => state.setUser);
  // A code already on its way to the user's (unverified) number resumes at the code step.
  const [pending, setPending] = useState<PendingCode | null>(() => {
    const storage = sessionStore();
    return storage && !user.phone_verified ? readPendingCode(storage, user.phone_number, currentSeconds()) : null;
  });

  const remember = (code: PendingCode | null) => {
    const storage = sessionStore();
    if (storage) savePendingCode(storage, code);
    setPending(code);
  };
  const finish = () => navigate(next ?? localePath(locale, '/profile'), { replace: true });

  if (pending) {
    return (
      <CodeStep
        pending={pending}
        onPending={remember}
        onChangeNumber={() => setPending(null)}
        onVerified={(verified) => {
          remember(null);
          setUser(verified);
          showSnackbar(t('phone.verified'));
          void finish();
        }}
      />
    );
  }
  return <DetailsStep user={user} onSent={remember} onDone={() => void finish()} />;
}
