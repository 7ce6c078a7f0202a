import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { localeFromPath } from '../../shared/locales';
import { MAX_QUERY_LENGTH } from '../../shared/catalog-limits';
import type { Route } from './+types/search';
import { alternatesFor, SeoHead } from '../features/catalog/seo';
import { searchPath } from '../features/search/search-path';
import { SearchResults } from '../features/search/search-results';
import { localePath } from '../lib/use-locale';
import { useUiStore } from '../stores/ui-store';

const RESULT_LIMIT = 24;

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  const result = q ? await context.services.catalog.search(q, locale, { limit: RESULT_LIMIT }) : null;
  const { origin } = context;
  const search = q ? `?q=${encodeURIComponent(q)}` : '';
  return { locale, q, result, origin, canonical: `${origin}/${locale}/search${search}`, alternates: alternatesFor(origin, '/search', search) };
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('discovery');
  const { locale, q, result, origin, canonical, alternates } = loaderData;
  const navigate = useNavigate();
  const setSearchQuery = useUiStore((state) => state.setSearchQuery);
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) void navigate(searchPath(locale, text));
  };

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
        <Button type="submit" variant="contained" startIcon={<SearchIcon />} sx={{ flexShrink: 0 }}>
          {t('search.submit')}
        </Button>
      </Stack>
      {result ? <SearchResults result={result} locale={locale} /> : <Typography color="text.secondary">{t('search.prompt')}</Typography>}
    </Stack>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../features/catalog/route-error';
