import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { LOCALES, switchPathLocale } from '../../shared/locales';
import { useLocale } from '../lib/use-locale';

/**
 * The language switcher's menu: loaded on first use, so MUI's menu is not part of the first page load. Each
 * entry is a real link to the same page in that language (crawlers, new tabs and copied links included).
 */
export default function LanguageMenu({ id, anchor, onClose }: { id: string; anchor: HTMLElement | null; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const location = useLocation();
  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {LOCALES.map((code) => (
        <MenuItem
          key={code}
          component={RouterLink}
          to={`${switchPathLocale(location.pathname, code)}${location.search}`}
          lang={code}
          hrefLang={code}
          selected={code === locale}
          onClick={onClose}
        >
          {t(`language.name.${code}`)}
        </MenuItem>
      ))}
    </Menu>
  );
}
