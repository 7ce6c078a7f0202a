import { useTranslation } from 'react-i18next';
import { AuthCard } from '../features/accounts/components/auth-card';
import { DeleteAccountForm } from '../features/accounts/components/delete-account-form';
import { PageLoading } from '../components/page-loading';
import { PageMeta } from '../components/page-meta';
import { useRequireUser } from '../features/accounts/lib/use-require-user';

/** /{lang}/delete-account — delete the account after a confirmation dialog. */
export default function DeleteAccount() {
  const { t } = useTranslation('accounts');
  const user = useRequireUser();
  return (
    <>
      <PageMeta title={t('delete.title')} />
      {user ? (
        <AuthCard title={t('delete.title')} subtitle={t('delete.subtitle')}>
          <DeleteAccountForm user={user} />
        </AuthCard>
      ) : (
        <PageLoading />
      )}
    </>
  );
}
