import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { categoryPath } from '../../../shared/paths';
import type { Category } from '../../../shared/schemas/catalog';
import { useLocale } from '../../lib/use-locale';
import { useUiStore } from '../../stores/ui-store';
import { CategoryIcon } from '../../components/category-icon';

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
  if (!categories.length) return null;
  return (
    <List dense aria-labelledby={headingId} subheader={<ListSubheader id={headingId} sx={{ bgcolor: 'transparent' }}>{t('nav.categories')}</ListSubheader>}>
      {categories.map((category) => {
        const path = categoryPath(locale, category);
        const inside = pathname === path || pathname.startsWith(`${path}/`);
        // The category the reader is in is open unless they closed it; others open when asked.
        const open = inside !== opened.includes(category.slug);
        const submenuId = `drawer-sub-${category.slug}`;
        return (
          <li key={category.slug}>
            <ListItem
              disablePadding
              component="div"
              secondaryAction={
                category.subcategories.length ? (
                  <IconButton
                    edge="end"
                    size="small"
                    aria-label={t('nav.expand', { category: category.name })}
                    aria-expanded={open}
                    aria-controls={submenuId}
                    onClick={() => toggle(category.slug)}
                  >
                    {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
                  </IconButton>
                ) : undefined
              }
            >
              <ListItemButton component={RouterLink} to={path} selected={pathname === path} onClick={onNavigate} data-testid={`drawer-category-${category.slug}`}>
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <CategoryIcon icon={category.icon} />
                </ListItemIcon>
                <ListItemText primary={category.name} />
              </ListItemButton>
            </ListItem>
            {category.subcategories.length ? (
              <Collapse in={open} id={submenuId} unmountOnExit>
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
              </Collapse>
            ) : null}
          </li>
        );
      })}
    </List>
  );
}
