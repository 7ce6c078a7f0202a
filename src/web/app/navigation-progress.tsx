import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetchers, useNavigation } from 'react-router';
import { LazyPart, lazyOnIntent, useWhenIdle } from '../lib/lazy-on-intent';
import { useDelayedFlag } from '../lib/use-pending-navigation';

// Out of the first page load (DESIGN §13): nothing waits before the first navigation. Fetched once the page
// is idle, and at the latest when a wait begins, well before the bar is due.
const LinearProgress = lazyOnIntent(() => import('@mui/material/LinearProgress'));

/** Loads the bar's code (idle time, or a wait that has begun) without drawing it. */
export function preloadProgressBar(): Promise<unknown> {
  return LinearProgress.preload();
}

/** The thin bar at the top of the window while `busy` lasts longer than the feedback delay. */
export function ProgressBar({ busy }: { busy: boolean }) {
  const { t } = useTranslation();
  const shown = useDelayedFlag(busy);
  useEffect(() => {
    if (busy) LinearProgress.prefetch();
  }, [busy]);
  if (!shown) return null;
  return (
    <LazyPart>
      <LinearProgress
        aria-label={t('honestLoading.progress')}
        data-testid="navigation-progress"
        sx={{
          position: 'fixed',
          top: 0,
          left: 0,
          right: 0,
          height: 3,
          zIndex: (theme) => theme.zIndex.tooltip + 1,
        }}
      />
    </LazyPart>
  );
}

/** Every client navigation, filter change and fetcher load that keeps the reader waiting gets the bar. */
export function NavigationProgress() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  useWhenIdle(LinearProgress.prefetch);
  return <ProgressBar busy={navigation.state !== 'idle' || fetchers.some((fetcher) => fetcher.state !== 'idle')} />;
}
