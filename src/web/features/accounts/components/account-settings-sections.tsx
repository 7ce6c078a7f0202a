import { useTranslation } from 'react-i18next';
import type { User } from '../../../../shared/schemas/users';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';
import { NotificationSettingsPanel } from './notification-settings-panel';
import { ProfileSection } from './profile-section';
import { SessionsList } from './sessions-list';

/** The profile's account basics and notification settings (issue #12), as one insertion into the page. */
export function AccountSettingsSections({ user }: { user: User }) {
  const { t } = useTranslation('posted');
  return (
    <>
      <ProfileSection id="password" title={t('account.password.title')} description={t('account.password.description')}>
        <ChangePasswordForm user={user} />
      </ProfileSection>
      <ProfileSection id="email" title={t('account.email.title')} description={t('account.email.description')}>
        {/* Keyed by the address, so a confirmed change (another tab) starts the form afresh. */}
        <ChangeEmailForm key={user.email ?? ''} user={user} />
      </ProfileSection>
      <ProfileSection id="sessions" title={t('account.sessions.title')} description={t('account.sessions.description')}>
        <SessionsList />
      </ProfileSection>
      <ProfileSection id="notifications" title={t('settings.title')} description={t('settings.description')}>
        <NotificationSettingsPanel />
      </ProfileSection>
    </>
  );
}
