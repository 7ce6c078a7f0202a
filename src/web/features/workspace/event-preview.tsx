import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale, pickLocalizedWithLocale } from '../../../shared/locales';
import type { UploadedImage } from '../../../shared/schemas/organizer-workspace';
import type { OrganizerVenue } from '../../../shared/schemas/organizer-venues';
import { formatEventDate, formatMoney } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import type { EventForm } from './event-editor-types';
import { toMinor } from './event-form';
import { imagePreviewUrl } from './image-urls';
import { wallClockToIso } from './zoned-time';

/**
 * What a reader of each language sees: the API's fallback (requested → source → sr → en), Serbian in Latin,
 * and a note when the text shown is another language's.
 */
export function EventPreview({ form, venues, image }: { form: EventForm; venues: OrganizerVenue[]; image: UploadedImage | null }) {
  const { t } = useTranslation('workspace');
  const pageLocale = useLocale();
  const [reader, setReader] = useState<Locale>(pageLocale);
  const values = useWatch({ control: form.control });
  const source = values.source_locale ?? 'sr';
  const title = pickLocalizedWithLocale(values.title, reader, source);
  const summary = pickLocalizedWithLocale(values.summary, reader, source);
  const fellBack = [title, summary].find((shown) => shown.locale && shown.locale !== reader)?.locale ?? null;
  const zone = values.time_zone ?? 'Europe/Belgrade';
  const starts = values.start ? wallClockToIso({ date: values.start.date ?? '', time: values.start.time ?? '' }, zone) : null;
  const venue = venues.find((candidate) => String(candidate.id) === values.venue_id);
  const place = values.place === 'online' ? t('preview.online') : (venue?.display_name ?? '');
  const price = (() => {
    if (values.price_kind === 'free') return t('preview.free');
    if (values.price_kind === 'fixed' && values.price?.min) return formatMoney(toMinor(values.price.min), 'RSD', reader);
    if (values.price_kind === 'range' && values.price?.min && values.price.max) {
      return `${formatMoney(toMinor(values.price.min), 'RSD', reader)} – ${formatMoney(toMinor(values.price.max), 'RSD', reader)}`;
    }
    return '';
  })();
  const cover = image ? imagePreviewUrl(image) : null;

  return (
    <Stack spacing={1.5} component="section" aria-labelledby="preview-heading">
      <Typography variant="h2" id="preview-heading">
        {t('preview.heading')}
      </Typography>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={reader}
        onChange={(_event, value: Locale | null) => value && setReader(value)}
        aria-label={t('preview.reader')}
      >
        {LOCALES.map((locale) => (
          <ToggleButton key={locale} value={locale} aria-label={t('common:language.coded', { code: locale.toUpperCase(), label: t(`preview.readerOf.${locale}`) })} sx={{ px: 1.5 }}>
            {locale.toUpperCase()}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }} data-testid="event-preview" lang={title.locale ?? undefined}>
        <Box
          sx={{
            aspectRatio: '16 / 9',
            bgcolor: image?.dominant_color ?? 'action.hover',
            backgroundImage: cover ? `url("${cover}")` : undefined,
            backgroundSize: 'cover',
            backgroundPosition: image ? `${image.focal_x * 100}% ${image.focal_y * 100}%` : undefined,
          }}
          role={cover ? 'img' : undefined}
          aria-label={cover ? (pickLocalizedWithLocale(image?.alt, reader, source).text || t('image.cover')) : undefined}
        />
        <Stack spacing={0.5} sx={{ p: 2 }}>
          {starts ? (
            <Typography variant="body2" color="primary">
              {formatEventDate(starts, zone, reader)}
            </Typography>
          ) : null}
          <Typography variant="h3" sx={{ overflowWrap: 'anywhere' }} data-testid="preview-title">
            {title.text || t('preview.noTitle')}
          </Typography>
          {summary.text ? (
            <Typography color="textSecondary" sx={{ overflowWrap: 'anywhere' }} data-testid="preview-summary">
              {summary.text}
            </Typography>
          ) : null}
          {place || price ? (
            <Typography variant="body2" color="textSecondary">
              {[place, price].filter(Boolean).join(' · ')}
            </Typography>
          ) : null}
        </Stack>
      </Paper>
      {fellBack ? (
        <Typography variant="body2" color="warning" role="status" data-testid="preview-fallback">
          {t(`preview.shownIn.${fellBack}`)}
        </Typography>
      ) : null}
    </Stack>
  );
}
