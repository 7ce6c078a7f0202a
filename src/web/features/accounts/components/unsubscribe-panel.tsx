import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EMAIL_KINDS, type EmailKind } from '../../../../shared/schemas/account-settings';
import { SubmitButton } from '../../../components/submit-button';
import { localePath, useLocale } from '../../../lib/use-locale';
import { unsubscribe } from '../lib/account-settings-api';
import { AuthCard } from './auth-card';

/** The kind a token names, read from its payload for the page's question only (the server verifies it). */
export function kindOfToken(token: string): EmailKind | null {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { knd?: unknown };
    return EMAIL_KINDS.find((kind) => kind === payload.knd) ?? null;
  } catch {
    return null;
  }
}

type State = { step: 'ask' } | { step: 'done' } | { step: 'invalid' };

/**
 * `/{lang}/unsubscribe?token=`: the footer link of an e-mail. Opening it changes nothing (link scanners
 * open every link); the button sends the same one-click POST a mail client would.
 */
export function UnsubscribePanel() {
  const { t } = useTranslation('posted');
  const locale = useLocale();
  const [token, setToken] = useState<string | null>(null);
  const [state, setState] = useState<State>({ step: 'ask' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // The query is read after hydration: the server-rendered page is the same for everyone.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setToken(new URLSearchParams(window.location.search).get('token'));
  }, []);

  const kind = token ? kindOfToken(token) : null;
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!token) return;
    setBusy(true);
    const answer = await unsubscribe(token, locale);
    setBusy(false);
    setState(answer.ok ? { step: 'done' } : { step: 'invalid' });
  };

  return (
    <AuthCard title={t('settings.unsubscribe.title')}>
      {state.step === 'ask' ? (
        <form method="post" onSubmit={(event) => void onSubmit(event)}>
          <Typography sx={{ mb: 2 }}>{kind ? t(`settings.unsubscribe.intro.${kind}`) : t('settings.unsubscribe.intro_any')}</Typography>
          <SubmitButton busy={busy} disabled={!token}>
            {t('settings.unsubscribe.button')}
          </SubmitButton>
        </form>
      ) : (
        <Alert severity={state.step === 'done' ? 'success' : 'warning'} data-testid="unsubscribe-result" data-state={state.step}>
          {t(state.step === 'done' ? 'settings.unsubscribe.done' : 'settings.unsubscribe.invalid')}
        </Alert>
      )}
      <Button component={RouterLink} to={localePath(locale, '/profile#notifications')}>
        {t('settings.unsubscribe.settings')}
      </Button>
    </AuthCard>
  );
}
