import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AdminApplication } from '../../../shared/schemas/admin-moderation';
import type { ApplicationDecisionKind } from './application-decision-dialog';

/** Each application with what the applicant wrote and, while it is open, the admin's three answers. */
export function ApplicationList({ items, onDecide }: { items: AdminApplication[]; onDecide: (application: AdminApplication, decision: ApplicationDecisionKind) => void }) {
  const { t } = useTranslation('moderation');
  if (items.length === 0) return <Typography color="textSecondary">{t('applications.empty')}</Typography>;
  return (
    <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {items.map((application) => {
        const open = application.status === 'pending' || application.status === 'needs_info';
        const details: [string, string | null][] = [
          [t('apply.contact'), application.contact],
          [t('apply.website'), application.website],
          [t('apply.venues'), application.venues],
          [t('apply.message'), application.message],
          [t('apply.adminMessage'), application.decision_message],
        ];
        return (
          <Paper key={application.id} component="li" variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="application">
            <Stack spacing={1}>
              <Typography variant="h3" sx={{ overflowWrap: 'anywhere' }}>
                {application.name}
              </Typography>
              <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
                {t('applications.applicant', { name: application.applicant.name ?? '', email: application.applicant.email ?? '' })} · {t(`apply.statusName.${application.status}`)}
              </Typography>
              <Stack component="dl" spacing={0.5} sx={{ m: 0 }}>
                {details
                  .filter(([, value]) => value)
                  .map(([label, value]) => (
                    <Stack key={label} direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 1 }}>
                      <Typography component="dt" variant="body2" color="textSecondary" sx={{ minWidth: 160 }}>
                        {label}
                      </Typography>
                      <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                        {value}
                      </Typography>
                    </Stack>
                  ))}
              </Stack>
              {open ? (
                <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
                  <Button variant="contained" color="success" size="small" onClick={() => onDecide(application, 'approved')}>
                    {t('applications.approve')}
                  </Button>
                  <Button variant="outlined" color="warning" size="small" onClick={() => onDecide(application, 'needs_info')}>
                    {t('applications.askMore')}
                  </Button>
                  <Button variant="outlined" color="error" size="small" onClick={() => onDecide(application, 'rejected')}>
                    {t('applications.reject')}
                  </Button>
                </Stack>
              ) : null}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
