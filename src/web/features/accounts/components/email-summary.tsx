import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../../shared/schemas/users';
import { useSnackbarStore } from '../../../stores/snackbar-store';
import { resendVerificationEmail } from '../lib/accounts-api';

/** The profile's address: whether it is proven, and "send the link again" while it is not. */
export function EmailSummary({ user }: { user: User }) {
  const { t } = useTranslation('accounts');
  const showSnackbar = useSnackbarStore((state) => state.show);
  const [sending, setSending] = useState(false);
  if (!user.email) return null;
  const resend = async () => {
    setSending(true);
    // A refusal (429 after three links an hour) reaches the snackbar through the API client.
    const answer = await resendVerificationEmail();
    setSending(false);
    if (answer.ok) showSnackbar(t('profile.email.sent', { email: user.email }), 'success');
  };
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <Typography color="textSecondary" data-testid="profile-email" sx={{ overflowWrap: 'anywhere' }}>
        {user.email}
      </Typography>
      {user.email_verified ? (
        <Chip size="small" color="success" variant="outlined" icon={<MarkEmailReadIcon />} label={t('profile.email.verified')} data-testid="email-verified" />
      ) : (
        <>
          <Chip size="small" color="warning" variant="outlined" icon={<WarningAmberIcon />} label={t('profile.email.unverified')} data-testid="email-unverified" />
          <Button size="small" onClick={() => void resend()} disabled={sending}>
            {t('profile.email.resend')}
          </Button>
        </>
      )}
    </Stack>
  );
}
