import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Locale } from '../../../shared/locales';
import { hasLatinLetters, serbianToCyrillic } from '../../../shared/serbian-cyrillic';
import { hasSerbianCyrillic, serbianToLatin } from '../../../shared/serbian-latin';
import { cityChoiceHref } from '../../lib/city-choice';
import { EMPTY_ARGS } from '../../lib/listing-args';
import { EmptyState } from '../../components/event-grid';
import type { SearchChoice } from './search-filters';
import { searchHref, type SearchState } from './search-url';

interface SearchNoResultsProps {
  locale: Locale;
  state: SearchState;
  /** The spelling the search offers (GET /search `spelling`), if any. */
  spelling: string | null;
  categories: SearchChoice[];
  cities: SearchChoice[];
}

interface Suggestion {
  key: string;
  label: string;
  to: string;
  /** A link the server answers with a redirect (the city choice): a document load, not a client navigation. */
  reloadDocument?: boolean;
}

/**
 * Nothing matched (issue 11): ways on, each a link to a search that may find something — the spelling
 * the search offers, the same words in the other script of Serbian, and the search without each filter
 * in turn (or without all of them).
 */
export function SearchNoResults({ locale, state, spelling, categories, cities }: SearchNoResultsProps) {
  const { t } = useTranslation('discovery');
  const { q, args } = state;
  const suggestions: Suggestion[] = [];
  if (spelling && spelling.toLocaleLowerCase() !== q.toLocaleLowerCase()) {
    suggestions.push({ key: 'spelling', label: t('search.didYouMean', { q: spelling }), to: searchHref(locale, { ...state, q: spelling }) });
  }
  // Search folds the scripts already; the other script is offered because the reader may not know that.
  const latin = hasSerbianCyrillic(q) ? serbianToLatin(q) : null;
  const cyrillic = !latin && hasLatinLetters(q) ? serbianToCyrillic(q) : null;
  if (latin && latin !== q) suggestions.push({ key: 'latin', label: t('search.inLatin', { q: latin }), to: searchHref(locale, { ...state, q: latin }) });
  if (cyrillic && cyrillic !== q) {
    suggestions.push({ key: 'cyrillic', label: t('search.inCyrillic', { q: cyrillic }), to: searchHref(locale, { ...state, q: cyrillic }) });
  }

  const without = (key: string, filter: string, next: SearchState) =>
    suggestions.push({ key: `without-${key}`, label: t('search.removeFilter', { filter }), to: searchHref(locale, next) });
  const nameOf = (choices: SearchChoice[], slug: string) => choices.find((choice) => choice.slug === slug)?.name ?? slug;
  if (args.category) without('category', nameOf(categories, args.category), { ...state, args: { ...args, category: null, subcategory: null } });
  if (args.city) {
    // The city may be the remembered one: leaving it out of the URL is not enough, the choice is forgotten (all cities).
    const back = searchHref(locale, { ...state, args: { ...args, city: null } });
    suggestions.push({ key: 'without-city', label: t('search.removeFilter', { filter: nameOf(cities, args.city) }), to: cityChoiceHref(locale, null, back), reloadDocument: true });
  }
  if (args.date?.kind === 'preset') without('when', t(`filters.${args.date.preset}`), { ...state, args: { ...args, date: null } });
  if (args.date?.kind === 'range') without('dates', t('filters.rangeValue', { from: args.date.from, to: args.date.to }), { ...state, args: { ...args, date: null } });
  if (args.free) without('free', t('filters.free'), { ...state, args: { ...args, free: false } });
  if (args.reservable) without('reservable', t('filters.reservable'), { ...state, args: { ...args, reservable: false } });
  if (args.tags.length) without('tags', args.tags.join(', '), { ...state, args: { ...args, tags: [] } });
  const filters = suggestions.filter((suggestion) => suggestion.key.startsWith('without-')).length;
  if (filters > 1) {
    const cleared = searchHref(locale, { q, args: EMPTY_ARGS, sort: state.sort });
    suggestions.push(
      args.city
        ? { key: 'clear', label: t('filters.clear'), to: cityChoiceHref(locale, null, cleared), reloadDocument: true }
        : { key: 'clear', label: t('filters.clear'), to: cleared },
    );
  }

  return (
    <EmptyState
      title={t('search.noneTitle', { q })}
      body={t('search.none', { q })}
      action={
        suggestions.length ? (
          <Box component="nav" aria-labelledby="search-try-instead" data-testid="search-suggestions">
            <Typography id="search-try-instead" sx={{ mb: 1, fontWeight: 600 }}>
              {t('search.tryInstead')}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
              {suggestions.map((suggestion) => (
                <li key={suggestion.key}>
                  <Link component={RouterLink} to={suggestion.to} reloadDocument={suggestion.reloadDocument} data-testid={`search-suggestion-${suggestion.key}`}>
                    {suggestion.label}
                  </Link>
                </li>
              ))}
            </Box>
          </Box>
        ) : undefined
      }
    />
  );
}
