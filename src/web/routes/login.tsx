import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LoginForm } from '../features/accounts/components/login-form';
import { PageMeta } from '../components/page-meta';
import { landingPath, nextFromSearch } from '../features/accounts/lib/next-url';
import { socialConfig } from '../features/accounts/social-config.server';
import { useLocale } from '../lib/use-locale';
import { useUserStore } from '../stores/user-store';
import type { Route } from './+types/login';

export async function loader({ context }: Route.LoaderArgs) {
  return { social: await socialConfig(context.services.config) };
}

/** /{lang}/login?next=… — sign in, then back to `next` (same-origin paths only). */
export default function Login({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('accounts');
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = nextFromSearch(params);
  const alreadyIn = useUserStore((state) => state.checked && state.loggedIn);
  const user = useUserStore((state) => state.user);
  useEffect(() => {
    if (alreadyIn) void navigate(next ?? landingPath(locale, user), { replace: true });
  }, [alreadyIn, locale, navigate, next, user]);
  return (
    <>
      <PageMeta title={t('login.title')} />
      <LoginForm social={loaderData.social} next={next} />
    </>
  );
}
