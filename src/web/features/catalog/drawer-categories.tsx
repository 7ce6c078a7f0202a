import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Box from '@mui/material/Box';
import { type ReactNode, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { categoryPath } from '../../../shared/paths';
import type { Category } from '../../../shared/schemas/catalog';
import { lazyOnIntent, useMountOnIntent } from '../../lib/lazy-on-intent';
import { useLocale } from '../../lib/use-locale';
import { useUiStore } from '../../stores/ui-store';
import { CategoryIcon } from '../../components/category-icon';
import { DrawerSubheader } from '../../components/drawer-parts';

// Out of the first page load (DESIGN §13): the submenus' opening and closing animation, fetched when the
// reader first points at or focuses a submenu toggle.
const Collapse = lazyOnIntent(() => import('@mui/material/Collapse'));

/**
 * A category's submenu: shown or not, as the server drew it, until MUI's Collapse has loaded; from then on
 * it opens and closes with Collapse's animation (the same box once it has opened: no shift).
 */
function Submenu({ id, open, animated, children }: { id: string; open: boolean; animated: boolean; children: ReactNode }) {
  const still = open ? <div id={id}>{children}</div> : null;
  if (!animated) return still;
  return (
    <Suspense fallback={still}>
      <Collapse in={open} id={id} unmountOnExit>
        {children}
      </Collapse>
    </Suspense>
  );
}

/**
 * The drawer's categories (spec §2 side drawer), each with its subcategories in a submenu (spec §3 opened
 * submenus). The category the reader is in starts open.
 */
export function DrawerCategories({ categories, onNavigate }: { categories: Category[]; onNavigate: () => void }) {
  const { t } = useTranslation('discovery');
  const locale = useLocale();
  const { pathname } = useLocation();
  const opened = useUiStore((state) => state.openedSubmenus);
  const toggle = useUiStore((state) => state.toggleSubmenu);
  const headingId = useId();
  // Animated from the first intent on; not loaded (offline for a moment), the submenus still open and close.
  const { mounted: animated, intent } = useMountOnIntent(false, Collapse.preload);
  if (!categories.length) return null;
  return (
    <List dense aria-labelledby={headingId} subheader={<DrawerSubheader id={headingId}>{t('nav.categories')}</DrawerSubheader>}>
      {categories.map((category) => {
        const path = categoryPath(locale, category);
        const inside = pathname === path || pathname.startsWith(`${path}/`);
        // The category the reader is in is open unless they closed it; others open when asked.
        const open = inside !== opened.includes(category.slug);
        const submenuId = `drawer-sub-${category.slug}`;
        return (
          <li key={category.slug}>
            {/* A row as MUI's ListItem draws one with a secondary action: the toggle over the link's right end. */}
            <Box
              sx={{
                display: 'flex',
                alignItems: 'center',
                position: 'relative',
                width: '100%',
                boxSizing: 'border-box',
                textAlign: 'left',
                ...(category.subcategories.length ? { '& > .MuiListItemButton-root': { pr: 6 } } : {}),
              }}
            >
              <ListItemButton component={RouterLink} to={path} selected={pathname === path} onClick={onNavigate} data-testid={`drawer-category-${category.slug}`}>
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <CategoryIcon icon={category.icon} />
                </ListItemIcon>
                <ListItemText primary={category.name} />
              </ListItemButton>
              {category.subcategories.length ? (
                <Box sx={{ position: 'absolute', right: 16, top: '50%', transform: 'translateY(-50%)' }}>
                  <IconButton
                    edge="end"
                    size="small"
                    aria-label={t('nav.expand', { category: category.name })}
                    aria-expanded={open}
                    aria-controls={submenuId}
                    onPointerEnter={intent}
                    onFocus={intent}
                    onClick={() => toggle(category.slug)}
                  >
                    {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
                  </IconButton>
                </Box>
              ) : null}
            </Box>
            {category.subcategories.length ? (
              <Submenu id={submenuId} open={open} animated={animated}>
                <List dense disablePadding>
                  {category.subcategories.map((sub) => {
                    const subPath = categoryPath(locale, category, sub);
                    return (
                      <li key={sub.slug}>
                        <ListItemButton component={RouterLink} to={subPath} selected={pathname === subPath} onClick={onNavigate} sx={{ pl: 7 }}>
                          <ListItemText primary={sub.name} />
                        </ListItemButton>
                      </li>
                    );
                  })}
                </List>
              </Submenu>
            ) : null}
          </li>
        );
      })}
    </List>
  );
}
