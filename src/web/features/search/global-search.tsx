import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../lib/theme';
import { localePath, useLocale } from '../../lib/use-locale';
import { useUiStore } from '../../stores/ui-store';

const SearchCombobox = lazy(() => import('./search-combobox'));

/** Pointing at the field loads the combobox without taking focus; focusing or touching it moves focus in. */
type Activation = 'hover' | 'focus';

/**
 * A plain search field that works before (and without) JavaScript: a GET form to the results page. The
 * first time the reader points at it, focuses it or touches it, the combobox with suggestions is loaded
 * and takes its place, keeping what was typed (the global search query of spec §3).
 */
function PlainSearchField({ autoFocus, onActivate }: { autoFocus: boolean; onActivate: (reason: Activation) => void }) {
  const { t } = useTranslation('discovery');
  const locale = useLocale();
  const query = useUiStore((state) => state.globalSearchQuery);
  const setQuery = useUiStore((state) => state.setGlobalSearchQuery);
  const inputRef = useRef<HTMLInputElement | null>(null);
  // A reader who clicked into the field before the page finished loading is already in it: no focus event
  // will come, so the combobox is brought in now.
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    // What was typed before hydration is kept, not wiped by the (empty) state.
    if (input.value) setQuery(input.value);
    if (document.activeElement === input) onActivate('focus');
  }, [onActivate, setQuery]);
  return (
    <Box component="form" role="search" action={localePath(locale, '/search')} method="get" sx={{ width: '100%' }} data-testid="global-search">
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          height: 40,
          px: 1.75,
          borderRadius: 1.5,
          border: 1,
          borderColor: 'rgba(255, 255, 255, 0.23)',
          color: 'text.secondary',
          '&:hover': { borderColor: 'text.primary' },
          '&:focus-within': { borderColor: 'primary.main' },
          // The theme's ring, on the field's box as MUI's own fields draw it: the input itself draws none.
          '&:has(:focus-visible)': focusRing,
        }}
      >
        <SearchIcon aria-hidden />
        <Box
          component="input"
          ref={inputRef}
          type="search"
          name="q"
          value={query}
          onChange={(event: React.ChangeEvent<HTMLInputElement>) => setQuery(event.target.value)}
          onFocus={() => onActivate('focus')}
          onPointerEnter={() => onActivate('hover')}
          onTouchStart={() => onActivate('focus')}
          autoFocus={autoFocus}
          aria-label={t('search.label')}
          placeholder={t('search.placeholder')}
          enterKeyHint="search"
          autoComplete="off"
          sx={{
            flex: 1,
            minWidth: 0,
            height: '100%',
            border: 0,
            outline: 0,
            bgcolor: 'transparent',
            color: 'text.primary',
            font: 'inherit',
            '&::placeholder': { color: 'text.secondary', opacity: 1 },
            // The same field as the combobox that replaces it: no browser clear cross (search-combobox.tsx).
            '&::-webkit-search-cancel-button': { display: 'none' },
          }}
        />
      </Box>
    </Box>
  );
}

/** The app bar's search (spec §2), usable from every page. */
export function GlobalSearch({ autoFocus = false, onDone }: { autoFocus?: boolean; onDone?: () => void }) {
  const [active, setActive] = useState<Activation | null>(null);
  const activate = useCallback((reason: Activation) => setActive((current) => (current === 'focus' ? current : reason)), []);
  const plain = <PlainSearchField autoFocus={autoFocus} onActivate={activate} />;
  if (!active && !autoFocus) return plain;
  return (
    <Suspense fallback={plain}>
      <SearchCombobox autoFocus={autoFocus || active === 'focus'} onDone={onDone} />
    </Suspense>
  );
}
