import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../../../shared/locales';
import type { ReviewEvent } from '../../../shared/schemas/admin-moderation';
import { formatEventDate } from '../../lib/format';

/**
 * The event as its organizer wrote it, one language at a time: what is missing in a language is said so
 * (the public page would show the fallback), so the admin reviews every text readers will meet.
 */
export function ReviewPreview({ review }: { review: ReviewEvent }) {
  const { t } = useTranslation('moderation');
  const { event } = review;
  const [language, setLanguage] = useState<Locale>(event.source_locale);
  const title = event.title[language];
  const summary = event.summary[language];
  const description = event.description[language];
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="review-preview-heading">
      <Typography variant="h2" id="review-preview-heading">
        {t('review.preview')}
      </Typography>
      <Tabs value={language} onChange={(_event, value: Locale) => setLanguage(value)} variant="scrollable" aria-label={t('review.languages')}>
        {LOCALES.map((locale) => (
          <Tab key={locale} value={locale} label={`${locale.toUpperCase()}${event.title[locale] ? '' : ' –'}`} aria-label={t('common:language.coded', { code: locale.toUpperCase(), label: t(`review.languageOf.${locale}`) })} />
        ))}
      </Tabs>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} lang={language} data-testid="review-preview">
        <Stack spacing={1}>
          {language === event.source_locale ? <Chip size="small" label={t('review.source')} sx={{ alignSelf: 'flex-start' }} /> : null}
          <Typography variant="body2" color="primary">
            {formatEventDate(event.starts_at, event.time_zone, language)}
            {review.venue_name ? ` · ${review.venue_name}` : event.online_url ? ` · ${event.online_url}` : ''}
          </Typography>
          <Typography variant="h3" sx={{ overflowWrap: 'anywhere' }}>
            {title || t('review.missing')}
          </Typography>
          {summary ? <Typography color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>{summary}</Typography> : null}
          {description ? <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{description}</Typography> : null}
          {event.performers.length ? (
            <Typography variant="body2" color="textSecondary">
              {event.performers.map((performer) => performer.name).join(', ')}
            </Typography>
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
}
