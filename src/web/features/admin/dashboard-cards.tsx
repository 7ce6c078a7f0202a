import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { AdminDashboard } from '../../../shared/schemas/admin-audit';
import {
  type AdminSection,
  adminSectionPath,
} from '../../components/admin-nav';
import { useLocale } from '../../lib/use-locale';

const CARDS: {
  key: 'applications' | 'review' | 'reports' | 'suspended';
  section: AdminSection;
  count: (d: AdminDashboard) => number;
  note?: (d: AdminDashboard) => number;
}[] = [
  {
    key: 'applications',
    section: 'applications',
    count: (d) => d.applications,
    note: (d) => d.applications_needing_info,
  },
  { key: 'review', section: 'review', count: (d) => d.review },
  {
    key: 'reports',
    section: 'reports',
    count: (d) => d.reports,
    note: (d) => d.open_reports,
  },
  { key: 'suspended', section: 'users', count: (d) => d.suspended_users },
];

/** One card per queue, each a link to its section, with what waits there. */
export function DashboardCards({ counts }: { counts: AdminDashboard }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: '1fr',
          sm: 'repeat(2, 1fr)',
          md: 'repeat(4, 1fr)',
        },
      }}
    >
      {CARDS.map((card) => (
        <Card key={card.key} variant="outlined">
          <CardActionArea
            component={RouterLink}
            to={adminSectionPath(locale, card.section)}
            sx={{ height: '100%' }}
            data-testid={`dashboard-${card.key}`}
          >
            <CardContent>
              <Typography variant="h3" component="p">
                {card.count(counts)}
              </Typography>
              <Typography component="h2" sx={{ fontWeight: 600 }}>
                {t(`dashboard.cards.${card.key}.title`, {
                  count: card.count(counts),
                })}
              </Typography>
              {card.note ? (
                <Typography variant="body2" color="textSecondary">
                  {t(`dashboard.cards.${card.key}.note`, {
                    count: card.note(counts),
                  })}
                </Typography>
              ) : null}
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}

/** The nav's badges from the dashboard counts. */
export function attentionOf(counts: AdminDashboard) {
  return {
    applications: counts.applications,
    review: counts.review,
    reports: counts.reports,
  };
}
