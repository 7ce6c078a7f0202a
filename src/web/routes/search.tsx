import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { localeFromPath } from '../../shared/locales';
import { DEFAULT_PAGE_SIZE, MAX_QUERY_LENGTH } from '../../shared/catalog-limits';
import type { Route } from './+types/search';
import { EventListing } from '../features/catalog/event-listing';
import { alternatesFor, SeoHead } from '../features/catalog/seo';
import { ListingMap } from '../features/map/listing-map';
import { NearMeButton } from '../features/map/near-me-button';
import { WhenFilter } from '../features/catalog/when-filter';
import { SearchFilters } from '../features/search/search-filters';
import { SearchNoResults } from '../features/search/search-no-results';
import { SearchResults } from '../features/search/search-results';
import { fetchSearchPage, parseSearchUrl, searchFilters, searchHref, searchQueryString } from '../features/search/search-url';
import { parseCityCookie } from '../../shared/city-cookie';
import { type DateConstraint, whenContext } from '../lib/listing-args';
import { localePath } from '../lib/use-locale';
import { useUiStore } from '../stores/ui-store';

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const catalog = context.services.catalog;
  const [categoryTree, cityList, tags] = await Promise.all([catalog.categories(locale), catalog.cities(), catalog.tags(locale)]);
  const categories = categoryTree.map((category) => ({ slug: category.slug, name: category.name }));
  const cities = cityList.map((city) => ({ slug: city.slug, name: city.name[locale] }));
  // Slugs the catalogue does not know are dropped: an old or mistyped link still shows the search.
  const state = parseSearchUrl(
    url.searchParams,
    { categories: categories.map((item) => item.slug), cities: cities.map((item) => item.slug), tags: tags.map((tag) => tag.slug) },
    MAX_QUERY_LENGTH,
    parseCityCookie(request.headers.get('cookie')),
  );
  const result = state.q ? await catalog.search(state.q, locale, { ...searchFilters(state), limit: DEFAULT_PAGE_SIZE }) : null;
  const { origin } = context;
  // One URL per search, whatever order the link had its parameters in; a city only remembered is not the URL's.
  const query = searchQueryString(url.searchParams.get('city') === state.args.city ? state : { ...state, args: { ...state.args, city: null } });
  return { locale, state, result, categories, cities, when: whenContext(), origin, canonical: `${origin}/${locale}/search${query}`, alternates: alternatesFor(origin, '/search', query) };
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('discovery');
  const { locale, state, result, categories, cities, when, origin, canonical, alternates } = loaderData;
  const { q } = state;
  const navigate = useNavigate();
  const setSearchQuery = useUiStore((store) => store.setSearchQuery);
  const [text, setText] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  // A new search (from the app bar too) puts its query in this field.
  if (q !== shownQ) {
    setShownQ(q);
    setText(q);
  }
  useEffect(() => {
    setSearchQuery(text);
  }, [text, setSearchQuery]);

  // A new search keeps the filters chosen (they are hidden fields, so it does without JavaScript too).
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) void navigate(searchHref(locale, { ...state, q: text.trim() }));
  };
  const hiddenFilters = [...new URLSearchParams(searchQueryString(state))].filter(([name]) => name !== 'q');

  const listingKey = searchHref(locale, state);
  const firstPage = useMemo(() => ({ items: result?.events ?? [], next_cursor: result?.next_cursor ?? null }), [result]);
  const loadPage = useCallback((cursor: string) => fetchSearchPage(state, cursor, DEFAULT_PAGE_SIZE), [state]);

  return (
    <Stack spacing={3} sx={{ py: 3 }}>
      <SeoHead
        locale={locale}
        title={q ? t('meta.searchQueryTitle', { q }) : t('meta.searchTitle')}
        description={t('meta.searchDescription')}
        canonical={canonical}
        alternates={alternates}
        origin={origin}
      />
      <header>
        <Typography variant="h1">{q ? t('search.resultsFor', { q }) : t('search.heading')}</Typography>
      </header>
      <Stack
        component="form"
        role="search"
        action={localePath(locale, '/search')}
        method="get"
        onSubmit={submit}
        direction="row"
        spacing={1}
        sx={{ maxWidth: 640 }}
      >
        <TextField
          name="q"
          type="search"
          fullWidth
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('search.placeholder')}
          slotProps={{ htmlInput: { 'aria-label': t('search.label'), maxLength: MAX_QUERY_LENGTH, enterKeyHint: 'search' } }}
        />
        {hiddenFilters.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Button type="submit" variant="contained" startIcon={<SearchIcon />} sx={{ flexShrink: 0 }}>
          {t('search.submit')}
        </Button>
      </Stack>
      {result ? (
        <>
          <WhenFilter
            locale={locale}
            date={state.args.date}
            hrefFor={(date: DateConstraint) => searchHref(locale, { ...state, args: { ...state.args, date } })}
            action={localePath(locale, '/search')}
            hidden={[...new URLSearchParams(searchQueryString(state))]}
            tonight={when.tonight}
            today={when.today}
          />
          <SearchFilters locale={locale} state={state} categories={categories} cities={cities} />
          <NearMeButton />
          {/* The map takes the listing's filters; its order (relevance or date) means nothing to it. */}
          <ListingMap query={{ q, ...searchFilters(state), sort: undefined }} events={firstPage.items} />
          <SearchResults
            result={result}
            locale={locale}
            events={
              <EventListing
                path={listingKey}
                args={state.args}
                firstPage={firstPage}
                total={result.total}
                loadPage={loadPage}
                headingLevel={3}
                label={t('search.events')}
                empty={<SearchNoResults locale={locale} state={state} spelling={result.spelling} categories={categories} cities={cities} />}
              />
            }
          />
        </>
      ) : (
        <Typography color="textSecondary">{t('search.prompt')}</Typography>
      )}
    </Stack>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../features/catalog/route-error';
