import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyPart, lazyOnIntent, useMountOnIntent } from '../lib/lazy-on-intent';
import { useLocale } from '../lib/use-locale';

const LanguageMenu = lazyOnIntent(() => import('./language-menu'));

/** Switching language changes the URL's first segment; the route change loads and saves the language. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const { mounted, intent } = useMountOnIntent(Boolean(anchor), LanguageMenu.preload);
  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        aria-label={t('language.choose')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onPointerEnter={intent}
        onFocus={intent}
        onClick={(event) => setAnchor(event.currentTarget)}
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
