import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** Shown while a private page waits for the session (spec §4 start-up check). */
export function PageLoading() {
  const { t } = useTranslation('accounts');
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 10 }} role="status" aria-live="polite">
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}
