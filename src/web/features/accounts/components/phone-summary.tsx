import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatPhoneNumber } from '../../../../shared/phone-format';
import type { User } from '../../../../shared/schemas/users';
import { localePath, useLocale } from '../../../lib/use-locale';

/** The profile's phone section: the number, whether it is verified, and the way to add or verify it. */
export function PhoneSummary({ user }: { user: User }) {
  const { t } = useTranslation('accounts');
  const locale = useLocale();
  const action = !user.phone_number ? 'add' : user.phone_verified ? 'change' : 'verify';
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <PhoneIphoneIcon color="action" aria-hidden />
        <Typography data-testid="profile-phone" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {user.phone_number ? formatPhoneNumber(user.phone_number) : t('profile.phone.none')}
        </Typography>
        {user.phone_number ? (
          user.phone_verified ? (
            <Chip size="small" color="success" variant="outlined" icon={<VerifiedUserIcon />} label={t('profile.phone.verified')} data-testid="phone-verified" />
          ) : (
            <Chip size="small" color="warning" variant="outlined" icon={<WarningAmberIcon />} label={t('profile.phone.unverified')} />
          )
        ) : null}
      </Stack>
      <Button component={RouterLink} to={localePath(locale, '/verify-phone')} variant={action === 'change' ? 'text' : 'contained'}>
        {t(`profile.phone.${action}`)}
      </Button>
    </Stack>
  );
}
