/**
 * Registers /sw.js (src/web/sw/service-worker.ts) for the whole site. Called only after the page's load
 * event, from a lazily loaded module (pwa-layer.tsx), so no page's first load grows (issue #12). The dev
 * server has no built worker: nothing is registered there.
 */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  try {
    // updateViaCache 'none': the browser checks /sw.js itself on every visit, so a new release is found at once.
    return await navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' });
  } catch (error) {
    // Refused (a private window, a browser setting): the site works as before, only not offline.
    console.warn('The service worker could not be registered', error);
    return null;
  }
}
