import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';

/** What a listing says when its map cannot load (no WebGL, offline, the style unreachable): the list stays. */
export function MapFailedNote() {
  const { t } = useTranslation('discovery');
  return (
    <Alert severity="warning" role="alert" data-testid="map-failed">
      {t('map.failed')}
    </Alert>
  );
}
