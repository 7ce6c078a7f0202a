import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { OrganizerVenue } from '../../../shared/schemas/organizer-venues';
import { localePath, useLocale } from '../../lib/use-locale';
import { isCitySlug } from './cities';

/** The organizer's venues, each opening its editor; the public page is one tap away. */
export function VenueList({ venues }: { venues: readonly OrganizerVenue[] }) {
  const { t } = useTranslation('team');
  const locale = useLocale();
  if (venues.length === 0) return <Typography color="textSecondary">{t('venues.empty')}</Typography>;
  return (
    <Paper variant="outlined">
      <List disablePadding aria-label={t('venues.heading')}>
        {venues.map((venue, index) => (
          <ListItem
            key={venue.id}
            divider={index < venues.length - 1}
            disablePadding
            secondaryAction={
              <Button component="a" href={venue.url} target="_blank" rel="noopener" size="small" endIcon={<OpenInNewIcon aria-hidden />} aria-label={t('venues.publicPageOf', { name: venue.display_name })}>
                {t('venues.publicPage')}
              </Button>
            }
          >
            <ListItemButton component={RouterLink} to={localePath(locale, `/organizer/venues/${venue.id}`)} sx={{ pr: 16 }}>
              <ListItemText
                primary={venue.display_name}
                secondary={[venue.address, isCitySlug(venue.city) ? t(`venues.cities.${venue.city}`) : venue.city, venue.capacity ? t('venues.capacity', { count: venue.capacity }) : null]
                  .filter(Boolean)
                  .join(' · ')}
                slotProps={{ primary: { sx: { fontWeight: 600 } } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
