import type { SxProps, Theme } from '@mui/material/styles';

/**
 * maplibre-gl, its CSS and its worker, for every map of the app (the listing map, the venue picker):
 * fetched only when a map opens, never in a page's first load. The worker is emitted as our own asset, so
 * it starts from this origin.
 */
export async function loadMapLibre() {
  const [maplibre, worker] = await Promise.all([
    import('maplibre-gl'),
    import('maplibre-gl/dist/maplibre-gl-worker.mjs?url'),
    import('maplibre-gl/dist/maplibre-gl.css'),
  ]);
  maplibre.setWorkerUrl(worker.default);
  return maplibre;
}

/**
 * The element a map is drawn into, inside a parent of a set height: sized by height, not by absolute
 * insets. maplibre-gl.css gives its container `position: relative` (and clips it), which wins over an
 * inset box because its sheet comes after Emotion's, and left both maps 0 px high.
 */
export const MAP_CONTAINER_SX = { height: '100%' } as const satisfies SxProps<Theme>;
