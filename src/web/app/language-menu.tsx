import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LOCALES, switchPathLocale } from '../../shared/locales';
import { useLocale } from '../lib/use-locale';

/** The language switcher's menu: loaded on first use, so MUI's menu is not part of the first page load. */
export default function LanguageMenu({ id, anchor, onClose }: { id: string; anchor: HTMLElement | null; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {LOCALES.map((code) => (
        <MenuItem
          key={code}
          lang={code}
          selected={code === locale}
          onClick={() => {
            onClose();
            void navigate(`${switchPathLocale(location.pathname, code)}${location.search}`);
          }}
        >
          {t(`language.name.${code}`)}
        </MenuItem>
      ))}
    </Menu>
  );
}
