import CategoryIcon from '@mui/icons-material/Category';
import EventIcon from '@mui/icons-material/Event';
import PlaceIcon from '@mui/icons-material/Place';
import SearchIcon from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Suggestion } from '../../../shared/schemas/catalog';
import { localePath, useLocale } from '../../lib/use-locale';
import { useUiStore } from '../../stores/ui-store';
import { searchPath } from './search-path';
import { fetchSuggestions } from './search-api';

/** Typing pauses this long before suggestions are asked for. */
const SUGGEST_DEBOUNCE_MS = 200;

const KIND_ICON = { event: EventIcon, venue: PlaceIcon, category: CategoryIcon } as const;
const KIND_GROUP = { event: 'search.events', venue: 'search.venues', category: 'search.categories' } as const;
const NO_OPTIONS: Suggestion[] = [];
const KIND_ORDER = { category: 0, event: 1, venue: 2 } as const;

/** Autocomplete groups only adjacent options, so suggestions are ordered by kind (stable within one). */
export function orderSuggestions(items: Suggestion[]): Suggestion[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => KIND_ORDER[a.item.kind] - KIND_ORDER[b.item.kind] || a.index - b.index)
    .map(({ item }) => item);
}

/**
 * The search combobox (WAI-ARIA combobox through MUI Autocomplete): suggestions arrive as the reader types;
 * choosing one opens it, Enter searches. Loaded only when the reader reaches for the search field
 * (global-search.tsx), so it costs the first page load nothing.
 */
export default function SearchCombobox({ autoFocus = false, onDone }: { autoFocus?: boolean; onDone?: () => void }) {
  const { t } = useTranslation('discovery');
  const locale = useLocale();
  const navigate = useNavigate();
  const query = useUiStore((state) => state.globalSearchQuery);
  const setQuery = useUiStore((state) => state.setGlobalSearchQuery);
  const [options, setOptions] = useState<Suggestion[]>([]);
  /** The query the options on hand answer: what the live region may announce. */
  const [answered, setAnswered] = useState('');
  const [loading, setLoading] = useState(false);
  const formRef = useRef<HTMLFormElement | null>(null);

  // Loaded while the reader was already reaching for the field (global-search.tsx): focus follows them in,
  // whether the request to focus came before or after this component mounted.
  useEffect(() => {
    if (autoFocus) formRef.current?.querySelector('input')?.focus();
  }, [autoFocus]);

  useEffect(() => {
    const q = query.trim();
    if (!q) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      void fetchSuggestions(q, controller.signal).then((items) => {
        if (controller.signal.aborted) return;
        setLoading(false);
        if (items) {
          setOptions(orderSuggestions(items));
          setAnswered(q);
        }
      });
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const search = (text: string) => {
    if (!text.trim()) return;
    onDone?.();
    void navigate(searchPath(locale, text));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    search(query);
  };

  // Said politely once the suggestions for what is typed have arrived (WCAG 4.1.3), not while typing.
  const current = query.trim();
  const announcement =
    !current || loading || answered !== current ? '' : options.length ? t('search.suggestionsCount', { count: options.length }) : t('search.noSuggestions');

  return (
    <Box ref={formRef} component="form" role="search" action={localePath(locale, '/search')} method="get" onSubmit={submit} sx={{ width: '100%' }} data-testid="global-search">
      {/* No clear button of its own (MUI's nor the browser's): in the phone overlay the app bar's close button
          is the one way out, and two crosses side by side read as two ways to close. Escape clears instead. */}
      <Autocomplete<Suggestion, false, true, true>
        freeSolo
        disableClearable
        clearOnEscape
        options={query.trim() ? options : NO_OPTIONS}
        loading={loading && Boolean(query.trim())}
        loadingText={t('search.loading')}
        noOptionsText={t('search.noSuggestions')}
        filterOptions={(all) => all}
        getOptionLabel={(option) => (typeof option === 'string' ? option : option.label)}
        groupBy={(option) => t(KIND_GROUP[option.kind])}
        inputValue={query}
        onInputChange={(_event, value, reason) => {
          if (reason !== 'reset') setQuery(value);
        }}
        onKeyDown={(event) => {
          // Escape in an empty field leaves the search (the phone overlay closes), as its close button does.
          if (event.key === 'Escape' && !query) onDone?.();
        }}
        onChange={(_event, value) => {
          if (value === null) return;
          if (typeof value === 'string') return search(value);
          onDone?.();
          setQuery('');
          void navigate(value.path);
        }}
        isOptionEqualToValue={(option, value) => typeof value !== 'string' && option.kind === value.kind && option.id === value.id}
        renderOption={({ key, ...props }, option) => {
          const Icon = KIND_ICON[option.kind];
          return (
            <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
              <Icon fontSize="small" aria-hidden sx={{ color: 'text.secondary' }} />
              <Box sx={{ minWidth: 0 }}>
                <Typography noWrap>{option.label}</Typography>
                {option.secondary ? (
                  <Typography variant="body2" color="textSecondary" noWrap>
                    {option.secondary}
                  </Typography>
                ) : null}
              </Box>
            </Box>
          );
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            name="q"
            size="small"
            placeholder={t('search.placeholder')}
            autoFocus={autoFocus}
            slotProps={{
              ...params.slotProps,
              input: {
                ...params.slotProps.input,
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon aria-hidden />
                  </InputAdornment>
                ),
              },
              htmlInput: { ...params.slotProps.htmlInput, 'aria-label': t('search.label'), enterKeyHint: 'search', type: 'search' },
            }}
          />
        )}
        sx={{ width: '100%', '& input::-webkit-search-cancel-button': { display: 'none' } }}
      />
      <Box
        role="status"
        aria-live="polite"
        aria-atomic="true"
        data-testid="search-suggestions-status"
        sx={visuallyHidden}
      >
        {announcement}
      </Box>
    </Box>
  );
}
