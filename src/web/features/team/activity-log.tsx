import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIME_ZONE } from '../../../shared/constants';
import { formatEventDate } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import { type Activity, type ActivityPage, fetchActivity } from './team-api';
import { useMorePages } from '../../lib/use-more-pages';

/** Who did what and when, newest first; "More" reads the next page. */
export function ActivityLog({ first }: { first: ActivityPage }) {
  const { t } = useTranslation('team');
  const locale = useLocale();
  const { items, cursor, loading, loadMore } = useMorePages(first, fetchActivity);

  const describe = (entry: Activity) => {
    const details = entry.details;
    const text = (key: string) => (typeof details[key] === 'string' || typeof details[key] === 'number' ? String(details[key]) : '');
    const role = (key: string) => (text(key) ? t(`roles.${text(key)}.name`, { defaultValue: text(key) }) : '');
    return t(`activity.actions.${entry.action.replace(/\./g, '_')}`, {
      defaultValue: t('activity.unknown', { action: entry.action }),
      email: text('email'),
      role: role('role'),
      from: role('from'),
      to: role('to'),
      target: entry.target_id,
    });
  };

  if (items.length === 0) return <Typography color="textSecondary">{t('activity.empty')}</Typography>;
  return (
    <>
      <Paper variant="outlined">
        <List disablePadding aria-label={t('activity.heading')} data-testid="activity-log">
          {items.map((entry, index) => (
            <ListItem key={entry.id} divider={index < items.length - 1}>
              <ListItemText
                primary={describe(entry)}
                secondary={`${entry.actor.name ?? t('activity.system')} · ${formatEventDate(entry.created_at, DEFAULT_TIME_ZONE, locale)}`}
              />
            </ListItem>
          ))}
        </List>
      </Paper>
      {cursor ? (
        <Button variant="outlined" onClick={() => void loadMore()} disabled={loading} sx={{ alignSelf: 'center' }}>
          {t('activity.more')}
        </Button>
      ) : null}
    </>
  );
}
