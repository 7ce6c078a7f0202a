import { dateTimeFormat } from '../../shared/intl-format';
import { INTL_LOCALE, pickLocalized, type Locale, type LocalizedText } from '../../shared/locales';
import type { ReservationActor, ReservationStatus } from '../../shared/schemas/reservations';
import { translate } from '../lib/i18n';
import { mailButton, mailDocument, mailParagraphs } from './mail-layout';
import type { MailMessage } from './mailer';

/**
 * What a notification announces. Stored as data (never text) and rendered from `notifications:<kind>.*`
 * in the reader's language: in-app at read time, e-mail at send time in the user's own language.
 */
export type NotificationKind =
  | `created_${'accepted' | 'pending' | 'waitlisted'}`
  | `promoted_${'accepted' | 'pending'}`
  | 'answered'
  | 'accepted'
  | 'rejected'
  | 'action_needed'
  | 'cancelled'
  | 'cancelled_by_venue'
  | 'reminder'
  | EventChangeKind
  | VenueNotificationKind;

/** What an organizer hears about (type `organizer_reservation`): work waiting on one of their events. */
/** The event itself moved (organizer workspace): every holder of an open reservation hears it. */
export type EventChangeKind = 'event_postponed' | 'event_rescheduled';

export type VenueNotificationKind = 'venue_new_request' | 'venue_promoted' | 'venue_answered' | 'venue_guest_cancelled';

const KINDS: readonly NotificationKind[] = [
  'created_accepted',
  'created_pending',
  'created_waitlisted',
  'promoted_accepted',
  'promoted_pending',
  'answered',
  'accepted',
  'rejected',
  'action_needed',
  'cancelled',
  'cancelled_by_venue',
  'reminder',
  'event_postponed',
  'event_rescheduled',
  'venue_new_request',
  'venue_promoted',
  'venue_answered',
  'venue_guest_cancelled',
];

/** The kind of a status change, from the audit line. */
export function kindOf(from: ReservationStatus | null, to: ReservationStatus, by: ReservationActor): NotificationKind {
  if (from === null && (to === 'accepted' || to === 'pending' || to === 'waitlisted')) return `created_${to}`;
  if (from === 'waitlisted' && by === 'system' && (to === 'accepted' || to === 'pending')) return `promoted_${to}`;
  if (from === 'action_needed' && to === 'pending') return 'answered';
  if (to === 'cancelled' && by === 'venue') return 'cancelled_by_venue';
  if (to === 'accepted' || to === 'rejected' || to === 'action_needed' || to === 'cancelled') return to;
  return to === 'pending' ? 'answered' : 'accepted';
}

/** The organizer's kind of a status change, or null when the venue need not hear about it. */
export function venueKindOf(from: ReservationStatus | null, to: ReservationStatus, by: ReservationActor): VenueNotificationKind | null {
  if (to === 'pending' && from === null) return 'venue_new_request';
  if (to === 'pending' && from === 'waitlisted') return 'venue_promoted';
  if (to === 'pending' && from === 'action_needed') return 'venue_answered';
  if (from === 'accepted' && to === 'cancelled' && by === 'guest') return 'venue_guest_cancelled';
  return null;
}

/** `/{lang}/organizer` filtered to the reservation's event, with the reservation picked out. */
export function organizerLink(locale: Locale, eventId: number, reservationId: number): string {
  return `/${locale}/organizer?event=${eventId}&reservation=${reservationId}`;
}

export function reservationPageLink(locale: Locale, reservationId: number): string {
  return `/${locale}/reservation/${reservationId}`;
}

/** The guest's name as the venue sees it; a deleted or nameless account is "a guest". */
export function guestLabel(locale: Locale, guest: { firstName: string | null; lastName: string | null; status: string | null }): string {
  const name = guest.status === 'deleted' ? '' : [guest.firstName, guest.lastName].filter(Boolean).join(' ');
  return name || translate(locale, 'notifications:guest_unknown');
}

export function isKind(value: unknown): value is NotificationKind {
  return typeof value === 'string' && (KINDS as readonly string[]).includes(value);
}

export interface RenderInput {
  kind: NotificationKind;
  eventTitle: LocalizedText | null;
  startsAt: Date | null;
  timeZone: string | null;
  venueName: string | null;
  partySize: number | null;
  code: string | null;
  /** The venue's message (shown to the guest); the guest's own answer is not repeated back. */
  venueMessage: string | null;
  /** For organizers: who reserved, and what they wrote (their answer to the venue's question). */
  guestName?: string | null;
  guestMessage?: string | null;
}

export function formatWhen(locale: Locale, date: Date, timeZone: string): string {
  return dateTimeFormat(INTL_LOCALE[locale], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(date);
}

/** Title and body of a notification in one language. */
export function renderNotification(locale: Locale, input: RenderInput): { title: string; body: string } {
  const params = {
    event: pickLocalized(input.eventTitle, locale),
    when: input.startsAt ? formatWhen(locale, input.startsAt, input.timeZone ?? 'Europe/Belgrade') : '',
    venue: input.venueName ?? '',
    party: input.partySize ?? '',
    code: input.code ?? '',
    guest: input.guestName ?? '',
    // Organizer texts count the party with plural forms ("3 places", "3 места", "3 mesta").
    ...(input.kind.startsWith('venue_') ? { count: input.partySize ?? 0 } : {}),
  };
  const title = translate(locale, `notifications:${input.kind}.title`, params);
  let body = translate(locale, `notifications:${input.kind}.body`, params);
  if (input.venueMessage) body += `\n${translate(locale, 'notifications:venue_message', { message: input.venueMessage })}`;
  if (input.guestMessage) body += `\n${translate(locale, 'notifications:guest_message', { message: input.guestMessage })}`;
  return { title, body };
}

/** Plain text and HTML of one notification e-mail: greeting, body lines, buttons, footer lines. */
export function mailMessage(
  locale: Locale,
  input: { to: string; subject: string; greeting: string; body: string; links: { label: string; url: string }[]; footer: string[] },
): MailMessage {
  const { greeting, body, links, footer } = input;
  const text = [greeting, '', body, '', ...links.map((link) => `${link.label}: ${link.url}`), '', footer.join('\n\n')].join('\n');
  const paragraphs = mailParagraphs([greeting, ...body.split('\n')]).join('');
  const buttons = links.map(mailButton).join('');
  const closing = mailParagraphs(footer).join('');
  const html = mailDocument(locale, `${paragraphs}<p>${buttons}</p>${closing}`);
  return { to: input.to, subject: input.subject, text, html };
}
