import { useTranslation } from 'react-i18next';
import { PageMeta } from '../components/page-meta';
import { VerifyEmailStatus } from '../features/accounts/components/verify-email-status';

/** /{lang}/verify-email#token=… — the link e-mailed at registration: confirms the address. */
export default function VerifyEmail() {
  const { t } = useTranslation('accounts');
  return (
    <>
      <PageMeta title={t('verifyEmail.title')} />
      <VerifyEmailStatus />
    </>
  );
}
