import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import GavelIcon from '@mui/icons-material/Gavel';
import ContactSupportIcon from '@mui/icons-material/ContactSupportOutlined';
import PolicyIcon from '@mui/icons-material/Policy';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { DrawerSubheader } from '../components/drawer-parts';
import { localePath, useLocale } from '../lib/use-locale';

/** The pages about the site itself, in the order the drawer and the footer list them. */
export const SITE_PAGES = [
  { path: '/about', label: 'polishShell.nav.about', icon: InfoOutlinedIcon },
  { path: '/terms', label: 'polishShell.nav.terms', icon: GavelIcon },
  { path: '/contact', label: 'polishShell.nav.contact', icon: ContactSupportIcon },
  { path: '/privacy-policy', label: 'nav.privacy', icon: PolicyIcon },
] as const;

/**
 * The server-rendered menu page that the menu and language buttons link to before the app has hydrated
 * (routes/menu.tsx): it knows the page the reader came from, so its language links lead to that page.
 */
export function menuPath(locale: string, from: { pathname: string; search: string }, hash = ''): string {
  return `/${locale}/menu?from=${encodeURIComponent(`${from.pathname}${from.search}`)}${hash}`;
}

export function useMenuHref(hash = ''): string {
  const locale = useLocale();
  const location = useLocation();
  return menuPath(locale, location, hash);
}

/** The drawer's last group, below the product's own entries: about, terms, contact, privacy. */
export function DrawerSiteLinks({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { pathname } = useLocation();
  return (
    <List
      component="div"
      // A group named by its subheader (a plain div may not carry aria-labelledby: the HTML check refuses it).
      role="group"
      dense
      aria-labelledby="drawer-site-links"
      subheader={
        <DrawerSubheader component="div" id="drawer-site-links" lineHeight={36}>
          {t('polishShell.nav.info')}
        </DrawerSubheader>
      }
    >
      {SITE_PAGES.map(({ path, label, icon: Icon }) => {
        const to = localePath(locale, path);
        return (
          <ListItemButton key={path} component={RouterLink} to={to} selected={pathname === to} onClick={onNavigate}>
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t(label)} />
          </ListItemButton>
        );
      })}
    </List>
  );
}

/** A small footer under every page's content: the same four pages, as plain links. */
export function SiteFooter() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Box
      component="footer"
      sx={{ mt: 6, pt: 2, borderTop: 1, borderColor: 'divider', display: 'flex', flexWrap: 'wrap', columnGap: 2.5, rowGap: 1, alignItems: 'center' }}
      data-testid="site-footer"
    >
      <Box component="span" sx={{ color: 'text.secondary', typography: 'body2' }}>
        © Kuda
      </Box>
      {SITE_PAGES.map(({ path, label }) => (
        <Box
          key={path}
          component={RouterLink}
          to={localePath(locale, path)}
          sx={{ color: 'text.secondary', typography: 'body2', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}
        >
          {t(label)}
        </Box>
      ))}
    </Box>
  );
}
