import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { categoryPath } from '../../../shared/paths';
import type { EventSummary } from '../../../shared/schemas/catalog';
import { useLocale } from '../../lib/use-locale';
import { CategoryIcon } from '../../components/category-icon';
import { EventCard, ROW_CARD_IMAGE_SIZES } from '../../components/event-card';
import { dragScrollSx, ScrollArrows, useSideScroller } from './scroll-arrows';

const ROW_SIZE = 6;

/**
 * The cards of a row after the first are laid out and painted only when they come near the screen
 * (`content-visibility: auto`): the home page's first layouts, every row's cards at once, were its largest
 * tasks around the first paint on a phone, and now cover only the rows near the screen (19 → 9 ms and
 * 14 → 5 ms in an unthrottled trace; docs/performance.md). They stay in the page for readers, search,
 * find-in-page and keyboard focus. The height stands in until a row is first drawn (its cards are
 * 320–380 px high at every width), and the one drawn last is kept after that (`auto`). The list already
 * clips what overflows it (it scrolls sideways), so the containment this brings clips nothing new.
 */
const OFF_SCREEN_SX = { contentVisibility: 'auto', containIntrinsicSize: 'auto 340px' } as const;

/**
 * One home-page row: a category's next events, and the way into its page (keeping the home's filter in
 * `search`). A row of picked events ("for you") gives its own `title` and `icon` instead of a category, and
 * a `note` under each card (why it was picked).
 */
export function EventRow({
  category,
  title,
  icon,
  events,
  note,
  search = '',
  priority = false,
  testId = 'home-row',
}: {
  category?: { slug: string; name: string; icon: string };
  title?: string;
  icon?: ReactNode;
  events: EventSummary[];
  note?: (event: EventSummary) => ReactNode;
  search?: string;
  /** The first row on the page: its first pictures load at once. */
  priority?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('discovery');
  const locale = useLocale();
  const headingId = useId();
  const shown = events.slice(0, ROW_SIZE);
  const name = title ?? category?.name ?? '';
  // Desktop: arrows and mouse drag, as the pill bar; the wheel keeps scrolling the page (the row is tall).
  const { ref: rowRef, edges, scrollPage } = useSideScroller<HTMLUListElement>({ contentKey: shown.length, verticalWheel: false });
  return (
    <Box component="section" aria-labelledby={headingId} data-testid={testId}>
      <Stack direction="row" spacing={1} sx={{ mb: 1.5, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id={headingId} variant="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          {icon ?? (category ? <CategoryIcon icon={category.icon} sx={{ color: 'primary.main' }} /> : null)}
          {name}
        </Typography>
        {category ? (
          <Button
            component={RouterLink}
            to={`${categoryPath(locale, category)}${search}`}
            endIcon={<ArrowForwardIcon />}
            aria-label={t('home.seeAllIn', { category: category.name })}
            sx={{ flexShrink: 0 }}
            data-testid={`see-all-${category.slug}`}
          >
            {t('home.seeAll')}
          </Button>
        ) : null}
      </Stack>
      <Box sx={{ position: 'relative' }}>
        <Box
          component="ul"
          ref={rowRef}
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            pb: 1,
            display: 'grid',
            gap: 2,
            gridAutoFlow: 'column',
            // A row scrolls sideways: most of a card on phones (the next one peeks in), a fixed share on wider screens.
            gridAutoColumns: { xs: '82%', sm: 'calc((100% - 16px) / 2.2)', lg: 'calc((100% - 32px) / 3.2)', xl: 'calc((100% - 48px) / 4.2)' },
            overflowX: 'auto',
            scrollSnapType: 'x mandatory',
            overscrollBehaviorX: 'contain',
            // The items' rule lives on the list: a styled item would resolve its styles again for every card.
            // With a note, the card fills the row's height above it (the card is 100% high).
            '& > li': { scrollSnapAlign: 'start', minWidth: 0, ...(note ? { display: 'grid', gridTemplateRows: '1fr auto' } : {}) },
            ...dragScrollSx,
            ...(priority ? {} : OFF_SCREEN_SX),
          }}
        >
          {shown.map((event, index) => (
            <li key={event.id}>
              <EventCard event={event} priority={priority && index < 2} imageSizes={ROW_CARD_IMAGE_SIZES} />
              {note?.(event)}
            </li>
          ))}
        </Box>
        <ScrollArrows
          edges={edges}
          onScroll={scrollPage}
          backLabel={t('keyboardLayout.rowBack', { category: name })}
          forwardLabel={t('keyboardLayout.rowForward', { category: name })}
        />
      </Box>
    </Box>
  );
}
