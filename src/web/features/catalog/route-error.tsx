import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link as RouterLink, useRouteError } from 'react-router';
import { localePath, useLocale } from '../../lib/use-locale';

/**
 * A missing event, venue or category answers 404 inside the app shell (drawer and search stay usable),
 * rather than replacing the whole page; an event removed by moderation answers 410 with its own words.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const locale = useLocale();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (isRouteErrorResponse(error) && error.status === 410) return <Gone />;
  return (
    <Stack spacing={2} sx={{ py: 8, alignItems: 'flex-start' }}>
      <title>{`${notFound ? t('notFound.title') : t('error.title')} · Kuda`}</title>
      <meta name="robots" content="noindex" />
      <Typography variant="h1">{notFound ? t('notFound.title') : t('error.title')}</Typography>
      <Typography color="textSecondary">{notFound ? t('notFound.body') : t('error.body')}</Typography>
      <Button component={RouterLink} to={localePath(locale)} variant="contained">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}

/** An event taken off the site by moderation (410): say it is gone for good, not that it never was. */
function Gone() {
  const { t } = useTranslation('reports');
  const locale = useLocale();
  return (
    <Stack spacing={2} sx={{ py: 8, alignItems: 'flex-start' }}>
      <title>{`${t('removed.title')} · Kuda`}</title>
      <meta name="robots" content="noindex" />
      <Typography variant="h1">{t('removed.title')}</Typography>
      <Typography color="textSecondary">{t('removed.body')}</Typography>
      <Button component={RouterLink} to={localePath(locale)} variant="contained">
        {t('removed.home')}
      </Button>
    </Stack>
  );
}
