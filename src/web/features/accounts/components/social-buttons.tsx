import FacebookIcon from '@mui/icons-material/Facebook';
import GoogleIcon from '@mui/icons-material/Google';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale';
import { beginSocialSignIn, type SocialConfig, type SocialProvider } from '../lib/social';

/** "Continue with Google / Facebook" — only for the providers the deployment configures. */
export function SocialButtons({ config, next }: { config: SocialConfig; next: string | null }) {
  const { t } = useTranslation('accounts');
  const locale = useLocale();
  if (!config.google && !config.facebook) return null;

  const start = (provider: SocialProvider) => {
    const url = beginSocialSignIn(provider, config, { locale, next, origin: window.location.origin, storage: window.sessionStorage });
    window.location.assign(url);
  };

  return (
    <Stack spacing={1.5}>
      <Divider sx={{ color: 'text.secondary', fontSize: 14 }}>{t('social.or')}</Divider>
      {config.google ? (
        <Button variant="outlined" size="large" startIcon={<GoogleIcon />} onClick={() => start('google')} data-testid="social-google">
          {t('social.google')}
        </Button>
      ) : null}
      {config.facebook ? (
        <Button variant="outlined" size="large" startIcon={<FacebookIcon />} onClick={() => start('facebook')} data-testid="social-facebook">
          {t('social.facebook')}
        </Button>
      ) : null}
    </Stack>
  );
}
