import PlaceIcon from '@mui/icons-material/Place';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Locale } from '../../../shared/locales';
import { categoryPath, venuePath } from '../../../shared/paths';
import type { SearchResult } from '../../../shared/schemas/catalog';
import { CategoryIcon } from '../../components/category-icon';

interface SearchResultsProps {
  result: SearchResult;
  locale: Locale;
  /** The events: the page's growing list (first page, then more as the reader scrolls), or its no-results state. */
  events: ReactNode;
}

/**
 * Search results in three groups (DESIGN §5): categories, venues, events. With nothing at all found,
 * only `events` shows (the list's empty state: the ways on).
 */
export function SearchResults({ result, locale, events }: SearchResultsProps) {
  const { t } = useTranslation('discovery');
  if (result.total === 0 && result.venues.length === 0 && result.categories.length === 0) return <>{events}</>;
  return (
    <Stack spacing={4} data-testid="search-results">
      {result.categories.length ? (
        <Stack component="section" spacing={1.5} aria-labelledby="search-categories">
          <Typography id="search-categories" variant="h2">
            {t('search.categories')}
          </Typography>
          <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}>
            {result.categories.map((category) => (
              <li key={`${category.id}-${category.subcategory?.id ?? 0}`}>
                <Chip
                  component={RouterLink}
                  to={categoryPath(locale, category, category.subcategory)}
                  clickable
                  icon={<CategoryIcon icon={category.icon} />}
                  label={category.subcategory ? `${category.subcategory.name} · ${category.name}` : category.name}
                  variant="outlined"
                  data-testid="search-category"
                />
              </li>
            ))}
          </Box>
        </Stack>
      ) : null}
      {result.venues.length ? (
        <Stack component="section" spacing={1} aria-labelledby="search-venues">
          <Typography id="search-venues" variant="h2">
            {t('search.venues')}
          </Typography>
          <List sx={{ bgcolor: 'background.paper', borderRadius: 3, border: 1, borderColor: 'divider' }}>
            {result.venues.map((venue) => (
              <li key={venue.id}>
                <ListItemButton component={RouterLink} to={venuePath(locale, venue)} data-testid="search-venue">
                  <ListItemIcon>
                    <PlaceIcon aria-hidden />
                  </ListItemIcon>
                  <ListItemText primary={venue.name} secondary={venue.locality} />
                </ListItemButton>
              </li>
            ))}
          </List>
        </Stack>
      ) : null}
      <Stack component="section" spacing={1.5} aria-labelledby="search-events">
        <Typography id="search-events" variant="h2">
          {t('search.events')}
        </Typography>
        {events}
      </Stack>
    </Stack>
  );
}
