import BookOnlineIcon from '@mui/icons-material/BookOnline';
import CampaignIcon from '@mui/icons-material/Campaign';
import StorefrontIcon from '@mui/icons-material/Storefront';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { localePath, useLocale } from '../../lib/use-locale';
import { useUserStore } from '../../stores/user-store';

/** Drawer entries: "My reservations" for everyone (a guest is asked to sign in there), "Organizer" for venues. */
export function ReservationNavItems({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('reservations');
  const locale = useLocale();
  const { pathname } = useLocation();
  const role = useUserStore((state) => state.user?.role);
  // The moderation texts are not part of public pages (issue #13): asked for only when the "apply" entry
  // is drawn (a signed-in person), which waits for them rather than show a key.
  const { t: tm, ready: moderationReady } = useTranslation(role === 'user' ? 'moderation' : 'reservations');
  const teamRole = useUserStore((state) => state.user?.organizer_role);
  const items = [{ to: localePath(locale, '/reservations'), label: t('nav.myReservations'), icon: <BookOnlineIcon />, testId: 'nav-reservations' }];
  if (role === 'organizer' || role === 'admin' || teamRole) {
    // Door staff work the door; everyone else in a team lands on the workspace's first section.
    const to = localePath(locale, teamRole === 'door' ? '/organizer/door' : '/organizer');
    items.push({ to, label: t('nav.organizer'), icon: <StorefrontIcon />, testId: 'nav-organizer' });
  } else if (role === 'user' && moderationReady) {
    // A signed-in person who publishes nothing yet finds where to ask to (issue 10).
    items.push({ to: localePath(locale, '/organizer/apply'), label: tm('nav.apply'), icon: <CampaignIcon />, testId: 'nav-apply' });
  }
  return (
    <>
      {items.map((item) => (
        <ListItemButton key={item.to} component={RouterLink} to={item.to} selected={pathname.startsWith(item.to)} onClick={onNavigate} data-testid={item.testId}>
          <ListItemIcon>{item.icon}</ListItemIcon>
          <ListItemText primary={item.label} />
        </ListItemButton>
      ))}
    </>
  );
}
