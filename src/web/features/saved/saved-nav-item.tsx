import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { localePath, useLocale } from '../../lib/use-locale';

/** "Saved" in the drawer, for everyone: a guest's saves live on the guest token until sign-in. */
export function SavedNavItem({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('posted');
  const locale = useLocale();
  const { pathname } = useLocation();
  const to = localePath(locale, '/saved');
  return (
    <ListItemButton component={RouterLink} to={to} selected={pathname.startsWith(to)} onClick={onNavigate} data-testid="nav-saved">
      <ListItemIcon>
        <FavoriteBorderIcon />
      </ListItemIcon>
      <ListItemText primary={t('saved.title')} />
    </ListItemButton>
  );
}
