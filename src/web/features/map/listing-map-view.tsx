import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import type { GeoJSONSource } from 'maplibre-gl';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventDetail, EventPointList, EventSummary } from '../../../shared/schemas/catalog';
import { EventCard } from '../../components/event-card';
import { getApiClient, type QueryParams } from '../../lib/api-client';
import { loadMapLibre, MAP_CONTAINER_SX } from '../../lib/maplibre';
import { MapFailedNote } from './map-failed-note';

const SOURCE = 'kuda-events';
/**
 * Points stay clustered up to the map's deepest zoom: events at one venue share a point, and a cluster
 * that can no longer split lists its events instead of hiding all but the top marker.
 */
const MAX_ZOOM = 16;
/** Where an empty map looks: the centre of Belgrade. */
const DEFAULT_CENTRE: [number, number] = [20.4569, 44.8176];

interface MapTexts {
  cluster: (count: number) => string;
}

interface MapHandlers {
  onEvent: (id: number) => void;
  onPlace: (ids: number[]) => void;
  onFail: () => void;
  onReady: () => void;
}

/** A marker's own element: a real button, so keyboard and screen-reader users can open events too. */
function markerButton(label: string, text: string, colour: string, size: number, testId: string): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.setAttribute('aria-label', label);
  button.dataset.testid = testId;
  button.textContent = text;
  Object.assign(button.style, {
    width: `${size}px`,
    height: `${size}px`,
    borderRadius: '50%',
    border: '2px solid #fff',
    background: colour,
    color: '#fff',
    font: '600 13px/1 system-ui, sans-serif',
    cursor: 'pointer',
    boxShadow: '0 1px 4px rgba(0,0,0,.35)',
    padding: '0',
  });
  return button;
}

async function openMap(container: HTMLElement, styleUrl: string, points: EventPointList, colour: string, texts: MapTexts, handlers: MapHandlers) {
  const { Map: MapLibreMap, Marker, LngLatBounds } = await loadMapLibre();
  const coordinates = points.items.map((point): [number, number] => [point.lng, point.lat]);
  const bounds = coordinates.length > 1 ? coordinates.reduce((box, at) => box.extend(at), new LngLatBounds(coordinates[0], coordinates[0])) : null;
  // Throws where the browser has no WebGL: the caller shows the note, the list stays.
  const map = new MapLibreMap({
    container,
    style: styleUrl,
    maxZoom: MAX_ZOOM,
    ...(bounds ? { bounds, fitBoundsOptions: { padding: 48, maxZoom: 15 } } : { center: coordinates[0] ?? DEFAULT_CENTRE, zoom: coordinates[0] ? 15 : 11 }),
    attributionControl: { compact: true },
  });
  let loaded = false;
  const markers = new Map<string, InstanceType<typeof Marker>>();

  // HTML markers drawn from the clustered source's features on screen (MapLibre's "HTML clusters" way).
  const sync = () => {
    const seen = new Set<string>();
    for (const feature of map.querySourceFeatures(SOURCE)) {
      if (feature.geometry.type !== 'Point') continue;
      const at = feature.geometry.coordinates as [number, number];
      const properties = feature.properties as { cluster?: boolean; cluster_id?: number; point_count?: number; id?: number; title?: string };
      const key = properties.cluster ? `c${properties.cluster_id}` : `e${properties.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (markers.has(key)) continue;
      let element: HTMLButtonElement;
      if (properties.cluster) {
        const count = properties.point_count ?? 0;
        const clusterId = properties.cluster_id ?? 0;
        element = markerButton(texts.cluster(count), String(count), colour, count < 10 ? 34 : 42, 'map-cluster');
        element.addEventListener('click', (event) => {
          event.stopPropagation();
          void zoomInto(clusterId, at);
        });
      } else {
        const id = Number(properties.id);
        element = markerButton(properties.title ?? '', '', colour, 22, 'map-point');
        element.addEventListener('click', (event) => {
          event.stopPropagation();
          handlers.onEvent(id);
        });
      }
      markers.set(key, new Marker({ element }).setLngLat(at).addTo(map));
    }
    for (const [key, marker] of markers) {
      if (!seen.has(key)) {
        marker.remove();
        markers.delete(key);
      }
    }
  };

  /** Zooms to where a cluster splits; one that cannot split (one venue) lists its events instead. */
  const zoomInto = async (clusterId: number, at: [number, number]) => {
    const source = map.getSource<GeoJSONSource>(SOURCE);
    if (!source) return;
    const zoom = await source.getClusterExpansionZoom(clusterId);
    if (zoom <= MAX_ZOOM) {
      map.easeTo({ center: at, zoom });
      return;
    }
    const leaves = await source.getClusterLeaves(clusterId, 100, 0);
    handlers.onPlace(leaves.map((leaf) => Number(leaf.properties?.id)));
  };

  map.on('load', () => {
    loaded = true;
    map.addSource(SOURCE, {
      type: 'geojson',
      cluster: true,
      clusterRadius: 48,
      clusterMaxZoom: MAX_ZOOM,
      data: {
        type: 'FeatureCollection',
        features: points.items.map((point) => ({
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [point.lng, point.lat] },
          properties: { id: point.id, title: point.title },
        })),
      },
    });
    // Invisible: it only makes the source's tiles load, from which the HTML markers are drawn.
    map.addLayer({ id: `${SOURCE}-points`, type: 'circle', source: SOURCE, paint: { 'circle-radius': 0, 'circle-opacity': 0 } });
    map.on('sourcedata', (event) => {
      if (event.sourceId === SOURCE && event.isSourceLoaded) sync();
    });
    map.on('moveend', sync);
    handlers.onReady();
  });
  // A tile that fails later is the map's business; a style that never loads (offline, wrong URL) is ours.
  map.on('error', () => {
    if (!loaded) handlers.onFail();
  });
  return map;
}

interface ListingMapViewProps {
  styleUrl: string;
  query: QueryParams;
  events: readonly EventSummary[];
}

/** The map of a listing: every event as a clustered marker; a marker opens the event's card under the map. */
export default function ListingMapView({ styleUrl, query, events }: ListingMapViewProps) {
  const { t } = useTranslation('discovery');
  const theme = useTheme();
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const [points, setPoints] = useState<EventPointList | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [card, setCard] = useState<EventSummary | null>(null);
  const [place, setPlace] = useState<{ id: number; title: string }[] | null>(null);
  const queryKey = JSON.stringify(query);

  useEffect(() => {
    let cancelled = false;
    void getApiClient()
      .get<EventPointList>('/events/map', { query: JSON.parse(queryKey) as QueryParams })
      .then((result) => {
        if (cancelled) return;
        if (result.ok) setPoints(result.data);
        else setState('failed');
      });
    return () => {
      cancelled = true;
    };
  }, [queryKey]);

  const showEvent = async (id: number) => {
    setPlace(null);
    const known = events.find((event) => event.id === id);
    if (known) {
      setCard(known);
      return;
    }
    // An event beyond the pages loaded so far: its page's answer holds everything a card shows.
    const result = await getApiClient().get<EventDetail>(`/events/${id}`);
    if (result.ok) setCard(result.data);
  };
  const openEvent = useEffectEvent((id: number) => showEvent(id));
  const openPlace = useEffectEvent((ids: number[]) => {
    setCard(null);
    setPlace(points?.items.filter((point) => ids.includes(point.id)).map((point) => ({ id: point.id, title: point.title })) ?? null);
  });
  const clusterLabel = useEffectEvent((count: number) => t('map.cluster', { count }));

  useEffect(() => {
    if (!container || !points) return;
    let cancelled = false;
    let map: { remove: () => void } | null = null;
    const fail = () => {
      if (!cancelled) setState('failed');
    };
    openMap(container, styleUrl, points, theme.palette.primary.main, { cluster: (count) => clusterLabel(count) }, {
      onEvent: (id) => void openEvent(id),
      onPlace: (ids) => openPlace(ids),
      onFail: fail,
      onReady: () => {
        if (!cancelled) setState((now) => (now === 'failed' ? now : 'ready'));
      },
    }).then((opened) => {
      if (cancelled) opened.remove();
      else map = opened;
    }, fail);
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [container, points, styleUrl, theme.palette.primary.main]);

  if (state === 'failed') return <MapFailedNote />;
  return (
    <Stack spacing={1.5}>
      {points?.truncated ? <Alert severity="info">{t('map.truncated', { count: points.items.length })}</Alert> : null}
      {points && points.items.length === 0 ? <Alert severity="info">{t('map.empty')}</Alert> : null}
      <Box sx={{ position: 'relative', height: { xs: 360, md: 480 }, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}>
        <Box ref={setContainer} role="region" aria-label={t('map.label')} data-testid="listing-map" sx={MAP_CONTAINER_SX} />
        {state === 'loading' ? (
          <Box role="status" sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', pointerEvents: 'none' }}>
            <CircularProgress aria-label={t('map.loading')} />
          </Box>
        ) : null}
      </Box>
      {place ? (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }} data-testid="map-place">
          {place.map((entry) => (
            <Button key={entry.id} onClick={() => void showEvent(entry.id)} sx={{ textAlign: 'left' }}>
              {entry.title}
            </Button>
          ))}
        </Stack>
      ) : null}
      {card ? (
        <Box sx={{ position: 'relative', maxWidth: 420 }} data-testid="map-card">
          <EventCard event={card} />
          <IconButton
            aria-label={t('map.closeCard')}
            onClick={() => setCard(null)}
            sx={{ position: 'absolute', top: 8, right: 8, bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
          >
            <CloseIcon />
          </IconButton>
        </Box>
      ) : null}
    </Stack>
  );
}
