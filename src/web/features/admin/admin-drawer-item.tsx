import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import Badge from '@mui/material/Badge';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { localePath, useLocale } from '../../lib/use-locale';
import { attentionTotal, fetchDashboard } from './admin-api';

/** "Administration", with a badge of what waits for an admin (read once when the drawer is drawn). */
export function AdminDrawerItem({ onNavigate }: { onNavigate: () => void }) {
  // Off public pages' first load (issue #13): drawn once its namespace is there rather than as a key.
  const { t, ready } = useTranslation('admin');
  const locale = useLocale();
  const { pathname } = useLocation();
  const [waiting, setWaiting] = useState(0);
  useEffect(() => {
    let live = true;
    void fetchDashboard().then((result) => {
      if (live && result.ok) setWaiting(attentionTotal(result.data));
    });
    return () => {
      live = false;
    };
  }, []);
  const to = localePath(locale, '/admin');
  if (!ready) return null;
  return (
    <ListItemButton
      component={RouterLink}
      to={to}
      selected={pathname.startsWith(to)}
      onClick={onNavigate}
      data-testid="nav-admin"
    >
      <ListItemIcon>
        <Badge
          color="secondary"
          badgeContent={waiting}
          invisible={waiting === 0}
        >
          <AdminPanelSettingsIcon />
        </Badge>
      </ListItemIcon>
      <ListItemText
        primary={t('nav.label')}
        secondary={
          waiting > 0 ? t('drawer.waiting', { count: waiting }) : undefined
        }
      />
    </ListItemButton>
  );
}
