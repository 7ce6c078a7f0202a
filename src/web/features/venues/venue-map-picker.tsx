import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import MapIcon from '@mui/icons-material/Map';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadMapLibre, MAP_CONTAINER_SX } from '../../lib/maplibre';

export interface MapPoint {
  lat: number;
  lng: number;
}

/** What the picker needs of a map: resized once the dialog has opened, removed when it closes. */
interface OpenMap {
  resize: () => void;
  remove: () => void;
}

/** Six decimals (about 10 cm) are more than a venue needs, and keep the fields readable. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;

async function openMap(container: HTMLElement, styleUrl: string, start: MapPoint, zoom: number, onPick: (point: MapPoint) => void, onFail: () => void): Promise<OpenMap> {
  const { Map: MapLibreMap, Marker } = await loadMapLibre();
  // Throws where the browser has no WebGL.
  const map = new MapLibreMap({ container, style: styleUrl, center: [start.lng, start.lat], zoom });
  const marker = new Marker({ draggable: true }).setLngLat([start.lng, start.lat]).addTo(map);
  let loaded = false;
  map.on('load', () => {
    loaded = true;
  });
  // A tile that fails later is the map's business; a style that never loads (offline, wrong URL) is ours.
  map.on('error', () => {
    if (!loaded) onFail();
  });
  map.on('click', (event) => {
    marker.setLngLat(event.lngLat);
    onPick({ lat: round(event.lngLat.lat), lng: round(event.lngLat.lng) });
  });
  marker.on('dragend', () => {
    const { lat, lng } = marker.getLngLat();
    onPick({ lat: round(lat), lng: round(lng) });
  });
  return map;
}

/**
 * "Pick on the map": a dialog with a map centred on the venue's point (or the city centre when it has
 * none); a click on the map or dragging the marker sets the point. Keyboard users keep the latitude and
 * longitude fields; when the map cannot load (no WebGL, offline) the dialog says so and the fields still work.
 */
export function VenueMapPicker({ styleUrl, point, city, onPick }: { styleUrl: string; point: MapPoint | null; city: MapPoint; onPick: (point: MapPoint) => void }) {
  const { t } = useTranslation('team');
  const titleId = useId();
  // Where the map starts is fixed when the dialog opens: the map itself moves the point afterwards.
  const [opened, setOpened] = useState<{ start: MapPoint; zoom: number } | null>(null);
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const mapRef = useRef<OpenMap | null>(null);
  const pick = useEffectEvent((picked: MapPoint) => onPick(picked));

  const open = () => {
    setState('loading');
    setOpened(point ? { start: point, zoom: 16 } : { start: city, zoom: 12 });
  };
  const close = () => setOpened(null);

  useEffect(() => {
    if (!opened || !container) return;
    let cancelled = false;
    const fail = () => {
      if (!cancelled) setState('failed');
    };
    openMap(container, styleUrl, opened.start, opened.zoom, (picked) => pick(picked), fail).then((map) => {
      if (cancelled) {
        map.remove();
        return;
      }
      mapRef.current = map;
      setState((now) => (now === 'failed' ? now : 'ready'));
    }, fail);
    return () => {
      cancelled = true;
      mapRef.current?.remove();
      mapRef.current = null;
    };
  }, [opened, container, styleUrl]);

  return (
    <>
      <Button variant="outlined" startIcon={<MapIcon />} onClick={open}>
        {t('venues.map.pick')}
      </Button>
      <Dialog
        open={Boolean(opened)}
        onClose={close}
        fullWidth
        maxWidth="md"
        aria-labelledby={titleId}
        slotProps={{ transition: { onEntered: () => mapRef.current?.resize() } }}
      >
        <DialogTitle id={titleId}>{t('venues.map.title')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
            {t('venues.map.help')}
          </Typography>
          {state === 'failed' ? (
            <Alert severity="warning" role="alert" sx={{ mb: 1.5 }}>
              {t('venues.map.failed')}
            </Alert>
          ) : null}
          <Box sx={{ position: 'relative', height: { xs: '55vh', sm: 420 }, display: state === 'failed' ? 'none' : 'block' }}>
            <Box ref={setContainer} aria-label={t('venues.map.label')} role="region" sx={{ ...MAP_CONTAINER_SX, borderRadius: 1 }} />
            {state === 'loading' ? (
              <Box role="status" sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', pointerEvents: 'none' }}>
                <CircularProgress aria-label={t('venues.map.loading')} />
              </Box>
            ) : null}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('venues.map.done')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
