import CloudUploadIcon from '@mui/icons-material/CloudUploadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_BYTES, IMAGE_MIN_HEIGHT, IMAGE_MIN_WIDTH, IMAGE_TYPES, type UploadedImage } from '../../shared/schemas/organizer-workspace';
import { imageFileProblem, uploadImage } from '../lib/image-upload';

const MEGABYTE = 1024 * 1024;

export interface ImageDropZoneProps {
  /** Each image the server took (still `processing`: see useProcessingImages), in the order dropped. */
  onUploaded: (image: UploadedImage) => void;
  /** How many files one drop or pick may add; more than one lets the picker choose several. */
  maxFiles?: number;
  /** The invitation and the button, when the editor has its own words for them. */
  dropLabel?: string;
  chooseLabel?: string;
  disabled?: boolean;
}

/**
 * Drop or pick image files: each is checked (type, size) before it is sent, uploaded with a progress bar,
 * and handed over; a refusal shows in an alert. Files beyond `maxFiles` are left out.
 */
export function ImageDropZone({ onUploaded, maxFiles = 1, dropLabel, chooseLabel, disabled = false }: ImageDropZoneProps) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState<{ name: string; progress: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const many = maxFiles > 1;
  const busy = uploading !== null;

  const uploadAll = async (files: File[]) => {
    setError(null);
    for (const file of files.slice(0, Math.max(0, maxFiles))) {
      const problem = imageFileProblem(file);
      if (problem) {
        setError(problem === 'wrong_type' ? t('imageUpload.wrongType') : t('imageUpload.tooLarge', { max: IMAGE_MAX_BYTES / MEGABYTE }));
        continue;
      }
      setUploading({ name: file.name, progress: 0 });
      const result = await uploadImage(file, (progress) => setUploading({ name: file.name, progress }));
      setUploading(null);
      if (result.ok) onUploaded(result.data.image);
      else setError(result.problem.detail || t('imageUpload.uploadFailed'));
    }
  };

  return (
    <Stack spacing={1.5}>
      <ImageDropArea
        onFiles={(files) => void uploadAll(files)}
        refuseDrops={disabled || busy}
        dimmed={disabled}
        buttonDisabled={disabled || busy}
        multiple={many}
        dropLabel={dropLabel ?? (many ? t('imageUpload.dropMany') : t('imageUpload.drop'))}
        chooseLabel={chooseLabel ?? (many ? t('imageUpload.chooseMany') : t('imageUpload.choose'))}
        inputLabel={chooseLabel ?? (many ? t('imageUpload.chooseMany') : t('imageUpload.choose'))}
        limits={t('imageUpload.limits', { width: IMAGE_MIN_WIDTH, height: IMAGE_MIN_HEIGHT, max: IMAGE_MAX_BYTES / MEGABYTE })}
      />
      {uploading ? (
        <LinearProgress variant="determinate" value={Math.round(uploading.progress * 100)} aria-label={t('imageUpload.uploading', { name: uploading.name })} />
      ) : null}
      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}

export interface ImageDropAreaProps {
  /** The files dropped or picked (the picker's choice is cleared, so the same file may be picked again). */
  onFiles: (files: File[]) => void;
  /** Drops are ignored while set (the picker's button has its own `buttonDisabled`). */
  refuseDrops?: boolean;
  dimmed?: boolean;
  buttonDisabled?: boolean;
  multiple?: boolean;
  dropLabel: string;
  chooseLabel: string;
  /** The hidden picker's accessible name. */
  inputLabel: string;
  limits: string;
}

/** The dashed area to drop image files on, with a button that opens the file picker and the upload limits. */
export function ImageDropArea({ onFiles, refuseDrops = false, dimmed = false, buttonDisabled = false, multiple = false, dropLabel, chooseLabel, inputLabel, limits }: ImageDropAreaProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  return (
    <Box
      onDragOver={(event) => {
        event.preventDefault();
        if (!refuseDrops) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        if (!refuseDrops) onFiles([...event.dataTransfer.files]);
      }}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: dragging ? 'primary.main' : 'divider',
        borderRadius: 2,
        p: 2,
        textAlign: 'center',
        bgcolor: dragging ? 'action.hover' : undefined,
        opacity: dimmed ? 0.6 : 1,
      }}
      data-testid="image-drop"
    >
      <CloudUploadIcon sx={{ fontSize: 36, opacity: 0.7 }} aria-hidden />
      <Typography sx={{ mb: 1 }}>{dropLabel}</Typography>
      <Button variant="outlined" onClick={() => input.current?.click()} disabled={buttonDisabled}>
        {chooseLabel}
      </Button>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
        {limits}
      </Typography>
      <input
        ref={input}
        type="file"
        hidden
        multiple={multiple}
        accept={IMAGE_TYPES.join(',')}
        aria-label={inputLabel}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </Box>
  );
}
