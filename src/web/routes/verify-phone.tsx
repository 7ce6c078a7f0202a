import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AuthCard } from '../features/accounts/components/auth-card';
import { PageLoading } from '../components/page-loading';
import { PageMeta } from '../components/page-meta';
import { VerifyPhoneFlow } from '../features/accounts/components/verify-phone-flow';
import { nextFromSearch } from '../features/accounts/lib/next-url';
import { useRequireUser } from '../features/accounts/lib/use-require-user';

/** /{lang}/verify-phone?next=… — add name and phone, then confirm the number with the SMS code. */
export default function VerifyPhone() {
  const { t } = useTranslation('accounts');
  const [params] = useSearchParams();
  const user = useRequireUser();
  return (
    <>
      <PageMeta title={t('phone.title')} />
      {user ? (
        <AuthCard title={t('phone.title')} subtitle={t('phone.subtitle')}>
          <VerifyPhoneFlow user={user} next={nextFromSearch(params)} />
        </AuthCard>
      ) : (
        <PageLoading />
      )}
    </>
  );
}
