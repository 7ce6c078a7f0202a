import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { forgetConsent } from '../app/consent-banner';

const SECTIONS = ['controller', 'tokens', 'locale', 'session', 'consent', 'analytics', 'account', 'rights'] as const;

/** A real privacy policy (spec §2 links it from the consent banner), in every language. */
export default function PrivacyPolicy() {
  const { t } = useTranslation();
  return (
    <Stack component="article" spacing={2} sx={{ py: 4, maxWidth: 760 }}>
      <title>{`${t('privacy.title')} · Kuda`}</title>
      <meta name="description" content={t('privacy.intro')} />
      <Typography variant="h1">{t('privacy.title')}</Typography>
      <Typography color="text.secondary">{t('privacy.updated', { date: '2026-11-22' })}</Typography>
      <Typography>{t('privacy.intro')}</Typography>
      {SECTIONS.map((section) => (
        <section key={section} aria-labelledby={`privacy-${section}`}>
          <Typography variant="h2" id={`privacy-${section}`} sx={{ mt: 2, mb: 1 }}>
            {t(`privacy.sections.${section}.title`)}
          </Typography>
          <Typography>{t(`privacy.sections.${section}.body`)}</Typography>
          {section === 'consent' ? (
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
          ) : null}
        </section>
      ))}
    </Stack>
  );
}
