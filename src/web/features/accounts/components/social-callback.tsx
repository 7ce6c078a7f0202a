import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { SignInResponse } from '../../../../shared/schemas/users';
import type { ApiResult } from '../../../lib/api-client';
import { completeSignIn, problemMessage } from '../../../lib/session';
import { useLocale } from '../../../lib/use-locale';
import { useSnackbarStore } from '../../../stores/snackbar-store';
import { registerFacebook, registerGoogle } from '../lib/accounts-api';
import { landingPath, loginPath } from '../lib/next-url';
import { decodeJwtPayload, fetchFacebookUserId, type PendingSignIn, readFragment, type SocialProvider, takePendingSignIn } from '../lib/social';
import { AuthCard } from './auth-card';

type Failure = { key: string };

/**
 * What the provider sent back, turned into a sign-in request — or the reason it cannot be. The
 * response must belong to a round trip this tab started (state, and Google's nonce inside the ID token).
 */
async function exchange(provider: SocialProvider, fragment: URLSearchParams, pending: PendingSignIn | null, graphUrl: string | null): Promise<ApiResult<SignInResponse> | Failure> {
  if (fragment.get('error')) return { key: 'callback.cancelled' };
  if (!pending) return { key: 'callback.expired' };
  if (provider === 'google') {
    const idToken = fragment.get('id_token');
    const claims = idToken ? decodeJwtPayload(idToken) : null;
    if (!idToken || !claims || claims.nonce !== pending.nonce) return { key: 'callback.invalid' };
    // The e-mail is sent as the spec's payload asks; the server trusts only the verified token.
    const email = typeof claims.email === 'string' ? claims.email : undefined;
    return registerGoogle({ id_token: idToken, email });
  }
  const accessToken = fragment.get('access_token');
  if (!accessToken || !graphUrl) return { key: 'callback.invalid' };
  const userId = await fetchFacebookUserId(graphUrl, accessToken);
  if (!userId) return { key: 'callback.invalid' };
  return registerFacebook({ facebook_access_token: accessToken, user_id: userId });
}

/** /{lang}/auth/{provider}/callback: completes a Google or Facebook sign-in started on the sign-in page. */
export function SocialCallback({ provider, graphUrl }: { provider: SocialProvider; graphUrl: string | null }) {
  const { t } = useTranslation('accounts');
  const locale = useLocale();
  const navigate = useNavigate();
  const showSnackbar = useSnackbarStore((state) => state.show);
  const [failure, setFailure] = useState<string | null>(null);
  const [retryNext, setRetryNext] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // Once per page: the pending round trip is single use (and StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    const fragment = readFragment(window.location.hash);
    // The credential must not stay in the address bar or the history.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    const pending = takePendingSignIn(provider, fragment.get('state'), window.sessionStorage);
    void (async () => {
      const outcome = await exchange(provider, fragment, pending, graphUrl);
      if ('key' in outcome) {
        setRetryNext(pending?.next ?? null);
        setFailure(t(outcome.key));
        return;
      }
      if (!outcome.ok) {
        setRetryNext(pending?.next ?? null);
        setFailure(problemMessage(outcome.problem, (key) => t(key)));
        return;
      }
      completeSignIn(outcome.data);
      showSnackbar(t('login.welcome'));
      await navigate(pending?.next ?? landingPath(locale, outcome.data.user), { replace: true });
    })();
  }, [provider, graphUrl, locale, navigate, showSnackbar, t]);

  if (failure) {
    return (
      <AuthCard title={t('callback.failedTitle')}>
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
        <Button component={RouterLink} to={loginPath(locale, retryNext)} variant="contained" size="large">
          {t('callback.back')}
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('callback.title')}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status" aria-live="polite">
        <CircularProgress size={28} aria-hidden />
        <Typography>{t(`callback.working.${provider}`)}</Typography>
      </Stack>
    </AuthCard>
  );
}
