import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { type Consent, type ConsentChoice, serializeConsent } from '../../shared/consent';
import { localePath, useLocale } from '../lib/use-locale';

const secure = () => window.location.protocol === 'https:';

export function rememberConsent(choice: ConsentChoice) {
  document.cookie = serializeConsent(choice, { secure: secure() });
}

/** Forgets the choice, so the banner asks again (and analytics, once loaded, is gone after the reload). */
export function forgetConsent() {
  document.cookie = serializeConsent(null, { secure: secure() });
}

/** Spec §2: shown on every page except those whose path contains "reservation"; the choice is a cookie. */
export function shouldShowConsent(pathname: string, consent: Consent): boolean {
  return consent === null && !pathname.includes('reservation');
}

export function ConsentBanner({ consent, onChoice }: { consent: Consent; onChoice: (choice: ConsentChoice) => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const locale = useLocale();
  if (!shouldShowConsent(pathname, consent)) return null;
  const choose = (choice: ConsentChoice) => {
    rememberConsent(choice);
    onChoice(choice);
  };
  return (
    <Paper
      role="region"
      aria-label={t('consent.label')}
      elevation={8}
      sx={{ position: 'fixed', insetInline: 16, bottom: 16, p: 2, zIndex: (theme) => theme.zIndex.snackbar - 1, maxWidth: 720, mx: 'auto' }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="body2" sx={{ flex: 1 }}>
          {t('consent.text')}{' '}
          <Link component={RouterLink} to={localePath(locale, '/privacy-policy')} color="secondary">
            {t('consent.learnMore')}
          </Link>
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" color="inherit" onClick={() => choose('declined')}>
            {t('consent.decline')}
          </Button>
          <Button variant="contained" onClick={() => choose('accepted')}>
            {t('consent.accept')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
