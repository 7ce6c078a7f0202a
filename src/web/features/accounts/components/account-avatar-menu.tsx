import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyPart, lazyOnIntent, useMountOnIntent } from '../../../lib/lazy-on-intent';
import { type SessionUser, useUserStore } from '../../../stores/user-store';
import { useSignOut } from '../lib/use-sign-out';

const AccountMenuPopup = lazyOnIntent(() => import('./account-menu-popup'));

function initials(user: SessionUser | null): string {
  const letters = [user?.first_name, user?.last_name].map((part) => part?.trim()[0] ?? '').join('');
  return (letters || user?.email?.[0] || '').toUpperCase();
}

/**
 * A signed-in person's avatar in the app bar, with the account menu. Only ever drawn in the browser (the
 * server draws every page for a guest), so it is loaded once someone is signed in (account-menu.tsx).
 */
export default function AccountAvatarMenu() {
  const { t } = useTranslation('accounts');
  const user = useUserStore((state) => state.user);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const doSignOut = useSignOut();
  const { mounted, intent } = useMountOnIntent(Boolean(anchor), AccountMenuPopup.preload);
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
