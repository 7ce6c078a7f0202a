import PlaceIcon from '@mui/icons-material/Place';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Locale } from '../../../shared/locales';
import { categoryPath, venuePath } from '../../../shared/paths';
import type { SearchResult } from '../../../shared/schemas/catalog';
import { CategoryIcon } from '../../components/category-icon';
import { EmptyState, EventGrid } from '../../components/event-grid';

export function resultCount(result: SearchResult): number {
  return result.events.length + result.venues.length + result.categories.length;
}

/** Search results in three groups (DESIGN §5): categories, venues, events. */
export function SearchResults({ result, locale }: { result: SearchResult; locale: Locale }) {
  const { t } = useTranslation('discovery');
  if (resultCount(result) === 0) {
    return <EmptyState title={t('search.resultsFor', { q: result.query })} body={t('search.none', { q: result.query })} />;
  }
  return (
    <Stack spacing={4} data-testid="search-results">
      <Typography role="status" color="text.secondary">
        {t('search.count', { count: resultCount(result) })}
      </Typography>
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
      {result.events.length ? (
        <Stack component="section" spacing={1.5} aria-labelledby="search-events">
          <Typography id="search-events" variant="h2">
            {t('search.events')}
          </Typography>
          <EventGrid events={result.events} label={t('search.events')} />
        </Stack>
      ) : null}
    </Stack>
  );
}
