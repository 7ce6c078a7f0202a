import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Placeholder until the application form lands (issue 10). */
export default function OrganizerApply() {
  const { t } = useTranslation('moderation');
  return (
    <Typography variant="h5" component="h1">
      {t('title')}
    </Typography>
  );
}
