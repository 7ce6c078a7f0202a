import { useTranslation } from 'react-i18next';
import { StaticPage, staticPageData } from '../app/static-page';
import type { Route } from './+types/about';

const SECTIONS = ['who', 'find', 'reserve', 'organizers'] as const;

export function loader({ request, context }: Route.LoaderArgs) {
  return staticPageData(request, context.origin, '/about');
}

/** /{lang}/about: who Kuda is, how finding and reserving work, and where organizers apply. */
export default function About({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <StaticPage
      data={loaderData}
      id="about"
      title={t('polishShell.about.title')}
      description={t('polishShell.about.description')}
      sections={SECTIONS.map((id) => ({
        id,
        title: t(`polishShell.about.sections.${id}.title`),
        body: t(`polishShell.about.sections.${id}.body`),
        links: id === 'organizers' ? [{ path: '/organizer/apply', label: t('polishShell.about.apply') }] : undefined,
      }))}
    />
  );
}
