import { lazy, type ReactNode, startTransition, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EventCardSlotContext } from '../../components/event-card-slot';
import { LazyPart } from '../../lib/lazy-on-intent';
import type { SaveHeartLabels } from './save-button';

// A heart is drawn only once the page has hydrated and the session is known (save-button.tsx): its code,
// with the saved list's store and calls, comes after hydration too, out of the first page load (DESIGN §13).
// It sits over the card's picture, so its arrival moves nothing.
const SaveHeart = lazy(() => import('./save-button').then((module) => ({ default: module.SaveHeart })));

function LazySaveHeart({ eventId, labels }: { eventId: number; labels: SaveHeartLabels }) {
  // Shown in a transition, not in the synchronous re-render that follows hydration: a listing has dozens of
  // hearts, and a transition lets React draw them in short slices, so a tap right after the page appears is
  // answered at once (no long task on a slow phone).
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown ? (
    <LazyPart>
      <SaveHeart eventId={eventId} labels={labels} />
    </LazyPart>
  ) : null;
}

/**
 * What the app hands the event cards (components/event-card-slot.tsx): a heart on each. Their words are read
 * here once: each `useTranslation` copies the i18n instance on its first render (react-i18next 17), which a
 * heart on every one of sixty cards did sixty times.
 */
export function SaveHeartSlot({ children }: { children: ReactNode }) {
  const { t } = useTranslation('posted');
  const save = t('saved.save');
  const saved = t('saved.saved');
  const slot = useMemo(() => {
    const labels = { save, saved };
    return (eventId: number) => <LazySaveHeart eventId={eventId} labels={labels} />;
  }, [save, saved]);
  return <EventCardSlotContext.Provider value={slot}>{children}</EventCardSlotContext.Provider>;
}
