import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { localeFromPath } from '../../shared/locales';
import { categoryPath } from '../../shared/paths';
import type { Category } from '../../shared/schemas/catalog';
import type { Route } from './+types/home';
import { BusyRegion } from '../components/busy-region';
import { CategoryIcon } from '../components/category-icon';
import { EventListing } from '../features/catalog/event-listing';
import { EventRow } from '../features/catalog/event-row';
import { ListingMap } from '../features/map/listing-map';
import { NearMeButton } from '../features/map/near-me-button';
import { nearFromSearch, nearPageLoader } from '../features/map/near-me';
import { PillScroller } from '../features/catalog/pill-scroller';
import { alternatesFor, SeoHead } from '../features/catalog/seo';
import { DEFAULT_PAGE_SIZE } from '../../shared/catalog-limits';
import { EMPTY_ARGS } from '../lib/listing-args';
import { useRootData } from '../lib/root-data';
import { usePendingSamePage } from '../lib/use-pending-navigation';
import { localePath } from '../lib/use-locale';
import { useEventListStore } from '../stores/event-list-store';
import { useUiStore } from '../stores/ui-store';

const HOME_ROW_SIZE = 6;
const NO_CATEGORIES: Category[] = [];

/** Spec §3 reserve filter: `?reservable=1` (set from "My reservations" or the pill) keeps reservable events only. */
function reservableFrom(url: URL): boolean {
  const value = url.searchParams.get('reservable');
  return value === '1' || value === 'true';
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const reservable = reservableFrom(url);
  const near = nearFromSearch(url.searchParams);
  // "Near me" turns the rows into one list, nearest first (every category, the reserve filter kept).
  const [home, nearby] = await Promise.all([
    context.services.catalog.home(locale, { reservable }),
    near ? context.services.catalog.listEvents({ locale, ...near, reservable: reservable ? 'true' : undefined, limit: DEFAULT_PAGE_SIZE }) : null,
  ]);
  const { origin } = context;
  // Only what a row shows travels to the page: the HTML (and its hydration data) stays small.
  const rows = home.rows.map((row) => ({ ...row, events: row.events.slice(0, HOME_ROW_SIZE) }));
  return { locale, reservable, home: { rows }, near, nearby, origin, canonical: `${origin}/${locale}/`, alternates: alternatesFor(origin, '/') };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale, reservable, home, near, nearby, origin, canonical, alternates } = loaderData;
  const nearArgs = useMemo(() => ({ ...EMPTY_ARGS, reservable }), [reservable]);
  const loadNearPage = useCallback(
    (cursor: string) => nearPageLoader({ reservable: reservable ? true : undefined, limit: DEFAULT_PAGE_SIZE }, near!)(cursor),
    [near, reservable],
  );
  const filterSearch = reservable ? '?reservable=1' : '';
  const { pathname } = useLocation();
  // The root loader already sends the category tree (the drawer shows it); no second copy.
  const categories = useRootData()?.categories ?? NO_CATEGORIES;
  // The reserve pill asks this page again: its rows are dimmed until the new ones arrive.
  const pending = usePendingSamePage();

  // Spec §3, §4: the home page is a listing; its rows are the "events grouped by category".
  useEffect(() => {
    const store = useEventListStore;
    const apply = () => {
      store.getState().enterPath(pathname);
      store.getState().setCategories(categories);
      store.getState().setHomeRows(home.rows);
      useUiStore.getState().setTailoredEvents(home.rows.flatMap((row) => row.events.slice(0, 1)));
      store.setState({ reserveFilter: reservable });
      // Turning the filter off also forgets that "My reservations" turned it on.
      if (!reservable) useUiStore.getState().setReserveFilterFromMyReservations(false);
    };
    if (store.persist.hasHydrated()) apply();
    else void Promise.resolve(store.persist.rehydrate()).then(apply);
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
        <Typography color="text.secondary">{t('home.subheading')}</Typography>
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
                to: reservable ? localePath(locale) : `${localePath(locale)}?reservable=1`,
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
      <NearMeButton />
      <ListingMap
        query={{ reservable: reservable ? true : undefined, near: near?.near }}
        events={nearby?.items ?? home.rows.flatMap((row) => row.events)}
      />
      {nearby && near ? (
        <EventListing
          path={pathname}
          args={nearArgs}
          firstPage={nearby}
          loadPage={loadNearPage}
          label={t('discovery:list.label')}
          empty={<Typography>{t('discovery:list.emptyTitle')}</Typography>}
        />
      ) : (
        <BusyRegion busy={pending}>
          <Stack spacing={4}>
            {home.rows.length === 0 ? <Typography>{reservable ? t('discovery:home.reservableEmpty') : t('home.empty')}</Typography> : null}
            {home.rows.map((row, index) => (
              <EventRow key={row.category.id} category={row.category} events={row.events} search={filterSearch} priority={index === 0} />
            ))}
          </Stack>
        </BusyRegion>
      )}
    </Stack>
  );
}
