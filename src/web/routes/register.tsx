import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageMeta } from '../components/page-meta';
import { RegisterForm } from '../features/accounts/components/register-form';
import { nextFromSearch } from '../features/accounts/lib/next-url';
import { socialConfig } from '../features/accounts/social-config.server';
import type { Route } from './+types/register';

export async function loader({ context }: Route.LoaderArgs) {
  return { social: await socialConfig(context.services.config) };
}

/** /{lang}/register?next=… — create an account with e-mail and password, or through a provider. */
export default function Register({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('accounts');
  const [params] = useSearchParams();
  return (
    <>
      <PageMeta title={t('register.title')} />
      <RegisterForm social={loaderData.social} next={nextFromSearch(params)} />
    </>
  );
}
