import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyPart, lazyOnIntent, useMountOnIntent } from '../lib/lazy-on-intent';
import { useLocale } from '../lib/use-locale';
import { useMenuHref } from './site-links';

const LanguageMenu = lazyOnIntent(() => import('./language-menu'));

/**
 * Switching language changes the URL's first segment; the route change loads and saves the language. Until
 * the app has hydrated the button is a link to the menu page's language list (routes/menu.tsx), so a tap
 * on a slow phone still leads somewhere; after, it opens the menu in place.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const fallbackHref = useMenuHref('#language');
  const { mounted, intent } = useMountOnIntent(Boolean(anchor), LanguageMenu.preload);
  return (
    <>
      <Button
        component="a"
        href={fallbackHref}
        color="inherit"
        startIcon={<TranslateIcon />}
        aria-label={t('language.button', { code: locale.toUpperCase() })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onPointerEnter={intent}
        onFocus={intent}
        onClick={(event: React.MouseEvent<HTMLElement>) => {
          event.preventDefault();
          setAnchor(event.currentTarget);
        }}
        data-testid="language-switcher"
      >
        {locale.toUpperCase()}
      </Button>
      {mounted ? (
        <LazyPart>
          <LanguageMenu id={menuId} anchor={anchor} onClose={() => setAnchor(null)} />
        </LazyPart>
      ) : null}
    </>
  );
}
