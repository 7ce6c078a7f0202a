import { lazy, startTransition, useEffect, useState } from 'react';
import { LazyPart } from '../../lib/lazy-on-intent';

// A heart is drawn only once the page has hydrated and the session is known (save-button.tsx): its code,
// with the saved list's store and calls, comes after hydration too, out of the first page load (DESIGN §13).
// It sits over the card's picture, so its arrival moves nothing.
const SaveHeart = lazy(() => import('./save-button').then((module) => ({ default: module.SaveHeart })));

function LazySaveHeart({ eventId }: { eventId: number }) {
  // Shown in a transition, not in the synchronous re-render that follows hydration: a listing has dozens of
  // hearts, and a transition lets React draw them in short slices, so a tap right after the page appears is
  // answered at once (no long task on a slow phone).
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown ? (
    <LazyPart>
      <SaveHeart eventId={eventId} />
    </LazyPart>
  ) : null;
}

/** What the app hands the event cards (components/event-card-slot.tsx): a heart on each. */
export const saveHeartSlot = (eventId: number) => <LazySaveHeart eventId={eventId} />;
