import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { forgetConsent } from '../app/consent-banner';
import { StaticPage, staticPageData } from '../app/static-page';
import type { Route } from './+types/privacy-policy';

const SECTIONS = ['controller', 'tokens', 'locale', 'session', 'consent', 'analytics', 'account', 'rights'] as const;
const POLICY_UPDATED = '2026-11-24';

export function loader({ request, context }: Route.LoaderArgs) {
  return staticPageData(request, context.origin, '/privacy-policy');
}

/** A real privacy policy (spec §2 links it from the consent banner), in every language and in plain words. */
export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <StaticPage
      data={loaderData}
      id="privacy"
      title={t('privacy.title')}
      description={t('privacy.intro')}
      updated={POLICY_UPDATED}
      sections={SECTIONS.map((id) => ({
        id,
        title: t(`privacy.sections.${id}.title`),
        body: t(`privacy.sections.${id}.body`),
        extra:
          id === 'consent' ? (
            <Button
              variant="outlined"
              sx={{ mt: 1.5 }}
              onClick={() => {
                forgetConsent();
                window.location.reload();
              }}
              data-testid="change-consent"
            >
              {t('privacy.changeConsent')}
            </Button>
          ) : undefined,
      }))}
    />
  );
}
