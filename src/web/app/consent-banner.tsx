import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { type Consent, type ConsentChoice, serializeConsent } from '../../shared/consent';
import { BREAKPOINT_TABLET } from '../../shared/constants';
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

/**
 * Accept and Decline are a form the server understands (POST /consent, server/web/consent-routes.ts sets
 * the same cookie and sends the reader back here), so a tap before the app has hydrated is not lost. Once
 * hydrated, the buttons write the cookie in the page and the form is never sent.
 */
export function ConsentBanner({ consent, onChoice }: { consent: Consent; onChoice: (choice: ConsentChoice) => void }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const locale = useLocale();
  if (!shouldShowConsent(pathname, consent)) return null;
  const choose = (event: MouseEvent, choice: ConsentChoice) => {
    event.preventDefault();
    rememberConsent(choice);
    onChoice(choice);
  };
  return (
    <Paper
      role="region"
      aria-label={t('consent.label')}
      elevation={8}
      sx={(theme) => ({
        position: 'fixed',
        insetInline: 16,
        bottom: 16,
        p: 2,
        maxWidth: 720,
        mx: 'auto',
        // Phones and tablets: under the modal drawer, which would otherwise have its last links (the site
        // pages) covered by a banner that the open drawer marks aria-hidden. From the desktop breakpoint,
        // where the drawer is permanent, above it, so the drawer never paints over the banner.
        zIndex: theme.zIndex.drawer - 1,
        [`@media (min-width: ${BREAKPOINT_TABLET}px)`]: { zIndex: theme.zIndex.snackbar - 1 },
      })}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="body2" sx={{ flex: 1 }}>
          {t('consent.text')}{' '}
          {/* A plain link in MUI Link's look (secondary, always underlined): the theme's focus ring applies to it. */}
          <Box
            component={RouterLink}
            to={localePath(locale, '/privacy-policy')}
            sx={(theme) => ({
              color: 'secondary.main',
              textDecoration: 'underline',
              textDecorationColor: theme.alpha(theme.palette.secondary.main, 0.4),
              '&:hover': { textDecorationColor: 'inherit' },
            })}
          >
            {t('consent.learnMore')}
          </Box>
        </Typography>
        <Stack component="form" method="post" action="/consent" direction="row" spacing={1}>
          <input type="hidden" name="back" value={`${pathname}${search}`} />
          <Button type="submit" name="choice" value="declined" variant="outlined" color="inherit" onClick={(event) => choose(event, 'declined')}>
            {t('consent.decline')}
          </Button>
          <Button type="submit" name="choice" value="accepted" variant="contained" onClick={(event) => choose(event, 'accepted')}>
            {t('consent.accept')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
