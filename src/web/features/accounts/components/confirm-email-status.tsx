import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { localePath, useLocale } from '../../../lib/use-locale';
import { useUserStore } from '../../../stores/user-store';
import { confirmEmail } from '../lib/account-settings-api';
import { AuthCard } from './auth-card';

type State = { step: 'working' } | { step: 'done'; email: string } | { step: 'invalid' } | { step: 'taken' };

/**
 * Opens the link mailed to a new address (`?token=`): confirms the change with the server once, then
 * drops the token from the address bar (and so from history and any later Referer).
 */
export function ConfirmEmailStatus() {
  const { t } = useTranslation('posted');
  const locale = useLocale();
  const user = useUserStore((state) => state.user);
  const setUser = useUserStore((state) => state.setUser);
  const [state, setState] = useState<State>({ step: 'working' });
  // Single use: React's development double effect must not send it twice.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const token = new URLSearchParams(window.location.search).get('token');
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!token) {
      // The token is read in the browser only, after hydration.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setState({ step: 'invalid' });
      return;
    }
    void confirmEmail({ token }).then((answer) => {
      if (answer.ok) setState({ step: 'done', email: answer.data.email });
      else setState({ step: answer.problem.code === 'email_taken' ? 'taken' : 'invalid' });
    });
  }, []);

  useEffect(() => {
    // The signed-in person sees the new address at once on this device.
    if (state.step === 'done' && user && user.email !== state.email) setUser({ ...user, email: state.email, email_verified: true });
  }, [state, user, setUser]);

  return (
    <AuthCard title={t('account.confirm.title')}>
      {state.step === 'working' ? (
        <CircularProgress sx={{ alignSelf: 'center' }} aria-label={t('account.confirm.working')} />
      ) : (
        <>
          <Alert severity={state.step === 'done' ? 'success' : 'warning'} data-testid="confirm-email-result" data-state={state.step}>
            {state.step === 'done' ? t('account.confirm.done', { email: state.email }) : t(`account.confirm.${state.step}`)}
          </Alert>
          <Button component={RouterLink} to={localePath(locale, '/profile')} variant="contained">
            {t('account.confirm.continue')}
          </Button>
        </>
      )}
    </AuthCard>
  );
}
