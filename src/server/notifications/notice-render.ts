import { pickLocalized, type Locale, type LocalizedText } from '../../shared/locales';
import { translate } from '../lib/i18n';

/**
 * Notifications that are not about a reservation (issue 10): the admin's decision on an organizer
 * application (`organizer_application`) and on an event sent for review, or a note in its thread
 * (`event_review`). Stored as data, rendered from `notifications:notice.*` in the reader's language, in the
 * app at read time and in the e-mail at send time, as reservation notifications are.
 */
export const NOTICE_TYPES = ['organizer_application', 'event_review'] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];

export const APPLICATION_NOTICE_KINDS = ['approved', 'rejected', 'needs_info'] as const;
export const EVENT_NOTICE_KINDS = ['approved', 'scheduled', 'rejected', 'changes_requested', 'note'] as const;

export interface ApplicationNoticeData {
  kind: (typeof APPLICATION_NOTICE_KINDS)[number];
  application_id: number;
  /** The organisation's name as the applicant wrote it. */
  name: string;
  message: string | null;
}

export interface EventNoticeData {
  kind: (typeof EVENT_NOTICE_KINDS)[number];
  event_id: number;
  /** The event's title when the notice was written (every language it had). */
  event_title: LocalizedText;
  message: string | null;
}

export function isNoticeType(type: string): type is NoticeType {
  return (NOTICE_TYPES as readonly string[]).includes(type);
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Title, body and in-app link of a notice; unknown data renders as the generic text of its type. */
export function renderNotice(locale: Locale, type: NoticeType, data: Record<string, unknown>): { title: string; body: string; link: string } {
  if (type === 'organizer_application') {
    const kind = (APPLICATION_NOTICE_KINDS as readonly unknown[]).includes(data.kind) ? String(data.kind) : 'needs_info';
    const params = { name: text(data.name) };
    return withMessage(locale, {
      title: translate(locale, `notifications:notice.application.${kind}.title`, params),
      body: translate(locale, `notifications:notice.application.${kind}.body`, params),
      message: text(data.message),
      link: `/${locale}/organizer/apply`,
    });
  }
  const kind = (EVENT_NOTICE_KINDS as readonly unknown[]).includes(data.kind) ? String(data.kind) : 'note';
  const title = data.event_title && typeof data.event_title === 'object' ? pickLocalized(data.event_title as LocalizedText, locale) : '';
  const params = { event: title };
  return withMessage(locale, {
    title: translate(locale, `notifications:notice.event.${kind}.title`, params),
    body: translate(locale, `notifications:notice.event.${kind}.body`, params),
    message: text(data.message),
    link: `/${locale}/organizer/events/${Number(data.event_id)}`,
  });
}

function withMessage(locale: Locale, input: { title: string; body: string; message: string; link: string }) {
  const body = input.message ? `${input.body}\n${translate(locale, 'notifications:notice.admin_message', { message: input.message })}` : input.body;
  return { title: input.title, body, link: input.link };
}
