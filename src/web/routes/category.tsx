import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { data, Link as RouterLink, redirect, useLocation, useNavigate } from 'react-router';
import { localeFromPath } from '../../shared/locales';
import { DEFAULT_PAGE_SIZE } from '../../shared/catalog-limits';
import { categoryPath } from '../../shared/paths';
import type { Route } from './+types/category';
import { CategoryIcon } from '../components/category-icon';
import { EmptyState } from '../components/event-grid';
import { EventListing } from '../features/catalog/event-listing';
import { CalendarFeedLinks } from '../features/calendar/calendar-feed-links';
import { CalendarSubscribe } from '../features/calendar/calendar-subscribe';
import { FilterBar } from '../features/catalog/filter-bar';
import { ListingFollowButtons } from '../features/follows/listing-follow-buttons';
import { useCategoryVisit } from '../features/foryou/use-for-you';
import { ListingMap } from '../features/map/listing-map';
import { NearMeButton } from '../features/map/near-me-button';
import { nearFromSearch, nearPageLoader } from '../features/map/near-me';
import { WhenFilter } from '../features/catalog/when-filter';
import {
  canonicalListingQuery,
  type DateConstraint,
  EMPTY_ARGS,
  linkArgs,
  listingApiQuery,
  listingCityChoice,
  type ListingArgs,
  listingSearch,
  parseListingSearch,
  whenContext,
} from '../lib/listing-args';
import { movedListingUrl, tagsInUrl } from '../lib/listing-redirect';
import { alternatesFor, pathWithoutLocale, SeoHead } from '../features/catalog/seo';
import { localePath } from '../lib/use-locale';

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const catalog = context.services.catalog;
  const [categories, tags, cities] = await Promise.all([catalog.categories(locale), catalog.tags(locale), catalog.cities()]);
  const category = categories.find((item) => item.slug === params.category);
  const subcategory = params.subcategory ? category?.subcategories.find((item) => item.slug === params.subcategory) : null;
  // A slug the live taxonomy does not know may be one an entry gave up (renamed, or a tag merged away):
  // its old URL answers 301 to the current one, query string kept, so links and search engines follow.
  // A hidden category or subcategory is left out of the public taxonomy, so its page is 404 like a deleted
  // one: hiding takes it off the site, while its events keep their own pages.
  const unknownTag = tagsInUrl(url).some((slug) => !tags.some((tag) => tag.slug === slug));
  if (!category || subcategory === undefined || unknownTag) {
    const current = await catalog.currentListingSlugs({ category: params.category, subcategory: params.subcategory ?? null, tags: tagsInUrl(url) });
    const moved = current && movedListingUrl(url, locale, { category: params.category, subcategory: params.subcategory ?? null }, current);
    if (moved) throw redirect(moved, 301);
  }
  if (!category || subcategory === undefined) throw data(null, { status: 404 });
  const args = parseListingSearch(
    url.searchParams,
    { category: category.slug, subcategory: subcategory?.slug ?? null },
    tags.map((tag) => tag.slug),
    listingCityChoice(cities, request.headers.get('cookie')),
  );
  const page = await catalog.listEvents({
    locale,
    category: category.slug,
    subcategory: subcategory?.slug,
    city: args.city ?? undefined,
    tags: args.tags.length ? args.tags.join(',') : undefined,
    when: args.date?.kind === 'preset' ? args.date.preset : undefined,
    from: args.date?.kind === 'range' ? args.date.from : undefined,
    to: args.date?.kind === 'range' ? args.date.to : undefined,
    free: args.free ? 'true' : undefined,
    reservable: args.reservable ? 'true' : undefined,
    ...nearFromSearch(url.searchParams),
    limit: DEFAULT_PAGE_SIZE,
  });
  const { origin } = context;
  // Built from the category, not the request: "/xx/categories/…" (an unknown language) is the Serbian
  // page, and its canonical must say so.
  const path = pathWithoutLocale(categoryPath(locale, category, subcategory));
  // Tag, free and reservable variants are the same page for search engines; a city the URL names and a date are not.
  const query = canonicalListingQuery(args, url.searchParams);
  return {
    locale,
    category,
    subcategory,
    tags,
    args,
    page,
    when: whenContext(),
    origin,
    canonical: `${origin}${categoryPath(locale, category, subcategory)}${query}`,
    alternates: alternatesFor(origin, path, query),
  };
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('discovery');
  const { locale, category, subcategory, tags, args, page, when, origin, canonical, alternates } = loaderData;
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useCategoryVisit(category.slug);
  // The loader's arguments hold the remembered city too (the cookie); links carry a city only when the URL named it.
  const links = useMemo(() => linkArgs(args, new URLSearchParams(search)), [args, search]);
  // A filter change keeps "near me" (the point stays in the URL until the reader drops it).
  const near = useMemo(() => nearFromSearch(new URLSearchParams(search)), [search]);
  const nearSearch = near ? `near=${near.near}&sort=distance` : '';
  const withNear = (query: string) => {
    if (!near) return query;
    const params = new URLSearchParams(query);
    for (const [name, value] of Object.entries(near)) params.set(name, value);
    const text = params.toString();
    return text ? `?${text}` : '';
  };
  const change = (next: ListingArgs) =>
    void navigate({ pathname, search: withNear(listingSearch({ ...next, city: links.city })) }, { replace: true, preventScrollReset: true });
  const hrefFor = (date: DateConstraint) => `${pathname}${withNear(listingSearch({ ...links, date }))}`;
  const loadNearPage = useCallback((cursor: string) => nearPageLoader(listingApiQuery(args, { limit: DEFAULT_PAGE_SIZE }), near!)(cursor), [args, near]);
  const heading = subcategory ? subcategory.name : category.name;
  const title = subcategory ? t('meta.subcategoryTitle', { subcategory: subcategory.name, category: category.name }) : t('meta.categoryTitle', { category: category.name });

  return (
    <Stack spacing={2.5} sx={{ py: 3 }}>
      <SeoHead
        locale={locale}
        title={title}
        description={t('meta.categoryDescription', { category: heading })}
        canonical={canonical}
        alternates={alternates}
        origin={origin}
        image={page.items[0]?.image ?? null}
      />
      <CalendarFeedLinks target={{ kind: 'category', slug: category.slug }} name={category.name} origin={origin} locale={locale} />
      <header>
        <Breadcrumbs aria-label={t('nav.categories')} sx={{ mb: 1 }}>
          <Link component={RouterLink} to={localePath(locale)} color="inherit">
            {t('common:nav.home')}
          </Link>
          {subcategory ? (
            <Link component={RouterLink} to={categoryPath(locale, category)} color="inherit">
              {category.name}
            </Link>
          ) : null}
          <Typography color="textPrimary" aria-current="page">
            {heading}
          </Typography>
        </Breadcrumbs>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <CategoryIcon icon={category.icon} sx={{ fontSize: 36, color: 'primary.main' }} />
          <Typography variant="h1">{heading}</Typography>
        </Stack>
        <ListingFollowButtons category={category} tag={args.tags.length === 1 ? (tags.find((tag) => tag.slug === args.tags[0]) ?? null) : null} />
        <CalendarSubscribe kind="category" slug={category.slug} origin={origin} variant="disclosure" />
      </header>
      <FilterBar locale={locale} category={category} subcategory={subcategory ?? null} tags={tags} args={links} onChange={change} />
      <WhenFilter
        locale={locale}
        date={args.date}
        hrefFor={hrefFor}
        action={pathname}
        hidden={[...new URLSearchParams(withNear(listingSearch(links)))]}
        tonight={when.tonight}
        today={when.today}
      />
      <NearMeButton />
      <ListingMap query={{ ...listingApiQuery(args), ...(near ? { near: near.near } : {}) }} events={page.items} />
      <EventListing
        path={near ? `${pathname}?${nearSearch}` : pathname}
        args={args}
        firstPage={page}
        loadPage={near ? loadNearPage : undefined}
        label={t('list.label')}
        empty={
          <EmptyState
            title={t('list.emptyTitle')}
            body={t('list.emptyBody')}
            action={
              <Button variant="outlined" onClick={() => change({ ...EMPTY_ARGS, category: category.slug, subcategory: subcategory?.slug ?? null })}>
                {t('filters.clear')}
              </Button>
            }
          />
        }
      />
    </Stack>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../features/catalog/route-error';
