import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Eligibility, EligibilityMissing } from '../../../../shared/schemas/users';
import { localePath, useLocale } from '../../../lib/use-locale';
import { isEligibleForReservation } from '../lib/accounts-api';

/** Every condition of DESIGN §4, in the order a person would fix them. */
export const ELIGIBILITY_ITEMS: readonly EligibilityMissing[] = ['sign_in', 'first_name', 'last_name', 'phone', 'phone_verification', 'account_standing'];

function ItemAction({ item }: { item: EligibilityMissing }) {
  const { t } = useTranslation('accounts');
  const locale = useLocale();
  if (item === 'first_name' || item === 'last_name') {
    return (
      <Link href="#personal-data" underline="always">
        {t('eligibility.fix.name')}
      </Link>
    );
  }
  if (item === 'phone' || item === 'phone_verification') {
    return (
      <Link component={RouterLink} to={localePath(locale, '/verify-phone')} underline="always">
        {t(item === 'phone' ? 'eligibility.fix.phone' : 'eligibility.fix.verify')}
      </Link>
    );
  }
  if (item === 'sign_in') {
    return (
      <Link component={RouterLink} to={localePath(locale, '/login')} underline="always">
        {t('eligibility.fix.signIn')}
      </Link>
    );
  }
  return <>{t('eligibility.fix.standing')}</>;
}

/** The checklist itself: an icon and a word per condition (never colour alone). */
export function EligibilityList({ eligibility }: { eligibility: Eligibility }) {
  const { t } = useTranslation('accounts');
  return (
    <List dense disablePadding aria-label={t('eligibility.listLabel')}>
      {ELIGIBILITY_ITEMS.map((item) => {
        // A phone that is not there yet cannot be verified either: both steps are still to do.
        const missing =
          eligibility.missing.includes(item) || (item === 'phone_verification' && eligibility.missing.includes('phone'));
        const icon = !missing ? (
          <CheckCircleIcon color="success" aria-hidden />
        ) : item === 'account_standing' ? (
          <BlockIcon color="error" aria-hidden />
        ) : (
          <RadioButtonUncheckedIcon color="warning" aria-hidden />
        );
        return (
          <ListItem key={item} disableGutters data-testid={`eligibility-${item}`} data-state={missing ? 'missing' : 'done'}>
            <ListItemIcon sx={{ minWidth: 40 }}>{icon}</ListItemIcon>
            <ListItemText
              primary={t(`eligibility.items.${item}`)}
              secondary={missing ? <ItemAction item={item} /> : t('eligibility.done')}
              slotProps={{ secondary: { component: 'span' } }}
            />
          </ListItem>
        );
      })}
    </List>
  );
}

/**
 * "May I reserve?" (GET /users/is_eligible_for_reservation), asked again whenever `refreshKey` changes
 * (the profile passes the user, so every edit re-asks).
 */
export function EligibilityChecklist({ refreshKey }: { refreshKey: unknown }) {
  const { t } = useTranslation('accounts');
  const [eligibility, setEligibility] = useState<Eligibility | null>(null);
  const [failed, setFailed] = useState(false);

  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    void isEligibleForReservation().then((answer) => {
      if (!current) return;
      setFailed(!answer.ok);
      if (answer.ok) setEligibility(answer.data);
    });
    return () => {
      current = false;
    };
  }, [refreshKey, attempt]);

  if (failed && !eligibility) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => setAttempt((n) => n + 1)}>
            {t('common.retry')}
          </Button>
        }
      >
        {t('eligibility.failed')}
      </Alert>
    );
  }
  if (!eligibility) {
    return (
      // The same height as the answer (summary and six two-line rows), so nothing below moves when it arrives.
      <div aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton variant="rounded" height={48} sx={{ mb: 2 }} />
        {ELIGIBILITY_ITEMS.map((item) => (
          <Skeleton key={item} height={60} />
        ))}
      </div>
    );
  }
  return (
    <>
      <Alert severity={eligibility.eligible ? 'success' : 'info'} role="status" data-testid="eligibility-summary">
        {eligibility.eligible ? t('eligibility.eligible') : t('eligibility.notEligible')}
      </Alert>
      <EligibilityList eligibility={eligibility} />
    </>
  );
}
