import { lazy } from 'react';
import { LazyPart } from '../../lib/lazy-on-intent';
import { useHydrated } from '../../lib/use-hydrated';
import { isPushSupported } from './push-device';

const PushSettings = lazy(() => import('./push-settings'));

/**
 * The profile's "Push notifications on this device": nothing where the browser cannot push, and nothing
 * in the server-rendered HTML; the section itself is fetched only in a browser that can.
 */
export function PushToggle({ userId }: { userId: string }) {
  const hydrated = useHydrated();
  if (!hydrated || !isPushSupported()) return null;
  return (
    <LazyPart>
      <PushSettings userId={userId} />
    </LazyPart>
  );
}
