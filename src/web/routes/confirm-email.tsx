import { useTranslation } from 'react-i18next';
import { PageMeta } from '../components/page-meta';
import { ConfirmEmailStatus } from '../features/accounts/components/confirm-email-status';

/** /{lang}/confirm-email?token=… — the link mailed to a new address: confirms the change. */
export default function ConfirmEmail() {
  const { t } = useTranslation('posted');
  return (
    <>
      <PageMeta title={t('account.confirm.title')} />
      <ConfirmEmailStatus />
    </>
  );
}
