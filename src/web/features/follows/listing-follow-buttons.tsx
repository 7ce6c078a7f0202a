import Stack from '@mui/material/Stack';
import type { Category, Tag } from '../../../shared/schemas/catalog';
import { FollowButton } from './follow-button';

/**
 * The category page's Follow buttons: the category, and the tag when the listing is filtered by exactly one.
 *
 * Why a tag is followed here and not on a page of its own: a tag has no page in Kuda; the event page's tag
 * chips open the category listing filtered by that tag, so a listing with one tag as its filter is where a
 * reader meets "events with this tag". A separate tag page would duplicate the listing (filters, map,
 * infinite scroll) and add an indexable URL with the same content. With several tags the button would be
 * ambiguous, so it shows only for one. Two buttons side by side name what each follows.
 */
export function ListingFollowButtons({ category, tag }: { category: Category; tag: Tag | null }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1.5 }} data-testid="listing-follow">
      <FollowButton size="small" named target={{ kind: 'category', id: category.id, name: category.name, slug: category.slug }} />
      {tag ? <FollowButton size="small" named target={{ kind: 'tag', id: tag.id, name: `#${tag.name}`, slug: tag.slug }} /> : null}
    </Stack>
  );
}
