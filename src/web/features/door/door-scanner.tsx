import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import CameraswitchIcon from '@mui/icons-material/Cameraswitch';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import StopIcon from '@mui/icons-material/Stop';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QrDetector } from './qr-detector';

type Facing = 'environment' | 'user';

/** A code read again within this time is the same guest still holding up the phone, not a new scan. */
const REPEAT_MS = 3000;
const SCAN_EVERY_MS = 250;

/**
 * The camera scanner: the back camera by default (front on request, for a guest holding the phone up to a
 * tablet), a QR read every quarter second, and each new code handed to `onCode`. The decoder is loaded
 * only when the camera starts.
 */
export function DoorScanner({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation('door');
  const [running, setRunning] = useState(false);
  const [facing, setFacing] = useState<Facing>('environment');
  const [error, setError] = useState<'denied' | 'unavailable' | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    const video = videoRef.current;
    if (!running || !video) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const last = { code: '', at: 0 };
    const start = async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera API');
        const [media, { createQrDetector }] = await Promise.all([
          navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: facing } }, audio: false }),
          import('./qr-detector'),
        ]);
        stream = media;
        if (stopped) return;
        video.srcObject = media;
        await video.play();
        const detector: QrDetector = await createQrDetector();
        const tick = async () => {
          if (stopped) return;
          try {
            if (video.readyState >= 2) {
              const [found] = await detector.detect(video);
              const now = Date.now();
              if (found?.rawValue && (found.rawValue !== last.code || now - last.at > REPEAT_MS)) {
                last.code = found.rawValue;
                last.at = now;
                onCodeRef.current(found.rawValue);
              } else if (found?.rawValue) {
                last.at = now;
              }
            }
          } catch {
            // One unreadable frame is no reason to stop scanning.
          }
          timer = setTimeout(() => void tick(), SCAN_EVERY_MS);
        };
        void tick();
      } catch (reason) {
        if (stopped) return;
        setError(reason instanceof DOMException && reason.name === 'NotAllowedError' ? 'denied' : 'unavailable');
        setRunning(false);
      }
    };
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
      video.srcObject = null;
    };
  }, [running, facing]);

  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {running ? (
          <Button variant="outlined" size="large" startIcon={<StopIcon />} onClick={() => setRunning(false)}>
            {t('scanner.stop')}
          </Button>
        ) : (
          <Button
            variant="contained"
            size="large"
            startIcon={<QrCodeScannerIcon />}
            onClick={() => {
              setError(null);
              setRunning(true);
            }}
          >
            {t('scanner.start')}
          </Button>
        )}
        <Button
          variant="text"
          size="large"
          startIcon={<CameraswitchIcon />}
          onClick={() => setFacing((current) => (current === 'environment' ? 'user' : 'environment'))}
        >
          {facing === 'environment' ? t('scanner.useFront') : t('scanner.useBack')}
        </Button>
      </Stack>
      {error ? <Alert severity="warning">{t(`scanner.${error}`)}</Alert> : null}
      <Box
        sx={{
          display: running ? 'block' : 'none',
          position: 'relative',
          width: '100%',
          maxWidth: 480,
          aspectRatio: '1',
          borderRadius: 2,
          overflow: 'hidden',
          bgcolor: 'common.black',
        }}
      >
        <video
          ref={videoRef}
          muted
          playsInline
          aria-label={t('scanner.video')}
          style={{ width: '100%', height: '100%', objectFit: 'cover', transform: facing === 'user' ? 'scaleX(-1)' : undefined }}
        />
        <Box aria-hidden sx={{ position: 'absolute', inset: '15%', border: 3, borderColor: 'primary.main', borderRadius: 2, opacity: 0.8 }} />
      </Box>
    </Stack>
  );
}
