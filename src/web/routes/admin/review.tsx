import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AdminNav } from '../../components/admin-nav';

/** Placeholder until its section lands (issue 10). */
export default function AdminPlaceholder() {
  const { t } = useTranslation('admin');
  return (
    <>
      <AdminNav />
      <Typography variant="h5" component="h1">
        {t('nav.label')}
      </Typography>
    </>
  );
}
