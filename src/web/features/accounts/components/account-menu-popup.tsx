import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { localePath, useLocale } from '../../../lib/use-locale';
import type { SessionUser } from '../../../stores/user-store';

/** The account menu's popup: loaded on first use, so MUI's menu is not part of the first page load. */
export default function AccountMenuPopup({
  id,
  anchor,
  user,
  onClose,
  onSignOut,
}: {
  id: string;
  anchor: HTMLElement | null;
  user: SessionUser | null;
  onClose: () => void;
  onSignOut: () => void;
}) {
  const { t } = useTranslation('accounts');
  const locale = useLocale();
  const name = [user?.first_name, user?.last_name].filter(Boolean).join(' ');
  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
      {user ? (
        <div style={{ padding: '4px 16px 8px', maxWidth: 280 }}>
          {name ? <Typography sx={{ fontWeight: 600 }} noWrap>{name}</Typography> : null}
          <Typography variant="body2" color="textSecondary" noWrap>
            {user.email}
          </Typography>
        </div>
      ) : null}
      <Divider />
      <MenuItem component={RouterLink} to={localePath(locale, '/profile')} onClick={onClose}>
        <ListItemIcon>
          <PersonIcon fontSize="small" />
        </ListItemIcon>
        {t('menu.profile')}
      </MenuItem>
      <MenuItem
        onClick={() => {
          onClose();
          onSignOut();
        }}
        data-testid="sign-out"
      >
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        {t('menu.signOut')}
      </MenuItem>
    </Menu>
  );
}
