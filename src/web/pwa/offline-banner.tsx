import CloudOffIcon from '@mui/icons-material/CloudOff';
import Alert from '@mui/material/Alert';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BREAKPOINT_TABLET, DRAWER_WIDTH } from '../../shared/constants';
import { watchPrivateDataOwner } from '../lib/private-data';
import { SERVED_FROM_CACHE, SERVED_FROM_CACHE_QUESTION, type ServedFromCacheMessage } from '../lib/offline-caches';
import { useLocale } from '../lib/use-locale';
import { formatSeenAt } from './offline-time';
import { registerServiceWorker } from './register-service-worker';

/** When what the page shows was last fetched from the server, as far as this page can tell. */
function useOfflineSince(): number | null {
  // The page itself came from the network when it started, unless the service worker says otherwise.
  const [online, setOnline] = useState(() => navigator.onLine);
  const [shownAt, setShownAt] = useState(() => Math.round(performance.timeOrigin));
  const [fromCache, setFromCache] = useState<number | null>(null);

  useEffect(() => {
    const goOffline = () => {
      // Whatever is on the screen now was fetched before this moment.
      setShownAt(Date.now());
      setOnline(false);
    };
    const goOnline = () => {
      setOnline(true);
      setFromCache(null);
    };
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', goOnline);
    const worker = navigator.serviceWorker;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as Partial<ServedFromCacheMessage> | null;
      if (data?.type === SERVED_FROM_CACHE && typeof data.savedAt === 'number') setFromCache(data.savedAt);
    };
    worker?.addEventListener('message', onMessage);
    // Was this page itself opened from the cache? (The worker remembers it per tab.)
    worker?.controller?.postMessage({ type: SERVED_FROM_CACHE_QUESTION });
    return () => {
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
      worker?.removeEventListener('message', onMessage);
    };
  }, []);

  if (fromCache !== null) return fromCache;
  return online ? null : shownAt;
}

/**
 * Issue #12: "offline — showing what you saw at 21:40", while the browser is offline or the page (or its
 * data) came from the service worker's cache. Also registers the service worker and starts following the
 * session for the private offline data: this module is loaded after the page's load event (pwa-layer.tsx).
 */
export default function OfflineBanner() {
  const { t } = useTranslation('posted');
  const locale = useLocale();
  const since = useOfflineSince();
  useEffect(() => {
    void registerServiceWorker();
    watchPrivateDataOwner();
  }, []);
  if (since === null) return null;
  return (
    <Alert
      severity="warning"
      variant="filled"
      icon={<CloudOffIcon />}
      role="status"
      data-testid="offline-banner"
      sx={{
        position: 'fixed',
        zIndex: (theme) => theme.zIndex.snackbar - 1,
        left: { xs: 8, sm: 24 },
        right: { xs: 8, sm: 'auto' },
        bottom: { xs: 8, sm: 24 },
        maxWidth: { sm: 480 },
        boxShadow: 6,
        // Beside the permanent drawer, not over its links.
        [`@media (min-width: ${BREAKPOINT_TABLET}px)`]: { left: DRAWER_WIDTH + 24 },
      }}
    >
      {t('offline.banner', { time: formatSeenAt(since, locale) })}
    </Alert>
  );
}
