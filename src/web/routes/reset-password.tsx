import { useTranslation } from 'react-i18next';
import { PageMeta } from '../components/page-meta';
import { ResetPasswordForm } from '../features/accounts/components/reset-password-form';

/** /{lang}/reset-password#token=… — the e-mailed link: set a new password. */
export default function ResetPassword() {
  const { t } = useTranslation('accounts');
  return (
    <>
      <PageMeta title={t('reset.title')} />
      <ResetPasswordForm />
    </>
  );
}
