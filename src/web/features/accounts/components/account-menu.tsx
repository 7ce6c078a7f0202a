import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { LazyPart, lazyOnIntent, useMountOnIntent } from '../../../lib/lazy-on-intent';
import { signOut } from '../../../lib/session';
import { localePath, useLocale } from '../../../lib/use-locale';
import { useSnackbarStore } from '../../../stores/snackbar-store';
import { type SessionUser, useUserStore } from '../../../stores/user-store';
import { loginPath } from '../lib/next-url';

const AccountMenuPopup = lazyOnIntent(() => import('./account-menu-popup'));

/** Pages a person is sent back from after signing in would be pointless (or loop): they go home instead. */
const NO_RETURN = /^\/(?:(?:sr|en|uk|ru)\/)?(?:login|register|forgot-password|reset-password|verify-email|auth\/)/;

function useReturnPath(): string | null {
  const { pathname, search } = useLocation();
  return NO_RETURN.test(pathname) ? null : `${pathname}${search}`;
}

function initials(user: SessionUser | null): string {
  const letters = [user?.first_name, user?.last_name].map((part) => part?.trim()[0] ?? '').join('');
  return (letters || user?.email?.[0] || '').toUpperCase();
}

/** Signs out (server first, then this browser) and leaves private pages. */
function useSignOut() {
  const { t } = useTranslation('accounts');
  const locale = useLocale();
  const navigate = useNavigate();
  const showSnackbar = useSnackbarStore((state) => state.show);
  return async () => {
    await signOut();
    showSnackbar(t('signOut.done'));
    await navigate(localePath(locale));
  };
}

/** The app bar's account control: "Sign in" for a guest, an avatar with a menu for a signed-in person. */
export function AccountMenu() {
  const { t } = useTranslation('accounts');
  const locale = useLocale();
  const { user, loggedIn } = useUserStore();
  const returnPath = useReturnPath();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const doSignOut = useSignOut();
  const { mounted, intent } = useMountOnIntent(Boolean(anchor), AccountMenuPopup.preload);

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
    <>
      <IconButton
        aria-label={t('menu.account')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onPointerEnter={intent}
        onFocus={intent}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ ml: 0.5 }}
        data-testid="account-menu-button"
      >
        <Avatar sx={{ width: 32, height: 32, fontSize: 15, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
          {initials(user) || <AccountCircleIcon />}
        </Avatar>
      </IconButton>
      {mounted ? (
        <LazyPart>
          <AccountMenuPopup id={menuId} anchor={anchor} user={user} onClose={() => setAnchor(null)} onSignOut={() => void doSignOut()} />
        </LazyPart>
      ) : null}
    </>
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
