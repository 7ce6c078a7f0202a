import HomeIcon from '@mui/icons-material/Home';
import MenuIcon from '@mui/icons-material/Menu';
import SearchIcon from '@mui/icons-material/Search';
import CloseIcon from '@mui/icons-material/Close';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigationType } from 'react-router';
import type { Consent } from '../../shared/consent';
import { BREAKPOINT_TABLET, DRAWER_WIDTH } from '../../shared/constants';
import { setLocale } from '../lib/i18n';
import { addSignOutStep } from '../lib/session';
import { LazyPart, lazyOnIntent, useMountOnIntent } from '../lib/lazy-on-intent';
import { localePath, useLocale } from '../lib/use-locale';
import { AccountDrawerLinks, AccountMenu } from '../features/accounts/components/account-menu';
import { AdminDrawerEntry } from '../features/admin/admin-drawer-entry';
import { DrawerCategories } from '../features/catalog/drawer-categories';
import { GlobalSearch } from '../features/search/global-search';
import { ReservationNavItems } from '../features/reservations/reservation-nav-items';
import { saveHeartSlot } from '../features/saved/save-heart-slot';
import { SavedNavItem } from '../features/saved/saved-nav-item';
import { DrawerDivider } from '../components/drawer-parts';
import { EventCardSlotContext } from '../components/event-card-slot';
import { useRootData } from '../lib/root-data';
import { useUiStore, useViewportFlags } from '../stores/ui-store';
import { useNavigationStack } from '../stores/navigation-stack';
import { useUserStore } from '../stores/user-store';
import { AppFeedback } from './app-feedback-lazy';
import { CitySelector } from './city-selector';
import { ConsentBanner } from './consent-banner';
import { LanguageSwitcher } from './language-switcher';
import { NavigationProgress } from './navigation-progress';
import { DrawerSiteLinks, SiteFooter, useMenuHref } from './site-links';

const desktop = `@media (min-width: ${BREAKPOINT_TABLET}px)`;

// Out of the first page load (DESIGN §13): the phone drawer until the menu button is reached for, the bell
// until someone is signed in (it is only ever drawn for them).
const MobileDrawer = lazyOnIntent(() => import('./mobile-drawer'));
const NotificationsBell = lazyOnIntent(() =>
  import('../features/notifications/notifications-bell').then((module) => ({ default: module.NotificationsBell })),
);

export function DrawerContent({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const categories = useRootData()?.categories ?? [];
  const locale = useLocale();
  const { pathname } = useLocation();
  const items = [
    { to: localePath(locale), label: t('nav.home'), icon: <HomeIcon /> },
  ];
  return (
    <nav aria-label={t('nav.label')}>
      {/* Its entries are link buttons, not list items: a plain group keeps screen readers from announcing a broken list. */}
      <List component="div">
        {items.map((item) => (
          <ListItemButton
            key={item.to}
            component={RouterLink}
            to={item.to}
            selected={pathname === item.to || pathname === `${item.to}/`}
            onClick={onNavigate}
          >
            <ListItemIcon>{item.icon}</ListItemIcon>
            <ListItemText primary={item.label} />
          </ListItemButton>
        ))}
        <ReservationNavItems onNavigate={onNavigate} />
        <SavedNavItem onNavigate={onNavigate} />
        <AdminDrawerEntry onNavigate={onNavigate} />
        <AccountDrawerLinks onNavigate={onNavigate} />
      </List>
      <DrawerDivider />
      <DrawerCategories categories={categories} onNavigate={onNavigate} />
      <DrawerDivider />
      <DrawerSiteLinks onNavigate={onNavigate} />
    </nav>
  );
}

/** Loads analytics only after the visitor accepted cookies, and only when a deployment configures it. */
function useAnalytics(consent: Consent, analyticsUrl: string | null) {
  useEffect(() => {
    if (consent !== 'accepted' || !analyticsUrl || document.querySelector('script[data-analytics]')) return;
    const script = document.createElement('script');
    script.src = analyticsUrl;
    script.async = true;
    script.dataset.analytics = 'true';
    document.head.appendChild(script);
  }, [consent, analyticsUrl]);
}

/**
 * Sign-out also forgets this device's push subscription (issue #12), while the session still holds: a
 * shared device must not keep receiving the last person's reminders. Loaded only when someone signs out.
 */
if (typeof window !== 'undefined') {
  addSignOutStep(async () => (await import('../features/push/push-device')).forgetPushOnThisDevice());
}

/** Spec §2, §4: each route change loads that language's texts and records the path in the navigation stack. */
function useRouteChangeEffects() {
  const { pathname } = useLocation();
  const locale = useLocale();
  const { i18n } = useTranslation();
  const navigationType = useNavigationType();
  const visit = useNavigationStack((state) => state.visit);
  useEffect(() => {
    void useNavigationStack.persist.rehydrate();
    // Marks the page interactive, so browser tests can wait for hydration instead of guessing.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  useEffect(() => {
    void setLocale(i18n, locale);
  }, [i18n, locale]);
  useEffect(() => {
    visit(pathname, navigationType === 'POP');
  }, [pathname, navigationType, visit]);
}

export function AppShell({ children, consent, analyticsUrl }: { children: ReactNode; consent: Consent; analyticsUrl: string | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [choice, setChoice] = useState<Consent>(consent);
  const searchOpen = useUiStore((state) => state.menuOpen.search);
  const setMenuOpen = useUiStore((state) => state.setMenuOpen);
  const loggedIn = useUserStore((state) => state.loggedIn);
  const mobileDrawer = useMountOnIntent(drawerOpen, MobileDrawer.preload);
  const menuHref = useMenuHref();
  useRouteChangeEffects();
  useAnalytics(choice, analyticsUrl);
  useViewportFlags();

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <NavigationProgress />
      <Box
        component="a"
        href="#content"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: (theme) => theme.zIndex.tooltip,
          p: 1,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          borderRadius: 1,
          '&:focus': { top: 8 },
        }}
      >
        {t('nav.skip')}
      </Box>
      {/* Right after the skip link in the tab order, so a keyboard user meets the cookie choice early; it stays drawn at the bottom. */}
      <ConsentBanner consent={choice} onChoice={setChoice} />
      <AppBar position="fixed" color="default" elevation={0} sx={{ zIndex: (theme) => theme.zIndex.drawer + 1, borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar>
          {/* A link to the server-rendered menu page until hydration, so a tap on a slow phone is not lost;
              then the click opens the drawer in place (site-links.tsx, routes/menu.tsx). */}
          <IconButton
            component="a"
            href={menuHref}
            edge="start"
            color="inherit"
            aria-label={t('nav.open')}
            aria-controls={mobileDrawer.mounted ? 'app-drawer' : undefined}
            aria-expanded={drawerOpen}
            onPointerEnter={mobileDrawer.intent}
            onFocus={mobileDrawer.intent}
            onClick={(event: React.MouseEvent) => {
              event.preventDefault();
              setDrawerOpen(true);
            }}
            sx={{ mr: 1, [desktop]: { display: 'none' } }}
            data-testid="drawer-toggle"
          >
            <MenuIcon />
          </IconButton>
          <Typography
            component={RouterLink}
            to={localePath(locale)}
            variant="h6"
            sx={{ color: 'primary.main', textDecoration: 'none', fontWeight: 800, letterSpacing: 0.5, mr: 2 }}
          >
            Kuda
          </Typography>
          <Box sx={{ flexGrow: 1, display: 'flex', justifyContent: 'center', minWidth: 0 }}>
            <Box sx={{ width: '100%', maxWidth: 520, display: { xs: 'none', sm: 'block' } }}>
              <GlobalSearch />
            </Box>
          </Box>
          <IconButton
            color="inherit"
            aria-label={t('discovery:search.open')}
            aria-expanded={searchOpen}
            onClick={() => setMenuOpen('search', true)}
            sx={{ display: { xs: 'inline-flex', sm: 'none' } }}
            data-testid="search-toggle"
          >
            <SearchIcon />
          </IconButton>
          {loggedIn ? (
            <LazyPart>
              <NotificationsBell />
            </LazyPart>
          ) : null}
          <CitySelector />
          <LanguageSwitcher />
          <AccountMenu />
          {searchOpen ? (
            <Box
              sx={{ display: { xs: 'flex', sm: 'none' }, position: 'absolute', inset: 0, alignItems: 'center', gap: 1, px: 1, bgcolor: 'background.paper' }}
              data-testid="search-overlay"
            >
              <GlobalSearch autoFocus onDone={() => setMenuOpen('search', false)} />
              <IconButton aria-label={t('discovery:search.close')} onClick={() => setMenuOpen('search', false)}>
                <CloseIcon />
              </IconButton>
            </Box>
          ) : null}
        </Toolbar>
      </AppBar>
      {mobileDrawer.mounted ? (
        <LazyPart>
          <MobileDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)}>
            <Toolbar />
            <DrawerContent onNavigate={() => setDrawerOpen(false)} />
          </MobileDrawer>
        </LazyPart>
      ) : null}
      {/* MUI's permanent drawer, drawn without its Drawer component (which always brings the modal along). */}
      <Box sx={{ flex: '0 0 auto', display: 'none', [desktop]: { display: 'block' }, width: DRAWER_WIDTH, flexShrink: 0 }} data-testid="drawer-desktop">
        <Paper
          elevation={0}
          square
          sx={{
            position: 'fixed',
            top: 0,
            left: 0,
            zIndex: (theme) => theme.zIndex.drawer,
            display: 'flex',
            flexDirection: 'column',
            flex: '1 0 auto',
            width: DRAWER_WIDTH,
            height: '100%',
            boxSizing: 'border-box',
            overflowY: 'auto',
            outline: 0,
            borderRight: 1,
            borderColor: 'divider',
          }}
        >
          <Toolbar />
          <DrawerContent onNavigate={() => undefined} />
        </Paper>
      </Box>
      {/* Focusable only as the skip link's target, so it takes focus without drawing a ring around the whole page. */}
      <Box component="main" id="content" tabIndex={-1} sx={{ flexGrow: 1, minWidth: 0, px: { xs: 2, sm: 3 }, pb: 12, '&:focus': { outline: 'none' } }}>
        <Toolbar />
        <EventCardSlotContext.Provider value={saveHeartSlot}>{children}</EventCardSlotContext.Provider>
        <SiteFooter />
      </Box>
      <AppFeedback />
    </Box>
  );
}
