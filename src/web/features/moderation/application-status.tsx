import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ApplicationStatus, OrganizerApplication } from '../../../shared/schemas/admin-moderation';
import { localePath, useLocale } from '../../lib/use-locale';

const SEVERITY: Record<ApplicationStatus, 'info' | 'success' | 'error' | 'warning'> = {
  pending: 'info',
  approved: 'success',
  rejected: 'error',
  needs_info: 'warning',
};

/** Where the application stands, with the admin's message (the state is said in words, not colour only). */
export function ApplicationStatusCard({ application }: { application: OrganizerApplication }) {
  const { t } = useTranslation('moderation');
  const locale = useLocale();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="application-status">
      <Stack spacing={1.5}>
        <Typography variant="h2">{application.name}</Typography>
        <Alert
          severity={SEVERITY[application.status]}
          action={
            application.status === 'approved' ? (
              <Button component={RouterLink} to={localePath(locale, '/organizer')} color="inherit" size="small">
                {t('apply.openWorkspace')}
              </Button>
            ) : undefined
          }
        >
          {t(`apply.status.${application.status}`)}
        </Alert>
        {application.decision_message ? (
          <Stack spacing={0.5}>
            <Typography variant="body2" color="textSecondary">
              {t('apply.adminMessage')}
            </Typography>
            <Typography component="blockquote" sx={{ m: 0, pl: 1.5, borderLeft: 3, borderColor: 'divider', whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {application.decision_message}
            </Typography>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
