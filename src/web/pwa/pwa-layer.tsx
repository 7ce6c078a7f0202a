import { lazy, useEffect, useState } from 'react';
import { LazyPart } from '../lib/lazy-on-intent';

// Out of the first page load (issue #12, DESIGN §13): the worker's registration and the offline banner
// come in their own chunk, fetched once the page has loaded.
const OfflineBanner = lazy(() => import('./offline-banner'));

function useLoaded(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const onLoad = () => setLoaded(true);
    if (document.readyState === 'complete') {
      // Already loaded (a later mount): still not in the same render pass as the page's own work.
      const timer = window.setTimeout(onLoad, 0);
      return () => window.clearTimeout(timer);
    }
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, []);
  return loaded;
}

/** The installable, offline-capable app (service worker + offline banner), mounted once by the root. */
export function PwaLayer() {
  return useLoaded() ? (
    <LazyPart>
      <OfflineBanner />
    </LazyPart>
  ) : null;
}
