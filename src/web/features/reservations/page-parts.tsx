import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useRevalidator } from 'react-router';
import { localeFromPath } from '../../../shared/locales';
import { TokenStorage } from '../../lib/token-storage';
import { useLocale } from '../../lib/use-locale';
import { signInLink } from './account-links';

/**
 * Private pages load in the browser (the user's token lives in localStorage). Spec §2 saves the page's
 * language on every route change; the client loader runs before the shell's effect does, so it saves it
 * first, and the API answers in the language of the page being opened.
 */
export function rememberPageLocale(url: string): void {
  try {
    new TokenStorage(window.localStorage).setLocale(localeFromPath(new URL(url).pathname));
  } catch {
    // Storage unavailable: the API then answers in the default language.
  }
}

/** Private pages are never indexed. */
export function NoIndex() {
  return <meta name="robots" content="noindex" />;
}

/** What the server renders (and the browser shows) until the client loader has the data. */
export function PageSkeleton({ title }: { title: string }) {
  return (
    <Stack spacing={2} sx={{ py: 3, maxWidth: 880 }} aria-busy="true" data-testid="page-skeleton">
      <title>{title}</title>
      <NoIndex />
      <Skeleton variant="text" width="50%" height={44} />
      <Skeleton variant="rounded" height={120} />
      <Skeleton variant="rounded" height={88} />
      <Skeleton variant="rounded" height={88} />
    </Stack>
  );
}

export function SignInPrompt({ title, body }: { title: string; body?: string }) {
  const { t } = useTranslation('reservations');
  const locale = useLocale();
  const { pathname, search } = useLocation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="sign-in-prompt">
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h2">{title}</Typography>
        {body ? <Typography color="textSecondary">{body}</Typography> : null}
        <Button component={RouterLink} to={signInLink(locale, `${pathname}${search}`)} variant="contained" size="large">
          {t('signIn.action')}
        </Button>
      </Stack>
    </Paper>
  );
}

export function LoadFailed({ detail }: { detail?: string }) {
  const { t } = useTranslation('reservations');
  const { t: tc } = useTranslation();
  const revalidator = useRevalidator();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => void revalidator.revalidate()}>
          {tc('actions.retry')}
        </Button>
      }
    >
      {detail || t('loadFailed')}
    </Alert>
  );
}

/**
 * What a page behind sign-in shows instead of its content: the sign-in prompt, "not allowed", or the load
 * failure with a retry; nothing for any other state of its loader.
 */
export function AccessState({ state, title, signInBody, forbidden }: { state: { kind: string; detail?: string }; title: string; signInBody: string; forbidden: string }) {
  if (state.kind === 'sign_in') return <SignInPrompt title={title} body={signInBody} />;
  if (state.kind === 'forbidden') return <Alert severity="warning">{forbidden}</Alert>;
  if (state.kind === 'failed') return <LoadFailed detail={state.detail} />;
  return null;
}
