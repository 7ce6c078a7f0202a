import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import List from '@mui/material/List';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ReviewListItem } from '../../../shared/schemas/admin-moderation';
import { formatEventDate } from '../../lib/format';
import { localePath, useLocale } from '../../lib/use-locale';

/** The events waiting for review, the longest waiting first; each opens its review page. */
export function ReviewQueue({ items }: { items: ReviewListItem[] }) {
  const { t } = useTranslation('moderation');
  const locale = useLocale();
  if (items.length === 0) return <Typography color="textSecondary">{t('review.empty')}</Typography>;
  return (
    <Paper variant="outlined">
      <List disablePadding>
        {items.map((item) => (
          <ListItemButton key={item.id} component={RouterLink} to={localePath(locale, `/admin/review/${item.id}`)} divider data-testid="review-item">
            <ListItemText
              primary={item.title}
              secondary={[item.organizer?.name ?? t('review.noOrganizer'), formatEventDate(item.starts_at, 'Europe/Belgrade', locale)].join(' · ')}
              slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }}
            />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}
