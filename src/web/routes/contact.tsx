import { useTranslation } from 'react-i18next';
import { StaticPage, staticPageData } from '../app/static-page';
import type { Route } from './+types/contact';

/**
 * Where each kind of question is answered, and a link there. Kuda's settings hold no public contact
 * address (MAIL_FROM is a no-reply sender), so the page points to the places that answer instead of
 * printing an address nobody reads.
 */
const SECTIONS = [
  { id: 'events', links: [] },
  { id: 'reservations', links: [{ path: '/reservations', key: 'reservations' }] },
  { id: 'account', links: [{ path: '/profile', key: 'profile' }] },
  { id: 'organizers', links: [{ path: '/organizer/apply', key: 'apply' }] },
  { id: 'privacy', links: [{ path: '/privacy-policy', key: 'privacy' }] },
] as const;

export function loader({ request, context }: Route.LoaderArgs) {
  return staticPageData(request, context.origin, '/contact');
}

/** /{lang}/contact */
export default function Contact({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <StaticPage
      data={loaderData}
      id="contact"
      title={t('polishShell.contact.title')}
      description={t('polishShell.contact.description')}
      sections={SECTIONS.map((section) => ({
        id: section.id,
        title: t(`polishShell.contact.sections.${section.id}.title`),
        body: t(`polishShell.contact.sections.${section.id}.body`),
        links: section.links.map((link) => ({ path: link.path, label: t(`polishShell.contact.links.${link.key}`) })),
      }))}
    />
  );
}
