import { lazy } from 'react';
import { LazyPart } from '../../lib/lazy-on-intent';
import { useHydrated } from '../../lib/use-hydrated';

// A heart is drawn only once the page has hydrated and the session is known (save-button.tsx): its code,
// with the saved list's store and calls, comes after hydration too, out of the first page load (DESIGN §13).
// It sits over the card's picture, so its arrival moves nothing.
const SaveHeart = lazy(() => import('./save-button').then((module) => ({ default: module.SaveHeart })));

function LazySaveHeart({ eventId }: { eventId: number }) {
  return useHydrated() ? (
    <LazyPart>
      <SaveHeart eventId={eventId} />
    </LazyPart>
  ) : null;
}

/** What the app hands the event cards (components/event-card-slot.tsx): a heart on each. */
export const saveHeartSlot = (eventId: number) => <LazySaveHeart eventId={eventId} />;
