import { useTranslation } from 'react-i18next';
import { StaticPage, staticPageData } from '../app/static-page';
import type { Route } from './+types/terms';

const SECTIONS = ['use', 'accounts', 'reservations', 'events', 'content', 'liability', 'changes'] as const;
/** The day these terms last changed (shown at the top, as the "changes" section promises). */
const TERMS_UPDATED = '2026-11-24';

export function loader({ request, context }: Route.LoaderArgs) {
  return staticPageData(request, context.origin, '/terms');
}

/** /{lang}/terms: the terms of use. */
export default function Terms({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <StaticPage
      data={loaderData}
      id="terms"
      title={t('polishShell.terms.title')}
      description={t('polishShell.terms.description')}
      updated={TERMS_UPDATED}
      sections={SECTIONS.map((id) => ({ id, title: t(`polishShell.terms.sections.${id}.title`), body: t(`polishShell.terms.sections.${id}.body`) }))}
    />
  );
}
