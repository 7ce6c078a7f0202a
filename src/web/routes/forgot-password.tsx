import { useTranslation } from 'react-i18next';
import { ForgotPasswordForm } from '../features/accounts/components/forgot-password-form';
import { PageMeta } from '../components/page-meta';

/** /{lang}/forgot-password — ask for an e-mailed reset link. */
export default function ForgotPassword() {
  const { t } = useTranslation('accounts');
  return (
    <>
      <PageMeta title={t('forgot.title')} />
      <ForgotPasswordForm />
    </>
  );
}
