import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Dispatch, type SetStateAction, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../shared/locales';
import { MAX_VENUE_IMAGES, type UploadedImage } from '../../../shared/schemas/organizer-workspace';
import { ImageDropZone } from '../../components/image-drop-zone';
import { ResponsiveImage } from '../../components/responsive-image';
import { patchImage, useProcessingImages } from '../../lib/image-upload';

/** `list` with the item at `from` moved to `to`. */
function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * The venue's photos (at most six): upload several at once, order them (the first heads the public page),
 * remove one, and describe each in the page's language. The order and the set are saved with the venue;
 * a description is saved on the image at once, when its field is left.
 */
export function VenuePhotos({
  photos,
  onPhotos,
  locale,
  error,
}: {
  photos: UploadedImage[];
  onPhotos: Dispatch<SetStateAction<UploadedImage[]>>;
  locale: Locale;
  error?: string;
}) {
  const { t } = useTranslation('team');
  const replace = useCallback((image: UploadedImage) => onPhotos((list) => list.map((photo) => (photo.id === image.id ? image : photo))), [onPhotos]);
  useProcessingImages(photos, replace);
  const room = MAX_VENUE_IMAGES - photos.length;

  return (
    <Stack spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="h2" sx={{ mb: 1 }}>
        {t('venues.photos.heading')}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {t('venues.photos.help', { max: MAX_VENUE_IMAGES })}
      </Typography>
      {photos.length ? (
        <Stack component="ol" spacing={1.5} aria-label={t('venues.photos.list')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {photos.map((photo, index) => (
            <PhotoItem
              key={photo.id}
              photo={photo}
              index={index}
              last={index === photos.length - 1}
              locale={locale}
              onMove={(to) => onPhotos((list) => moved(list, index, to))}
              onRemove={() => onPhotos((list) => list.filter((other) => other.id !== photo.id))}
              onSaved={replace}
            />
          ))}
        </Stack>
      ) : null}
      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : null}
      {room > 0 ? (
        <ImageDropZone
          maxFiles={room}
          dropLabel={t('venues.photos.drop')}
          chooseLabel={t('venues.photos.choose')}
          onUploaded={(image) => onPhotos((list) => (list.length < MAX_VENUE_IMAGES ? [...list, image] : list))}
        />
      ) : (
        <Typography variant="body2" role="status">
          {t('venues.photos.full', { max: MAX_VENUE_IMAGES })}
        </Typography>
      )}
    </Stack>
  );
}

function PhotoItem({
  photo,
  index,
  last,
  locale,
  onMove,
  onRemove,
  onSaved,
}: {
  photo: UploadedImage;
  index: number;
  last: boolean;
  locale: Locale;
  onMove: (to: number) => void;
  onRemove: () => void;
  onSaved: (image: UploadedImage) => void;
}) {
  const { t } = useTranslation('team');
  const n = index + 1;
  const [alt, setAlt] = useState(photo.alt[locale] ?? '');

  const saveAlt = async () => {
    const text = alt.trim();
    if ((photo.alt[locale] ?? '') === text) return;
    const result = await patchImage(photo.id, { alt: { ...photo.alt, [locale]: text } });
    if (result.ok) onSaved(result.data.image);
  };

  return (
    <Box component="li" sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
      <Box sx={{ width: 160, flexShrink: 0, borderRadius: 1, overflow: 'hidden', position: 'relative' }}>
        {photo.status === 'ready' ? (
          <ResponsiveImage image={photo} alt={t('venues.photos.photo', { n })} crop="card" sizes="160px" style={{ display: 'block', width: '100%' }} />
        ) : (
          <Box sx={{ aspectRatio: '16 / 9', bgcolor: photo.dominant_color ?? 'action.hover', display: 'flex', alignItems: 'center', p: 1 }}>
            {photo.status === 'processing' ? (
              <Stack spacing={0.5} role="status" sx={{ width: '100%' }}>
                <Typography variant="caption">{t('common:imageUpload.processing')}</Typography>
                <LinearProgress aria-label={t('common:imageUpload.processing')} />
              </Stack>
            ) : (
              <Typography variant="caption" color="error">
                {t('venues.photos.failed')}
              </Typography>
            )}
          </Box>
        )}
        {index === 0 ? <Chip label={t('venues.photos.header')} size="small" color="primary" sx={{ position: 'absolute', top: 4, left: 4 }} /> : null}
      </Box>
      <Stack spacing={1} sx={{ flex: 1, minWidth: 200 }}>
        <TextField
          size="small"
          label={t('venues.photos.alt', { n, language: t(`common:language.name.${locale}`) })}
          helperText={t('venues.photos.altHelp')}
          value={alt}
          disabled={photo.status === 'failed'}
          onChange={(event) => setAlt(event.target.value)}
          onBlur={() => void saveAlt()}
          slotProps={{ htmlInput: { maxLength: 250, lang: locale } }}
        />
        <Stack direction="row" spacing={0.5}>
          <IconButton aria-label={t('venues.photos.moveUp', { n })} disabled={index === 0} onClick={() => onMove(index - 1)}>
            <ArrowUpwardIcon />
          </IconButton>
          <IconButton aria-label={t('venues.photos.moveDown', { n })} disabled={last} onClick={() => onMove(index + 1)}>
            <ArrowDownwardIcon />
          </IconButton>
          <IconButton aria-label={t('venues.photos.remove', { n })} onClick={onRemove}>
            <DeleteOutlineIcon />
          </IconButton>
        </Stack>
      </Stack>
    </Box>
  );
}
