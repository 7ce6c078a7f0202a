import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useDeferredValue, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../lib/use-hydrated';
import { useUserStore } from '../../stores/user-store';
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

/** The heart on an event card: an icon toggle over the picture, labelled "Save" / "Saved". */
export function SaveHeart({ eventId }: { eventId: number }) {
  const { t } = useTranslation('posted');
  const { ready, saved, toggle } = useSaved(eventId);
  if (!ready) return null;
  return (
    <IconButton
      aria-pressed={saved}
      aria-label={t(saved ? 'saved.saved' : 'saved.save')}
      onClick={toggle}
      data-testid="save-heart"
      size="medium"
      sx={{
        position: 'absolute',
        top: 8,
        right: 8,
        zIndex: 1,
        bgcolor: 'background.paper',
        boxShadow: 1,
        color: saved ? 'error.main' : 'text.secondary',
        '&:hover': { bgcolor: 'background.paper' },
      }}
    >
      {saved ? <FavoriteIcon /> : <FavoriteBorderIcon />}
    </IconButton>
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
      startIcon={saved ? <FavoriteIcon sx={{ color: 'error.main' }} /> : <FavoriteBorderIcon />}
      data-testid="save-event"
    >
      {t(saved ? 'saved.saved' : 'saved.save')}
    </Button>
  );
}
