import BadgeIcon from '@mui/icons-material/Badge';
import GppBadIcon from '@mui/icons-material/GppBad';
import LoginIcon from '@mui/icons-material/Login';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import SmsIcon from '@mui/icons-material/Sms';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { EligibilityMissing } from '../../../shared/schemas/users';
import { useLocale } from '../../lib/use-locale';
import { stepFor, stepLink } from './account-links';

const ORDER: EligibilityMissing[] = ['sign_in', 'first_name', 'last_name', 'phone', 'phone_verification', 'account_standing'];

const ICON: Record<EligibilityMissing, typeof LoginIcon> = {
  sign_in: LoginIcon,
  first_name: BadgeIcon,
  last_name: BadgeIcon,
  phone: PhoneIphoneIcon,
  phone_verification: SmsIcon,
  account_standing: GppBadIcon,
};

/**
 * DESIGN §4: the eligibility answer lists what is missing; this shows exactly that, in the order it is
 * put right, with one button to the first step. Each step's page returns here (`next`), where the check
 * runs again and shows what is left.
 */
export function EligibilityGuide({ missing, next }: { missing: EligibilityMissing[]; next: string }) {
  const { t } = useTranslation('reservations');
  const locale = useLocale();
  const items = ORDER.filter((item) => missing.includes(item));
  const firstStep = items.map(stepFor).find((step) => step !== null) ?? null;
  const blocked = missing.includes('account_standing');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="eligibility-guide">
      <Stack spacing={2}>
        <Typography variant="h2">{t('eligibility.heading')}</Typography>
        {blocked ? (
          <Alert severity="error">{t('eligibility.missing.account_standing')}</Alert>
        ) : (
          <>
            <Typography color="textSecondary">{t('eligibility.intro')}</Typography>
            <List aria-label={t('eligibility.todo')} disablePadding>
              {items.map((item) => {
                const Icon = ICON[item];
                return (
                  <ListItem key={item} disableGutters data-missing={item}>
                    <ListItemIcon sx={{ minWidth: 40, color: 'warning.main' }}>
                      <Icon aria-hidden />
                    </ListItemIcon>
                    <ListItemText primary={t(`eligibility.missing.${item}`)} />
                  </ListItem>
                );
              })}
            </List>
            {firstStep ? (
              <Button
                component={RouterLink}
                to={stepLink(locale, firstStep, next)}
                variant="contained"
                size="large"
                sx={{ alignSelf: { sm: 'flex-start' }, minHeight: 48 }}
              >
                {t(`eligibility.action.${firstStep}`)}
              </Button>
            ) : null}
          </>
        )}
      </Stack>
    </Paper>
  );
}
