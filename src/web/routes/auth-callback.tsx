import { useTranslation } from 'react-i18next';
import { data } from 'react-router';
import { PageMeta } from '../components/page-meta';
import { SocialCallback } from '../features/accounts/components/social-callback';
import type { SocialProvider } from '../features/accounts/lib/social';
import type { Route } from './+types/auth-callback';

export async function loader({ params, context }: Route.LoaderArgs) {
  if (params.provider !== 'google' && params.provider !== 'facebook') throw data(null, { status: 404 });
  const provider: SocialProvider = params.provider;
  // The browser asks the Graph API whose Facebook token it holds (its origin is in the CSP's connect-src).
  return { provider, graphUrl: provider === 'facebook' ? context.services.config.FACEBOOK_GRAPH_URL : null };
}

/** /{lang}/auth/{google|facebook}/callback — where the provider sends the browser back. */
export default function AuthCallback({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('accounts');
  return (
    <>
      <PageMeta title={t('callback.title')} />
      <SocialCallback provider={loaderData.provider} graphUrl={loaderData.graphUrl} />
    </>
  );
}
