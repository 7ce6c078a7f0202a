import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { Locale } from '../../../shared/locales';
import type { SearchSort } from '../../../shared/schemas/catalog';
import { cityChoiceHref } from '../../lib/city-choice';
import { searchHref, type SearchState } from './search-url';

export interface SearchChoice {
  slug: string;
  name: string;
}

interface SearchFiltersProps {
  locale: Locale;
  state: SearchState;
  categories: SearchChoice[];
  cities: SearchChoice[];
}

/**
 * The search page's filters (issue 11): free and reservable as chips that are links (they work before
 * hydration and without JavaScript, and each is a page of its own), then category, city and order as
 * native selects (the phone's own picker at 375 px). Every change is a new URL. The dates are the
 * listings' one WhenFilter, which the page puts beside these.
 */
export function SearchFilters({ locale, state, categories, cities }: SearchFiltersProps) {
  const { t } = useTranslation('discovery');
  const navigate = useNavigate();
  const go = (next: SearchState) => void navigate(searchHref(locale, next), { preventScrollReset: true });
  const { args } = state;

  const chips = [
    { key: 'free', label: t('filters.free'), selected: args.free, to: searchHref(locale, { ...state, args: { ...args, free: !args.free } }) },
    {
      key: 'reservable',
      label: t('filters.reservable'),
      selected: args.reservable,
      to: searchHref(locale, { ...state, args: { ...args, reservable: !args.reservable } }),
    },
  ];

  return (
    <Box component="section" aria-label={t('search.filtersLabel')} data-testid="search-filters" sx={{ display: 'grid', gap: 1.5 }}>
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}>
        {chips.map((chip) => (
          <li key={chip.key}>
            <Chip
              component={RouterLink}
              to={chip.to}
              preventScrollReset
              replace
              clickable
              label={chip.label}
              icon={chip.selected ? <CheckIcon /> : undefined}
              color={chip.selected ? 'primary' : 'default'}
              variant={chip.selected ? 'filled' : 'outlined'}
              aria-current={chip.selected ? 'true' : undefined}
              data-testid={`search-filter-${chip.key}`}
            />
          </li>
        ))}
      </Box>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, minmax(0, 220px))' } }}>
        <FilterSelect
          label={t('search.category')}
          value={args.category ?? ''}
          options={[{ slug: '', name: t('search.allCategories') }, ...categories]}
          onChange={(value) => go({ ...state, args: { ...args, category: value || null, subcategory: null } })}
          testId="search-filter-category"
        />
        <FilterSelect
          label={t('search.city')}
          value={args.city ?? ''}
          options={[{ slug: '', name: t('search.allCities') }, ...cities]}
          onChange={(value) => {
            // All cities forgets the remembered city too (else it would apply again): the server's choice link.
            if (!value) window.location.assign(cityChoiceHref(locale, null, searchHref(locale, { ...state, args: { ...args, city: null } })));
            else go({ ...state, args: { ...args, city: value } });
          }}
          testId="search-filter-city"
        />
        <FilterSelect
          label={t('search.sort')}
          value={state.sort}
          options={[
            { slug: 'relevance', name: t('search.sortRelevance') },
            { slug: 'soonest', name: t('search.sortSoonest') },
            // Nearest first only once the reader has said where they are ("Near me").
            ...(state.near ? [{ slug: 'distance', name: t('search.sortDistance') }] : []),
          ]}
          onChange={(value) => go({ ...state, sort: value as SearchSort })}
          testId="search-filter-sort"
        />
      </Box>
    </Box>
  );
}

function FilterSelect({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  options: SearchChoice[];
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': testId } }}
    >
      {options.map((option) => (
        <option key={option.slug} value={option.slug}>
          {option.name}
        </option>
      ))}
    </TextField>
  );
}
