import { useTranslation } from 'react-i18next';
import { PageMeta } from '../components/page-meta';
import { UnsubscribePanel } from '../features/accounts/components/unsubscribe-panel';

/** /{lang}/unsubscribe?token=… — an e-mail's unsubscribe link: a button that turns that kind of e-mail off. */
export default function Unsubscribe() {
  const { t } = useTranslation('posted');
  return (
    <>
      <PageMeta title={t('settings.unsubscribe.title')} />
      <UnsubscribePanel />
    </>
  );
}
