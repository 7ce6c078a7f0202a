import { pickLocalized, type Locale, type LocalizedText } from '../../shared/locales';
import { eventPath } from '../../shared/paths';
import { FOLLOW_KINDS, type FollowKind } from '../../shared/schemas/follows';
import { translate } from '../lib/i18n';

/**
 * What a `followed_event` notification stores (written once by the fan-out job, follows-jobs.ts): the
 * event and what made it reach this person, with every language of their names, so the bell and the
 * digest render it in the reader's language at read time without a join.
 */
export interface FollowedEventData {
  event_id: number;
  event_slug: string;
  event_title: LocalizedText;
  via: FollowKind;
  via_name: LocalizedText;
}

const localized = (value: unknown): LocalizedText => (value && typeof value === 'object' ? (value as LocalizedText) : {});

/** "New at Dom omladine" / the event's title, and the event page; unknown data renders as a generic line. */
export function renderFollowedEvent(locale: Locale, data: Record<string, unknown>): { title: string; body: string; link: string } {
  const via = (FOLLOW_KINDS as readonly unknown[]).includes(data.via) ? (data.via as FollowKind) : 'venue';
  const name = pickLocalized(localized(data.via_name), locale);
  const event = pickLocalized(localized(data.event_title), locale);
  const slug = typeof data.event_slug === 'string' && data.event_slug ? data.event_slug : 'event';
  return {
    title: translate(locale, `posted:follows.notice.${via}`, { name }),
    body: event,
    link: eventPath(locale, { slug, id: Number(data.event_id) }),
  };
}
