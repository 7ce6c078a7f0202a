import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ForYouReason } from '../../../shared/schemas/for-you';

/** "Why this" under a "for you" card: "Because you follow Dom omladine", and "New" when it is. */
export function ForYouReasonNote({ reason }: { reason: ForYouReason }) {
  const { t } = useTranslation('posted');
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', minWidth: 0 }} data-testid="for-you-reason">
      {reason.new ? <Chip size="small" color="primary" label={t('forYou.new')} sx={{ height: 22, fontWeight: 600 }} /> : null}
      <Typography variant="body2" color="textSecondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
        <AutoAwesomeIcon fontSize="inherit" aria-hidden sx={{ flexShrink: 0 }} />
        <span>{t(`forYou.reason.${reason.kind}`, { name: reason.name })}</span>
      </Typography>
    </Stack>
  );
}

/** The heading icon of the "for you" row. */
export function ForYouIcon() {
  return <AutoAwesomeIcon sx={{ color: 'primary.main' }} />;
}
