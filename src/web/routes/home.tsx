import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../../shared/catalog-limits';
import { localeFromPath } from '../../shared/locales';
import { categoryPath } from '../../shared/paths';
import type { Category } from '../../shared/schemas/catalog';
import type { Route } from './+types/home';
import { BusyRegion } from '../components/busy-region';
import { CategoryIcon } from '../components/category-icon';
import { EventRow } from '../features/catalog/event-row';
import { ForYouRoom } from '../features/foryou/for-you-room';
import { ListingMap } from '../features/map/listing-map';
import { NearMeButton } from '../features/map/near-me-button';
import { nearFromSearch, nearPageLoader } from '../features/map/near-me';
import { PillScroller } from '../features/catalog/pill-scroller';
import { alternatesFor, SeoHead } from '../features/catalog/seo';
import { WhenFilter } from '../features/catalog/when-filter';
import {
  canonicalListingQuery,
  type DateConstraint,
  linkArgs,
  listingApiQuery,
  listingCityChoice,
  listingSearch,
  parseListingSearch,
  whenContext,
} from '../lib/listing-args';
import { LazyPart, useWhenIdle } from '../lib/lazy-on-intent';
import { useRootData } from '../lib/root-data';
import { useHydrated } from '../lib/use-hydrated';
import { usePendingSamePage } from '../lib/use-pending-navigation';
import { localePath } from '../lib/use-locale';
import { useUiStore } from '../stores/ui-store';

const HOME_ROW_SIZE = 6;

// The "For you" row is drawn in the browser only, once its own answer is in (features/foryou): its code
// comes after hydration too, out of the first page load (DESIGN §13).
// The list of every matching event comes only with a date or "near me" (a page of its own, rendered by the
// server with its list): its code is out of the home page's first load, fetched when the page is idle, so it
// is there when the reader picks a date. Opened directly, such a page shows the server's list at once and
// makes it live when its code has arrived.
const loadListing = () => import('../features/catalog/event-listing');
const loadGrid = () => import('../components/event-grid');
const EventListing = lazy(() => loadListing().then((module) => ({ default: module.EventListing })));
const EmptyState = lazy(() => loadGrid().then((module) => ({ default: module.EmptyState })));
const preloadListing = () => void Promise.all([loadListing(), loadGrid()]).catch(() => undefined);

const ForYouRow = lazy(() => import('../features/foryou/for-you-row').then((module) => ({ default: module.ForYouRow })));

/** The row once the page has hydrated: only this part draws again then, not the whole page. */
function ForYouAfterHydration({ locale }: { locale: string }) {
  return useHydrated() ? (
    <LazyPart>
      <ForYouRow locale={locale} size={HOME_ROW_SIZE} Row={EventRow} />
    </LazyPart>
  ) : null;
}
const NO_CATEGORIES: Category[] = [];

/**
 * Spec §3 reserve filter: `?reservable=1` (set from "My reservations" or the pill) keeps reservable events
 * only. Issue 11: `?when=`/`?from=&to=` and the city (`?city=`, else the remembered one) narrow the rows;
 * with a date, every matching event follows the rows as a listing that grows as the reader scrolls.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const catalog = context.services.catalog;
  const cities = await catalog.cities();
  // The home page takes no tags: they are dropped (an empty list of known tags).
  const args = parseListingSearch(url.searchParams, {}, [], listingCityChoice(cities, request.headers.get('cookie')));
  const { reservable, city, date } = args;
  const narrowing = {
    city: city ?? undefined,
    when: date?.kind === 'preset' ? date.preset : undefined,
    from: date?.kind === 'range' ? date.from : undefined,
    to: date?.kind === 'range' ? date.to : undefined,
  };
  const listing = { locale, ...narrowing, reservable: reservable ? 'true' : undefined, limit: DEFAULT_PAGE_SIZE } as const;
  // "Near me" turns the rows into one list, nearest first (every category, the other filters kept); a date
  // without it adds the list of every matching event under the rows.
  const near = nearFromSearch(url.searchParams);
  const [home, page, nearby] = await Promise.all([
    catalog.home(locale, { reservable, ...narrowing }),
    date && !near ? catalog.listEvents(listing) : null,
    near ? catalog.listEvents({ ...listing, ...near }) : null,
  ]);
  const { origin } = context;
  // Only what a row shows travels to the page: the HTML (and its hydration data) stays small.
  const rows = home.rows.map((row) => ({ ...row, events: row.events.slice(0, HOME_ROW_SIZE) }));
  const query = canonicalListingQuery(args, url.searchParams);
  return {
    locale,
    args,
    home: { rows },
    page,
    near,
    nearby,
    when: whenContext(),
    origin,
    canonical: `${origin}/${locale}/${query}`,
    alternates: alternatesFor(origin, '/', query),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale, args, home, page, near, nearby, when, origin, canonical, alternates } = loaderData;
  const { reservable } = args;
  const { pathname, search } = useLocation();
  const links = useMemo(() => linkArgs(args, new URLSearchParams(search)), [args, search]);
  // Rows' "see all" and the category pills keep the reader's date and reserve filter.
  const filterSearch = listingSearch(links);
  const hrefFor = (date: DateConstraint) => `${localePath(locale)}${listingSearch({ ...links, date })}`;
  const hidden = useMemo(() => [...new URLSearchParams(listingSearch(links))], [links]);
  const loadNearPage = useCallback(
    (cursor: string) => nearPageLoader(listingApiQuery(args, { limit: DEFAULT_PAGE_SIZE }), near!)(cursor),
    [args, near],
  );
  // The root loader already sends the category tree (the drawer shows it); no second copy.
  const categories = useRootData()?.categories ?? NO_CATEGORIES;
  // The reserve pill asks this page again: its rows are dimmed until the new ones arrive.
  const pending = usePendingSamePage();
  useWhenIdle(preloadListing);

  // Spec §3, §4: the home page is a listing; its rows are the "events grouped by category". The session's
  // list store is only written here (after hydration), so it is fetched then, out of the first page load.
  useEffect(() => {
    let current = true;
    void import('../stores/event-list-store').then(async ({ useEventListStore: store }) => {
      if (!store.persist.hasHydrated()) await store.persist.rehydrate();
      if (!current) return;
      store.getState().enterPath(pathname);
      store.getState().setCategories(categories);
      store.getState().setHomeRows(home.rows);
      useUiStore.getState().setTailoredEvents(home.rows.flatMap((row) => row.events.slice(0, 1)));
      store.setState({ reserveFilter: reservable });
      // Turning the filter off also forgets that "My reservations" turned it on.
      if (!reservable) useUiStore.getState().setReserveFilterFromMyReservations(false);
    });
    return () => {
      current = false;
    };
  }, [pathname, categories, home, reservable]);

  return (
    <Stack spacing={4} sx={{ py: 3 }}>
      <SeoHead
        locale={locale}
        title={t('meta.title')}
        description={t('meta.description')}
        canonical={canonical}
        alternates={alternates}
        origin={origin}
        image={home.rows[0]?.events[0]?.image ?? null}
      />
      <header>
        <Typography variant="h1">{reservable ? t('discovery:home.reservableHeading') : t('home.heading')}</Typography>
        <Typography color="textSecondary">{t('home.subheading')}</Typography>
      </header>
      {categories.length ? (
        <nav aria-label={t('discovery:home.browse')}>
          <PillScroller
            label={t('discovery:home.browse')}
            pills={[
              {
                key: 'reservable',
                label: t('discovery:filters.reservable'),
                selected: reservable,
                to: `${localePath(locale)}${listingSearch({ ...links, reservable: !reservable })}`,
                icon: <EventAvailableIcon />,
                testId: 'home-reservable-pill',
              },
              ...categories.map((category) => ({
                key: category.slug,
                label: category.name,
                selected: false,
                to: `${categoryPath(locale, category)}${filterSearch}`,
                icon: <CategoryIcon icon={category.icon} />,
                testId: `category-pill-${category.slug}`,
              })),
            ]}
          />
        </nav>
      ) : null}
      <WhenFilter
        locale={locale}
        date={args.date}
        hrefFor={hrefFor}
        action={localePath(locale)}
        hidden={hidden}
        tonight={when.tonight}
        today={when.today}
      />
      <NearMeButton />
      <ListingMap
        query={{ ...listingApiQuery(args), near: near?.near }}
        events={nearby?.items ?? page?.items ?? home.rows.flatMap((row) => row.events)}
      />
      {nearby && near ? (
        <LazyPart>
          <EventListing
            path={pathname}
            args={args}
            firstPage={nearby}
            loadPage={loadNearPage}
            label={t('discovery:list.label')}
            empty={<EmptyState title={t('discovery:list.emptyTitle')} body={t('discovery:list.emptyBody')} />}
          />
        </LazyPart>
      ) : (
        <BusyRegion busy={pending}>
          {/* Spaced with gap, not margins: the "for you" room before the rows takes no space while hidden. */}
          <Stack spacing={4} useFlexGap>
            {home.rows.length === 0 && !page ? <Typography>{reservable ? t('discovery:home.reservableEmpty') : t('home.empty')}</Typography> : null}
            {page ? null : <ForYouRoom />}
            {page ? null : <ForYouAfterHydration locale={locale} />}
            {home.rows.map((row, index) => (
              // A boundary per row lets React hydrate the rows one task at a time instead of the whole page in
              // one long task (a phone's main thread stays free between rows); nothing in a row suspends, so
              // the server renders every row in place and no fallback is ever drawn.
              <Suspense key={row.category.id} fallback={null}>
                <EventRow category={row.category} events={row.events} search={filterSearch} priority={index === 0} />
              </Suspense>
            ))}
            {page ? (
              <section aria-labelledby="home-all-matching">
                <Typography id="home-all-matching" variant="h2" sx={{ mb: 1.5 }}>
                  {t('discovery:whenCity.allMatching')}
                </Typography>
                <LazyPart>
                  <EventListing
                    path={pathname}
                    args={args}
                    firstPage={page}
                    headingLevel={3}
                    label={t('discovery:whenCity.allMatching')}
                    empty={<EmptyState title={t('discovery:list.emptyTitle')} body={t('discovery:list.emptyBody')} />}
                  />
                </LazyPart>
              </section>
            ) : null}
          </Stack>
        </BusyRegion>
      )}
    </Stack>
  );
}
