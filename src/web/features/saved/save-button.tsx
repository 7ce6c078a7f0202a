import Button from '@mui/material/Button';
import SvgIcon from '@mui/material/SvgIcon';
import { useDeferredValue, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../lib/use-hydrated';
import { useUserStore } from '../../stores/user-store';
import { SAVE_HEART } from './save-heart-styles';
import { useSavedStore } from './saved-store';

/**
 * The saved state of one event, once the page has hydrated and the session is known. Until then there is
 * no heart at all: the server-rendered page is the same for every guest and cannot know. The session's
 * answer arrives for every card on the page at once, so the hearts it brings are drawn in a deferred,
 * interruptible render (as `useHydrated` does), not in one task with the store's update.
 */
function useSaved(eventId: number): { ready: boolean; saved: boolean; toggle: () => void } {
  const hydrated = useHydrated();
  const checked = useUserStore((state) => state.checked);
  const loggedIn = useUserStore((state) => state.loggedIn);
  const saved = useSavedStore((state) => state.ids.has(eventId));
  const owner = useSavedStore((state) => state.owner);
  const load = useSavedStore((state) => state.load);
  const toggle = useSavedStore((state) => state.toggle);
  const want = loggedIn ? 'user' : 'guest';
  useEffect(() => {
    if (checked && owner !== want) void load(want);
  }, [checked, owner, want, load]);
  const ready = useDeferredValue(hydrated && checked);
  return { ready, saved, toggle: () => void toggle(eventId) };
}

/** Favorite and FavoriteBorder of @mui/icons-material (save-button.test.tsx compares them). */
export const HEART_PATHS = {
  saved: 'm12 21.35-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54z',
  save: 'M16.5 3c-1.74 0-3.41.81-4.5 2.09C10.91 3.81 9.24 3 7.5 3 4.42 3 2 5.42 2 8.5c0 3.78 3.4 6.86 8.55 11.54L12 21.35l1.45-1.32C18.6 15.36 22 12.28 22 8.5 22 5.42 19.58 3 16.5 3m-4.4 15.55-.1.1-.1-.1C7.14 14.24 4 11.39 4 8.5 4 6.5 5.5 5 7.5 5c1.54 0 3.04.99 3.57 2.36h1.87C13.46 5.99 14.96 5 16.5 5c2 0 3.5 1.5 3.5 3.5 0 2.89-3.14 5.74-7.9 10.05',
} as const;

/**
 * The heart on an event card: a round toggle over the picture, labelled "Save" / "Saved". A plain button
 * drawn by the page's styles (save-heart-styles.ts), not an MUI IconButton: a listing has one per card.
 */
export function SaveHeart({ eventId }: { eventId: number }) {
  const { t } = useTranslation('posted');
  const { ready, saved, toggle } = useSaved(eventId);
  if (!ready) return null;
  return (
    <button type="button" className={SAVE_HEART.root} aria-pressed={saved} aria-label={t(saved ? 'saved.saved' : 'saved.save')} onClick={toggle} data-testid="save-heart">
      <svg className={SAVE_HEART.icon} viewBox="0 0 24 24" focusable="false" aria-hidden="true">
        <path d={saved ? HEART_PATHS.saved : HEART_PATHS.save} />
      </svg>
    </button>
  );
}

/** The same toggle on the event page, as a button with its words beside the heart. */
export function SaveEventButton({ eventId }: { eventId: number }) {
  const { t } = useTranslation('posted');
  const { ready, saved, toggle } = useSaved(eventId);
  if (!ready) return null;
  return (
    <Button
      variant="outlined"
      size="large"
      aria-pressed={saved}
      onClick={toggle}
      startIcon={
        // The heart's own paths, so the chunk carries them once.
        <SvgIcon sx={saved ? { color: 'error.main' } : undefined}>
          <path d={saved ? HEART_PATHS.saved : HEART_PATHS.save} />
        </SvgIcon>
      }
      data-testid="save-event"
    >
      {t(saved ? 'saved.saved' : 'saved.save')}
    </Button>
  );
}
