import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { FollowKind } from '../../../shared/schemas/follows';
import { useHydrated } from '../../lib/use-hydrated';
import { useUserStore } from '../../stores/user-store';
import { followKey, useFollowsStore } from './follows-store';

export interface FollowTarget {
  kind: FollowKind;
  id: number;
  /** The name as the page shows it (the button's accessible name and the profile's list). */
  name: string;
  slug: string;
}

/**
 * Follow / Following, a toggle button (aria-pressed). Rendered the same for everyone on the server (public
 * pages are cached for all guests) and disabled until the browser has read what this person follows.
 */
export function FollowButton({ target, size = 'medium', named = false }: { target: FollowTarget; size?: 'small' | 'medium'; /** Name the target on the button (where several stand together). */ named?: boolean }) {
  const { t } = useTranslation('posted');
  const hydrated = useHydrated();
  const loggedIn = useUserStore((state) => state.loggedIn);
  const items = useFollowsStore((state) => state.items);
  const key = followKey(target.kind, target.id);
  const pending = useFollowsStore((state) => Boolean(state.pending[key]));
  const load = useFollowsStore((state) => state.load);
  const toggle = useFollowsStore((state) => state.toggle);

  useEffect(() => {
    // Signing in or out changes whose follows these are.
    if (hydrated) void load({ signedIn: loggedIn });
  }, [hydrated, loggedIn, load]);

  const following = Boolean(items?.some((item) => followKey(item.kind, item.id) === key));
  return (
    <Button
      variant={following ? 'contained' : 'outlined'}
      color="primary"
      size={size}
      aria-pressed={following}
      aria-label={following ? t('follows.button.followingLabel', { name: target.name }) : t('follows.button.followLabel', { name: target.name })}
      disabled={!hydrated || items === null || pending}
      startIcon={following ? <CheckIcon /> : <AddIcon />}
      onClick={() => void toggle(target, !following)}
      data-testid={`follow-${target.kind}`}
      sx={{ flexShrink: 0 }}
    >
      {named
        ? t(following ? 'follows.button.followingNamed' : 'follows.button.followLabel', { name: target.name })
        : t(following ? 'follows.button.following' : 'follows.button.follow')}
    </Button>
  );
}
