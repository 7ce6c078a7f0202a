import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigation } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../../../shared/catalog-limits';
import type { EventPage, EventSummary } from '../../../shared/schemas/catalog';
import { type ApiResult, getApiClient } from '../../lib/api-client';
import { useEventListStore } from '../../stores/event-list-store';
import { useSavedScrollPosition } from './saved-scroll-position';
import { useUiStore } from '../../stores/ui-store';
import { BusyRegion } from '../../components/busy-region';
import { EventGrid, preloadEventCardSkeleton } from '../../components/event-grid';
import { listingApiQuery, type ListingArgs, sameArgs } from '../../lib/listing-args';
import { useWhenIdle } from '../../lib/lazy-on-intent';
import { usePendingSamePage } from '../../lib/use-pending-navigation';

const SKELETONS = 4;

interface EventListingProps {
  /**
   * The listing's pathname (spec §4 path-change rule). A list that depends on more than the path and
   * `args` (search: its words, city and order) adds that, as its canonical query string, so the session's
   * copy of one search is never shown for another.
   */
  path: string;
  args: ListingArgs;
  /** The server's first page, rendered into the HTML. */
  firstPage: EventPage;
  label: string;
  empty: ReactNode;
  /** The page after `cursor`; default GET /events with `args`. */
  loadPage?: (cursor: string) => Promise<ApiResult<EventPage>>;
  /** How many events the whole list holds, when the server counted them: the count then says so. */
  total?: number;
  /** Level of each event's heading: 2 right under the page's h1 (default), 3 under a section's h2. */
  headingLevel?: 2 | 3;
}

const loadListingPage = (args: ListingArgs, cursor: string) =>
  getApiClient().get<EventPage>('/events', { query: listingApiQuery(args, { cursor, limit: DEFAULT_PAGE_SIZE }) });

/**
 * A listing that grows without end (spec §3 infinite-scroll flag) and comes back as it was: its events,
 * next-page cursor and scroll position live in the session's event list state (spec §3, §4), so
 * opening an event and returning shows the same list at the same place.
 */
export function EventListing({ path, args, firstPage, label, empty, loadPage, total, headingLevel = 2 }: EventListingProps) {
  const { t } = useTranslation('discovery');
  const [ready, setReady] = useState(false);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const sentinel = useRef<HTMLDivElement | null>(null);
  const temporaryEvents = useEventListStore((state) => state.temporaryEvents);
  const loadedAll = useEventListStore((state) => state.loadedAllEvents);
  const infiniteScroll = useEventListStore((state) => state.infiniteScroll);
  const setEventCount = useUiStore((state) => state.setEventCount);
  const pending = usePendingSamePage();
  useWhenIdle(preloadEventCardSkeleton);

  // Put the server's page (or the session's longer copy of the same listing) in place, then bring the
  // scroll position back. Runs again when the path or the filters change.
  useEffect(() => {
    const store = useEventListStore;
    const apply = () => {
      store.getState().enterPath(path);
      const outcome = store.getState().showListing({ path, args, items: firstPage.items, nextCursor: firstPage.next_cursor });
      setReady(true);
      setFailed(false);
      if (outcome === 'restored') {
        const y = store.getState().scrollPosition;
        // After React Router's own scroll handling of this navigation.
        requestAnimationFrame(() => window.scrollTo(0, y));
      }
    };
    if (store.persist.hasHydrated()) apply();
    else void Promise.resolve(store.persist.rehydrate()).then(apply);
  }, [path, args, firstPage]);

  // Remember where the reader is, once the list on screen is the stored one, until the reader leaves for
  // another page: what scrolls while that page replaces this one (clamped to a shorter page, reset to the
  // top) is not where the reader was.
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const leaving = navigation.state !== 'idle' && navigation.location?.pathname !== pathname;
  useSavedScrollPosition(ready && !leaving);

  const events: EventSummary[] = ready ? temporaryEvents : firstPage.items;
  const done = ready ? loadedAll : firstPage.next_cursor === null;

  useEffect(() => {
    setEventCount(events.length);
  }, [events.length, setEventCount]);

  const loadMore = useCallback(async () => {
    const state = useEventListStore.getState();
    if (loading || state.loadedAllEvents || !state.lastEventPage || !sameArgs(state.arguments, args)) return;
    setLoading(true);
    setFailed(false);
    const cursor = state.lastEventPage;
    const result = await (loadPage ? loadPage(cursor) : loadListingPage(args, cursor));
    setLoading(false);
    const now = useEventListStore.getState();
    // The reader may have changed filters while the page was on its way.
    if (!sameArgs(now.arguments, args) || now.lastEventPage !== cursor) return;
    if (result.ok) now.appendPage(result.data.items, result.data.next_cursor);
    else setFailed(true);
  }, [args, loading, loadPage]);

  useEffect(() => {
    const element = sentinel.current;
    if (!ready || done || failed || !infiniteScroll || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && void loadMore(), { rootMargin: '800px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ready, done, failed, infiniteScroll, loadMore]);

  // While the next answer for this page loads (a filter change), the old one is dimmed and marked busy;
  // an empty one gives way to skeletons, since "nothing found" may no longer be true.
  if (events.length === 0) {
    return pending ? <EventGrid events={[]} skeletons={SKELETONS} label={label} /> : <>{empty}</>;
  }

  return (
    <BusyRegion busy={pending}>
      <Stack spacing={3}>
        <Typography role="status" variant="body2" color="textSecondary" data-testid="event-count">
          {total === undefined ? t('list.count', { count: events.length }) : t('list.total', { count: total })}
        </Typography>
        <EventGrid events={events} skeletons={loading ? SKELETONS : 0} label={label} headingLevel={headingLevel} />
        <Box ref={sentinel} sx={{ display: 'flex', justifyContent: 'center', minHeight: 48 }}>
          {done ? (
            <Typography color="textSecondary">{t('list.end')}</Typography>
          ) : failed ? (
            <Stack spacing={1} sx={{ alignItems: 'center' }}>
              <Typography color="error">{t('list.error')}</Typography>
              <Button variant="outlined" onClick={() => void loadMore()}>
                {t('common:actions.retry')}
              </Button>
            </Stack>
          ) : (
            <Button variant="outlined" disabled={loading || !ready} onClick={() => void loadMore()} data-testid="load-more">
              {loading ? t('list.loading') : t('list.loadMore')}
            </Button>
          )}
        </Box>
      </Stack>
    </BusyRegion>
  );
}
