import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { EventDetail } from '../../../shared/schemas/catalog';
import { FollowButton } from './follow-button';

/**
 * The event page's "who and where", to follow: its venue, its organizer and its category, each with its
 * kind named, so a reader who liked this event hears about the next one.
 */
export function EventFollows({ event }: { event: Pick<EventDetail, 'venue' | 'organizer' | 'category'> }) {
  const { t } = useTranslation('posted');
  const targets = [
    ...(event.venue ? [{ kind: 'venue' as const, id: event.venue.id, name: event.venue.name, slug: event.venue.slug }] : []),
    ...(event.organizer ? [{ kind: 'organizer' as const, id: event.organizer.id, name: event.organizer.name, slug: event.organizer.slug }] : []),
    { kind: 'category' as const, id: event.category.id, name: event.category.name, slug: event.category.slug },
  ];
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0, mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }} data-testid="event-follows">
      {targets.map((target) => (
        <Stack component="li" key={target.kind} direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            <Typography component="span" variant="body2" color="textSecondary">{`${t(`follows.kind.${target.kind}`)}: `}</Typography>
            {target.name}
          </Typography>
          <FollowButton size="small" target={target} />
        </Stack>
      ))}
    </Stack>
  );
}
