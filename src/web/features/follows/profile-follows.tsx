import BusinessIcon from '@mui/icons-material/Business';
import CategoryIcon from '@mui/icons-material/Category';
import PlaceIcon from '@mui/icons-material/Place';
import TagIcon from '@mui/icons-material/Tag';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Locale } from '../../../shared/locales';
import { categoryPath, organizerPath, venuePath } from '../../../shared/paths';
import type { Follow } from '../../../shared/schemas/follows';
import { followKey, useFollowsStore } from './follows-store';

const ICONS = { venue: PlaceIcon, organizer: BusinessIcon, category: CategoryIcon, tag: TagIcon } as const;

/** Where a followed thing lives. A tag has no page of its own (see listing-follow-buttons), so it is not a link. */
function followPath(locale: Locale, follow: Follow): string | null {
  switch (follow.kind) {
    case 'venue':
      return venuePath(locale, follow);
    case 'organizer':
      return organizerPath(locale, follow);
    case 'category':
      return categoryPath(locale, follow);
    case 'tag':
      return null;
  }
}

/**
 * The profile's "Following": everything the person follows, each with its page and a one-tap "Stop
 * following" (no confirmation: following again is one tap on its page).
 */
export function ProfileFollows({ locale }: { locale: Locale }) {
  const { t } = useTranslation('posted');
  const items = useFollowsStore((state) => state.items);
  const pending = useFollowsStore((state) => state.pending);
  const load = useFollowsStore((state) => state.load);
  const toggle = useFollowsStore((state) => state.toggle);
  // The profile is where a person checks the list: read it fresh.
  useEffect(() => void load({ signedIn: true, force: true }), [load]);

  return (
    <Paper component="section" id="following" aria-labelledby="following-title" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, scrollMarginTop: 80 }}>
      <Stack spacing={2}>
        <div>
          <Typography id="following-title" variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
            {t('follows.profile.title')}
          </Typography>
          {items?.length ? (
            <Typography color="textSecondary" sx={{ mt: 0.5 }}>
              {t('follows.profile.count', { count: items.length })}
            </Typography>
          ) : null}
        </div>
        {items === null ? (
          <CircularProgress size={24} aria-label={t('follows.profile.title')} />
        ) : items.length === 0 ? (
          <Typography color="textSecondary">{t('follows.profile.empty')}</Typography>
        ) : (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="profile-follows">
            {items.map((item) => {
              const Icon = ICONS[item.kind];
              const key = followKey(item.kind, item.id);
              const path = followPath(locale, item);
              const name = item.kind === 'tag' ? `#${item.name}` : item.name;
              return (
                <Stack component="li" key={key} direction="row" spacing={1.5} sx={{ alignItems: 'center', minHeight: 48 }}>
                  <Icon color="action" aria-hidden />
                  <Stack sx={{ flex: 1, minWidth: 0 }}>
                    {path ? (
                      <Link component={RouterLink} to={path} sx={{ overflowWrap: 'anywhere' }}>
                        {name}
                      </Link>
                    ) : (
                      <Typography sx={{ overflowWrap: 'anywhere' }}>{name}</Typography>
                    )}
                    <Typography variant="body2" color="textSecondary">
                      {t(`follows.kind.${item.kind}`)}
                    </Typography>
                  </Stack>
                  <Button
                    size="small"
                    color="inherit"
                    disabled={Boolean(pending[key])}
                    aria-label={t('follows.profile.unfollowLabel', { name })}
                    onClick={() => void toggle(item, false)}
                    sx={{ flexShrink: 0 }}
                  >
                    {t('follows.profile.unfollow')}
                  </Button>
                </Stack>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
