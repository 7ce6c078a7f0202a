import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../../../shared/locales';
import { IMAGE_MAX_BYTES, IMAGE_MIN_HEIGHT, IMAGE_MIN_WIDTH, IMAGE_TYPES, type UploadedImage } from '../../../shared/schemas/organizer-workspace';
import { imagePreviewUrl } from './image-urls';
import { ImageDropArea } from '../../components/image-drop-zone';
import { fetchImage, patchImage, uploadImage } from '../../lib/image-upload';

const POLL_MS = 1500;
const FOCAL_STEP = 0.05;
const SAVE_DELAY_MS = 400;
/** The social/header crop is 1200×630 (DESIGN §14). */
const HEADER_RATIO = '1200 / 630';

const clamp = (value: number) => Math.min(1, Math.max(0, Math.round(value * 1000) / 1000));

interface CoverImageProps {
  image: UploadedImage | null;
  onImage: (image: UploadedImage | null) => void;
}

/** Drop or pick a cover, watch it upload and process, then set its focal point (two crops shown at once) and alt text. */
export function CoverImage({ image, onImage }: CoverImageProps) {
  const { t } = useTranslation('workspace');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  // While the server processes the image, ask again until it is ready (or failed).
  const processingId = image?.status === 'processing' ? image.id : null;
  useEffect(() => {
    if (!processingId) return undefined;
    let stopped = false;
    const timer = setInterval(async () => {
      const result = await fetchImage(processingId);
      if (stopped || !result.ok || result.data.image.status === 'processing') return;
      if (result.data.image.status === 'failed') setError(t('image.failed'));
      onImage(result.data.image);
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [processingId, onImage, t]);

  const upload = async (file: File) => {
    setError(null);
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return setError(t('image.wrongType'));
    if (file.size > IMAGE_MAX_BYTES) return setError(t('image.tooLarge', { max: IMAGE_MAX_BYTES / (1024 * 1024) }));
    setProgress(0);
    const result = await uploadImage(file, setProgress);
    setProgress(null);
    if (result.ok) onImage(result.data.image);
    else setError(result.problem.detail || t('image.uploadFailed'));
  };

  return (
    <Stack spacing={1.5}>
      <ImageDropArea
        onFiles={([file]) => {
          if (file) void upload(file);
        }}
        buttonDisabled={progress !== null}
        dropLabel={t('image.drop')}
        chooseLabel={image ? t('image.replace') : t('image.choose')}
        inputLabel={t('image.choose')}
        limits={t('image.limits', { width: IMAGE_MIN_WIDTH, height: IMAGE_MIN_HEIGHT, max: IMAGE_MAX_BYTES / (1024 * 1024) })}
      />
      {progress !== null ? <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label={t('image.uploading')} /> : null}
      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : null}
      {image?.status === 'processing' ? (
        <Stack spacing={1} role="status">
          <Typography variant="body2">{t('image.processing')}</Typography>
          <LinearProgress aria-label={t('image.processing')} />
        </Stack>
      ) : null}
      {image?.status === 'ready' ? <FocalPoint key={image.id} image={image} onImage={onImage} /> : null}
      {image ? (
        <Button color="inherit" onClick={() => onImage(null)} sx={{ alignSelf: 'flex-start' }}>
          {t('image.remove')}
        </Button>
      ) : null}
    </Stack>
  );
}

function FocalPoint({ image, onImage }: { image: UploadedImage; onImage: (image: UploadedImage) => void }) {
  const { t } = useTranslation('workspace');
  const [focal, setFocal] = useState({ x: image.focal_x, y: image.focal_y });
  const [alt, setAlt] = useState<Record<Locale, string>>(() => Object.fromEntries(LOCALES.map((locale) => [locale, image.alt[locale] ?? ''])) as Record<Locale, string>);
  const dragging = useRef(false);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const url = imagePreviewUrl(image);

  const save = (next: { x: number; y: number }) => {
    setFocal(next);
    if (pending.current) clearTimeout(pending.current);
    pending.current = setTimeout(async () => {
      const result = await patchImage(image.id, { focal_x: next.x, focal_y: next.y });
      if (result.ok) onImage(result.data.image);
    }, SAVE_DELAY_MS);
  };
  useEffect(() => () => {
    if (pending.current) clearTimeout(pending.current);
  }, []);

  const fromPointer = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    save({ x: clamp((event.clientX - box.left) / box.width), y: clamp((event.clientY - box.top) / box.height) });
  };
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    save({ x: clamp(focal.x + move[0] * FOCAL_STEP), y: clamp(focal.y + move[1] * FOCAL_STEP) });
  };
  const position = `${focal.x * 100}% ${focal.y * 100}%`;
  const crop = (label: string, ratio: string) => (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="caption" color="textSecondary">
        {label}
      </Typography>
      <Box sx={{ aspectRatio: ratio, borderRadius: 1, backgroundImage: url ? `url("${url}")` : undefined, backgroundSize: 'cover', backgroundPosition: position, bgcolor: image.dominant_color ?? 'action.hover' }} />
    </Box>
  );

  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="textSecondary" id="focal-help">
        {t('image.focalHelp')}
      </Typography>
      <Box
        tabIndex={0}
        role="application"
        aria-label={t('image.focal', { x: Math.round(focal.x * 100), y: Math.round(focal.y * 100) })}
        aria-describedby="focal-help"
        onKeyDown={onKey}
        onPointerDown={(event) => {
          dragging.current = true;
          event.currentTarget.setPointerCapture?.(event.pointerId);
          fromPointer(event);
        }}
        onPointerMove={(event) => dragging.current && fromPointer(event)}
        onPointerUp={() => {
          dragging.current = false;
        }}
        sx={{ position: 'relative', cursor: 'crosshair', touchAction: 'none', borderRadius: 1, overflow: 'hidden', '&:focus-visible': { outline: 3, outlineColor: 'primary.main' } }}
      >
        {url ? <Box component="img" src={url} alt="" draggable={false} sx={{ display: 'block', width: '100%', height: 'auto', userSelect: 'none' }} /> : null}
        <Box
          aria-hidden
          sx={{ position: 'absolute', left: `${focal.x * 100}%`, top: `${focal.y * 100}%`, width: 28, height: 28, ml: '-14px', mt: '-14px', borderRadius: '50%', border: 3, borderColor: 'common.white', boxShadow: '0 0 0 2px rgba(0,0,0,.6)' }}
        />
      </Box>
      <Stack direction="row" spacing={1.5}>
        {crop(t('image.cardCrop'), '16 / 9')}
        {crop(t('image.headerCrop'), HEADER_RATIO)}
      </Stack>
      <Typography variant="subtitle2">{t('image.alt')}</Typography>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {LOCALES.map((locale) => (
          <TextField
            key={locale}
            size="small"
            label={t('image.altIn', { language: t(`languages.${locale}`) })}
            value={alt[locale]}
            onChange={(event) => setAlt({ ...alt, [locale]: event.target.value })}
            onBlur={async () => {
              if ((image.alt[locale] ?? '') === alt[locale].trim()) return;
              const result = await patchImage(image.id, { alt: Object.fromEntries(LOCALES.map((code) => [code, alt[code].trim()])) });
              if (result.ok) onImage(result.data.image);
            }}
            slotProps={{ htmlInput: { maxLength: 250, lang: locale } }}
          />
        ))}
      </Box>
    </Stack>
  );
}
