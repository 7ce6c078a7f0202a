import LogoutIcon from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSignOut } from '../features/accounts/components/account-menu';
import { AccountSettingsSections } from '../features/accounts/components/account-settings-sections';
import { EmailSummary } from '../features/accounts/components/email-summary';
import { EligibilityChecklist } from '../features/accounts/components/eligibility-checklist';
import { PageLoading } from '../components/page-loading';
import { PageMeta } from '../components/page-meta';
import { PersonalDataForm } from '../features/accounts/components/personal-data-form';
import { PhoneSummary } from '../features/accounts/components/phone-summary';
import { ProfileSection } from '../features/accounts/components/profile-section';
import { ProfileFollows } from '../features/follows/profile-follows';
import { useRequireUser } from '../features/accounts/lib/use-require-user';
import { PushToggle } from '../features/push/push-toggle';
import { localePath, useLocale } from '../lib/use-locale';

/** /{lang}/profile — personal data, phone, "may I reserve?" checklist, sign-out and account deletion. */
export default function Profile() {
  const { t } = useTranslation('accounts');
  const locale = useLocale();
  const user = useRequireUser();
  const signOut = useSignOut();
  if (!user) {
    return (
      <>
        <PageMeta title={t('profile.title')} />
        <PageLoading />
      </>
    );
  }
  return (
    <Stack spacing={3} sx={{ py: 3, maxWidth: 760, mx: 'auto' }}>
      <PageMeta title={t('profile.title')} />
      <header>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.8rem', sm: '2.2rem' }, fontWeight: 700 }}>
          {t('profile.title')}
        </Typography>
        <EmailSummary user={user} />
      </header>
      <ProfileSection id="eligibility" title={t('eligibility.title')} description={t('eligibility.description')}>
        <EligibilityChecklist refreshKey={user} />
      </ProfileSection>
      <ProfileSection id="personal-data" title={t('profile.personal.title')}>
        {/* Keyed by the saved names, so a change made elsewhere (the phone step) refills the form. */}
        <PersonalDataForm key={`${user.first_name}|${user.last_name}`} user={user} />
      </ProfileSection>
      <ProfileSection id="phone" title={t('profile.phone.title')} description={t('profile.phone.description')}>
        <PhoneSummary user={user} />
      </ProfileSection>
      <ProfileFollows locale={locale} />
      <PushToggle userId={user.id} />
      <AccountSettingsSections user={user} />
      <ProfileSection id="session" title={t('profile.session.title')} description={t('profile.session.description')}>
        <div>
          <Button variant="outlined" startIcon={<LogoutIcon />} onClick={() => void signOut()}>
            {t('menu.signOut')}
          </Button>
        </div>
      </ProfileSection>
      <ProfileSection id="danger-zone" title={t('profile.danger.title')} description={t('profile.danger.description')} danger>
        <div>
          <Button component={RouterLink} to={localePath(locale, '/delete-account')} variant="outlined" color="error">
            {t('profile.danger.delete')}
          </Button>
        </div>
      </ProfileSection>
    </Stack>
  );
}
