import MyLocationIcon from '@mui/icons-material/MyLocation';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LazyPart, lazyOnIntent } from '../../lib/lazy-on-intent';
import { useHydrated } from '../../lib/use-hydrated';
import { NEAR_RADIUS_KM, nearFromSearch, nearHref, withoutNearHref } from './near-me';

type Problem = 'denied' | 'unavailable';

// Out of the first page load (DESIGN §13): the note for a refused or unknown position, fetched when the
// button is pressed, while the browser asks for the position.
const Alert = lazyOnIntent(() => import('@mui/material/Alert'));
// Only a listing already near a point says so (a page the server renders with it): the label's Chip is no
// part of the other pages' first load.
const Chip = lazy(() => import('@mui/material/Chip'));

/**
 * "Near me": asks the browser for the reader's position only when pressed, then opens the same listing
 * sorted by distance (`near` + `sort=distance` in the URL, rendered by the server). Without JavaScript
 * the button is not offered (it could do nothing); a listing already near a point says so and can drop it.
 */
export function NearMeButton() {
  const { t } = useTranslation('discovery');
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const active = nearFromSearch(new URLSearchParams(search)) !== null;

  const locate = () => {
    Alert.prefetch();
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      setProblem('unavailable');
      return;
    }
    setLocating(true);
    setProblem(null);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        void navigate(nearHref(pathname, search, { lat: position.coords.latitude, lng: position.coords.longitude }), { preventScrollReset: true });
      },
      (error) => {
        setLocating(false);
        setProblem(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable');
      },
      // A city listing needs no GPS fix; a recent position (a few minutes) is as good and answers at once.
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  };

  // Drawn from the first paint but hidden until it can act, so it never pushes the listing down (no layout shift).
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start', visibility: hydrated || active ? 'visible' : 'hidden' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant={active ? 'contained' : 'outlined'} startIcon={<MyLocationIcon />} onClick={locate} disabled={locating || !hydrated} data-testid="near-me">
          {locating ? t('map.locating') : t('map.nearMe')}
        </Button>
        {active ? (
          <>
            <LazyPart>
              <Chip label={t('map.sortedByDistance', { radius: NEAR_RADIUS_KM })} data-testid="near-me-active" />
            </LazyPart>
            <Button size="small" onClick={() => void navigate(withoutNearHref(pathname, search), { preventScrollReset: true })}>
              {t('map.clearNear')}
            </Button>
          </>
        ) : null}
      </Stack>
      {problem ? (
        <LazyPart>
          <Alert severity="warning" role="alert" onClose={() => setProblem(null)}>
            {t(`map.${problem}`)}
          </Alert>
        </LazyPart>
      ) : null}
    </Stack>
  );
}
