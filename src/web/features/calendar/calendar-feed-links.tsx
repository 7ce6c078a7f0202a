import { useTranslation } from 'react-i18next';
import { eventIcsPath, feedPath, type FeedKind } from '../../../shared/calendar-paths';
import type { Locale } from '../../../shared/locales';

export type FeedTarget = { kind: Extract<FeedKind, 'venue' | 'organizer'>; id: number } | { kind: 'category'; slug: string } | { kind: 'event'; id: number };

/** The absolute https URL of a feed in the page's language. */
export function feedUrl(origin: string, target: FeedTarget, format: 'ics' | 'atom', locale: Locale): string {
  if (target.kind === 'event') return `${origin}${eventIcsPath(target.id, locale)}`;
  return `${origin}${feedPath(target.kind, target.kind === 'category' ? target.slug : target.id, format, locale)}`;
}

/**
 * `<link rel="alternate">` to a page's calendar feed and (venues, organizers, categories) its Atom feed, so
 * feed readers and calendar tools find them from the page. React hoists them into <head>, server-rendered too.
 */
export function CalendarFeedLinks({ target, name, origin, locale }: { target: FeedTarget; name: string; origin: string; locale: Locale }) {
  const { t } = useTranslation('posted');
  return (
    <>
      <link rel="alternate" type="text/calendar" title={t('calendar.link.calendar', { name })} href={feedUrl(origin, target, 'ics', locale)} />
      {target.kind === 'event' ? null : (
        <link rel="alternate" type="application/atom+xml" title={t('calendar.link.atom', { name })} href={feedUrl(origin, target, 'atom', locale)} />
      )}
    </>
  );
}
