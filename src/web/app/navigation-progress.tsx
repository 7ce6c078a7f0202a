import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { useFetchers, useNavigation } from 'react-router';
import { useDelayedFlag } from '../lib/use-pending-navigation';

/** The thin bar at the top of the window while `busy` lasts longer than the feedback delay. */
export function ProgressBar({ busy }: { busy: boolean }) {
  const { t } = useTranslation();
  const shown = useDelayedFlag(busy);
  if (!shown) return null;
  return (
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
  );
}

/** Every client navigation, filter change and fetcher load that keeps the reader waiting gets the bar. */
export function NavigationProgress() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  return <ProgressBar busy={navigation.state !== 'idle' || fetchers.some((fetcher) => fetcher.state !== 'idle')} />;
}
