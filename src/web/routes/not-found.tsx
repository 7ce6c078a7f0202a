import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { data, Link as RouterLink } from 'react-router';
import { localePath, useLocale } from '../lib/use-locale';

export function loader() {
  return data({ notFound: true }, { status: 404 });
}

/** The not-found page: this route's view, and what the language segment shows for a path that is no page. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Stack spacing={2} sx={{ py: 8, alignItems: 'flex-start' }}>
      <title>{`${t('notFound.title')} · Kuda`}</title>
      <meta name="robots" content="noindex" />
      <Typography variant="h1">{t('notFound.title')}</Typography>
      <Typography color="textSecondary">{t('notFound.body')}</Typography>
      <Button component={RouterLink} to={localePath(locale)} variant="contained">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}

export default NotFoundPage;
