import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { LazyPart } from '../../../lib/lazy-on-intent';
import { localePath, useLocale } from '../../../lib/use-locale';
import { useUserStore } from '../../../stores/user-store';
import { loginPath } from '../lib/next-url';
import { useSignOut } from '../lib/use-sign-out';

/** Pages a person is sent back from after signing in would be pointless (or loop): they go home instead. */
const NO_RETURN = /^\/(?:(?:sr|en|uk|ru)\/)?(?:login|register|forgot-password|reset-password|verify-email|auth\/)/;

function useReturnPath(): string | null {
  const { pathname, search } = useLocation();
  return NO_RETURN.test(pathname) ? null : `${pathname}${search}`;
}

// A signed-in person's avatar and menu: drawn in the browser only, so loaded once someone is signed in
// (out of the first page load, DESIGN §13). Until it is there, a space of its size keeps the bar still.
const AccountAvatarMenu = lazy(() => import('./account-avatar-menu'));

/** The app bar's account control: "Sign in" for a guest, an avatar with a menu for a signed-in person. */
export function AccountMenu() {
  const { t } = useTranslation('accounts');
  const locale = useLocale();
  const loggedIn = useUserStore((state) => state.loggedIn);
  const returnPath = useReturnPath();

  if (!loggedIn) {
    return (
      <Button
        component={RouterLink}
        to={loginPath(locale, returnPath)}
        color="inherit"
        startIcon={<LoginIcon />}
        sx={{ ml: 0.5, whiteSpace: 'nowrap', '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } } }}
        data-testid="sign-in-button"
      >
        {t('menu.signIn')}
      </Button>
    );
  }

  return (
    <LazyPart fallback={<Box sx={{ width: 48, height: 48, ml: 0.5, flexShrink: 0 }} />}>
      <AccountAvatarMenu />
    </LazyPart>
  );
}

/** The drawer's account links, under the main navigation. */
export function AccountDrawerLinks({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('accounts');
  const locale = useLocale();
  const { pathname } = useLocation();
  const loggedIn = useUserStore((state) => state.loggedIn);
  const returnPath = useReturnPath();
  const doSignOut = useSignOut();
  const profile = localePath(locale, '/profile');
  if (!loggedIn) {
    return (
      <ListItemButton component={RouterLink} to={loginPath(locale, returnPath)} selected={pathname === localePath(locale, '/login')} onClick={onNavigate}>
        <ListItemIcon>
          <LoginIcon />
        </ListItemIcon>
        <ListItemText primary={t('menu.signIn')} />
      </ListItemButton>
    );
  }
  return (
    <>
      <ListItemButton component={RouterLink} to={profile} selected={pathname === profile} onClick={onNavigate}>
        <ListItemIcon>
          <PersonIcon />
        </ListItemIcon>
        <ListItemText primary={t('menu.profile')} />
      </ListItemButton>
      <ListItemButton
        onClick={() => {
          onNavigate();
          void doSignOut();
        }}
      >
        <ListItemIcon>
          <LogoutIcon />
        </ListItemIcon>
        <ListItemText primary={t('menu.signOut')} />
      </ListItemButton>
    </>
  );
}

export { useSignOut };
