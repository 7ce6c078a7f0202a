import MapIcon from '@mui/icons-material/Map';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Component, type ReactNode, Suspense, lazy, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventSummary } from '../../../shared/schemas/catalog';
import type { QueryParams } from '../../lib/api-client';
import { LazyPart, lazyOnIntent } from '../../lib/lazy-on-intent';
import { useHydrated } from '../../lib/use-hydrated';
import { useRootData } from '../../lib/root-data';

/** The map itself, with maplibre-gl: fetched when the reader first opens a map, never in a page's first load. */
const ListingMapView = lazy(() => import('./listing-map-view'));
/** The spinner while the map loads: fetched when the map is asked for, with the map. */
const CircularProgress = lazyOnIntent(() => import('@mui/material/CircularProgress'));
/** The note for a map that cannot load: fetched with the map, so that it is at hand if the map fails. */
const MapFailedNote = lazyOnIntent(() => import('./map-failed-note').then((module) => ({ default: module.MapFailedNote })));

/** A chunk that fails to arrive (offline, a new deploy) is a map that could not load, not a broken page. */
class MapBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export interface ListingMapProps {
  /** The listing's filters as GET /events/map takes them (the same as GET /events, without paging). */
  query: QueryParams;
  /** The cards already on the page: a marker opens one of these without asking the server again. */
  events: readonly EventSummary[];
}

/**
 * The "Map" toggle of a listing: the list stays where it is, and the map of every event of the listing
 * opens above it. Offered once JavaScript runs (it is nothing without it); if the map cannot load, a note
 * says so and the list goes on working.
 */
export function ListingMap({ query, events }: ListingMapProps) {
  const { t } = useTranslation('discovery');
  const hydrated = useHydrated();
  const styleUrl = useRootData()?.mapStyleUrl;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (!styleUrl) return null;
  // Drawn from the first paint but hidden until it can act, so it never pushes the listing down (no layout shift).
  return (
    <Box sx={{ visibility: hydrated ? 'visible' : 'hidden' }}>
      <Button
        variant={open ? 'contained' : 'outlined'}
        startIcon={<MapIcon />}
        aria-pressed={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => {
          CircularProgress.prefetch();
          MapFailedNote.prefetch();
          setOpen((now) => !now);
        }}
        data-testid="map-toggle"
      >
        {t('map.toggle')}
      </Button>
      {open ? (
        <Box id={panelId} sx={{ mt: 1.5 }}>
          <MapBoundary
            fallback={
              <LazyPart>
                <MapFailedNote />
              </LazyPart>
            }
          >
            <Suspense
              fallback={
                <Box role="status" sx={{ height: { xs: 360, md: 480 }, display: 'grid', placeItems: 'center' }}>
                  <LazyPart>
                    <CircularProgress aria-label={t('map.loading')} />
                  </LazyPart>
                </Box>
              }
            >
              <ListingMapView styleUrl={styleUrl} query={query} events={events} />
            </Suspense>
          </MapBoundary>
        </Box>
      ) : null}
    </Box>
  );
}
