import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EMAIL_VERIFICATION_TOKEN_PARAM } from '../../../../shared/schemas/users';
import { localePath, useLocale } from '../../../lib/use-locale';
import { verifyEmail } from '../lib/accounts-api';
import { readFragment } from '../lib/social';
import { AuthCard } from './auth-card';

type State = 'reading' | 'working' | 'done' | 'invalid';

/** The token of the e-mailed link, from the fragment (never sent to a server log or a Referer). */
export function readVerificationToken(location: Pick<Location, 'hash'>): string | null {
  return readFragment(location.hash).get(EMAIL_VERIFICATION_TOKEN_PARAM) || null;
}

/** Opens the e-mailed verification link: confirms the address with the server and says how it went. */
export function VerifyEmailStatus() {
  const { t } = useTranslation('accounts');
  const locale = useLocale();
  const [state, setState] = useState<State>('reading');
  // The token is single use: React's development double effect must not send it twice.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const token = readVerificationToken(window.location);
    if (token) window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!token) {
      // The fragment exists only in the browser, so it is read after hydration, once.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setState('invalid');
      return;
    }
    setState('working');
    void verifyEmail({ token }).then((answer) => setState(answer.ok ? 'done' : 'invalid'));
  }, []);

  return (
    <AuthCard title={t('verifyEmail.title')}>
      {state === 'reading' || state === 'working' ? (
        <CircularProgress sx={{ alignSelf: 'center' }} aria-label={t('verifyEmail.working')} />
      ) : (
        <>
          <Alert severity={state === 'done' ? 'success' : 'warning'} data-testid="verify-email-result" data-state={state}>
            {t(state === 'done' ? 'verifyEmail.done' : 'verifyEmail.invalid')}
          </Alert>
          <Button component={RouterLink} to={localePath(locale)} variant="contained">
            {t('verifyEmail.continue')}
          </Button>
        </>
      )}
    </AuthCard>
  );
}
