import { INTL_LOCALE, isLocale, pickLocalized, type Locale, type LocalizedText } from '../../shared/locales';
import {
  ACTIVE_STATUSES,
  type MarkNotificationsRead,
  type Notification,
  type NotificationAction,
  type NotificationList,
  type ReservationActor,
  type ReservationStatus,
} from '../../shared/schemas/reservations';
import type { Db, DbOrTx } from '../db/client';
import type { JobContext } from '../jobs/job-queue';
import { AppError } from '../lib/errors';
import { translate } from '../lib/i18n';
import type { Mailer, MailMessage } from './mailer';
import * as repo from './notifications-repository';

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
  | VenueNotificationKind;

/** What an organizer hears about (type `organizer_reservation`): work waiting on one of their events. */
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
function guestLabel(locale: Locale, guest: { firstName: string | null; lastName: string | null; status: string | null }): string {
  const name = guest.status === 'deleted' ? '' : [guest.firstName, guest.lastName].filter(Boolean).join(' ');
  return name || translate(locale, 'notifications:guest_unknown');
}

function isKind(value: unknown): value is NotificationKind {
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
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
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

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface NotificationsDeps {
  db: Db;
  mailer: Mailer;
  /** Absolute origin for links in e-mails. */
  publicUrl: string;
  now?: () => Date;
}

const DEFAULT_PAGE = 20;

/** In-app notifications (the bell) and the e-mails that go with them, always sent from a job. */
export class NotificationsService {
  private readonly now: () => Date;

  constructor(private readonly deps: NotificationsDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Part of account deletion, in its transaction: see `repo.eraseForDeletedAccount`. */
  async eraseForDeletedAccount(tx: DbOrTx, userId: string): Promise<void> {
    await repo.eraseForDeletedAccount(tx, userId);
  }

  async list(userId: string, locale: Locale, query: { unread?: 'true' | 'false'; cursor?: string; limit?: number }): Promise<NotificationList> {
    const limit = query.limit ?? DEFAULT_PAGE;
    let beforeId: number | undefined;
    if (query.cursor) {
      beforeId = Number(Buffer.from(query.cursor, 'base64url').toString());
      if (!Number.isSafeInteger(beforeId) || beforeId <= 0) throw new AppError(400, 'validation_failed', {}, { cursor: ['invalid'] });
    }
    const rows = await repo.listNotifications(this.deps.db, { userId, unreadOnly: query.unread === 'true', beforeId, limit: limit + 1 });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page.map((row) => this.toNotification(row, locale)),
      next_cursor: rows.length > limit && last ? Buffer.from(String(last.id)).toString('base64url') : null,
      unread_count: await repo.unreadCount(this.deps.db, userId),
    };
  }

  async unreadCount(userId: string): Promise<number> {
    return repo.unreadCount(this.deps.db, userId);
  }

  async markRead(userId: string, input: MarkNotificationsRead): Promise<{ unread_count: number }> {
    await repo.markRead(this.deps.db, userId, input.ids);
    return { unread_count: await repo.unreadCount(this.deps.db, userId) };
  }

  private toNotification(row: repo.NotificationRow, locale: Locale): Notification {
    const data = row.data;
    const kind: NotificationKind = isKind(data.kind) ? data.kind : row.type === 'reservation_reminder' ? 'reminder' : 'accepted';
    const forVenue = row.type === 'organizer_reservation';
    const { title, body } = renderNotification(locale, {
      kind,
      eventTitle: row.eventTitle,
      startsAt: row.eventStartsAt,
      timeZone: row.eventTimeZone,
      venueName: row.venueName,
      partySize: row.partySize,
      code: forVenue ? null : row.reservationCode,
      venueMessage: !forVenue && data.by === 'venue' && typeof data.message === 'string' ? data.message : null,
      guestName: forVenue ? guestLabel(locale, { firstName: row.guestFirstName, lastName: row.guestLastName, status: row.guestStatus }) : null,
      guestMessage: forVenue && data.by === 'guest' && typeof data.message === 'string' ? data.message : null,
    });
    const announced = typeof data.to === 'string' ? (data.to as ReservationStatus) : row.reservationStatus;
    let link: string | null = null;
    if (row.reservationId !== null) {
      link = forVenue && row.eventId !== null ? organizerLink(locale, row.eventId, row.reservationId) : reservationPageLink(locale, row.reservationId);
    }
    return {
      id: row.id,
      type: row.type,
      title,
      body,
      reservation_id: row.reservationId,
      status: announced ?? null,
      actions: row.type === 'reservation_reminder' ? this.reminderActions(row, locale) : [],
      link,
      read_at: row.readAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
    };
  }

  /** "I'm coming" while accepted and unconfirmed before the start; "Cancel" while still allowed. */
  private reminderActions(row: repo.NotificationRow, locale: Locale): NotificationAction[] {
    const actions: NotificationAction[] = [];
    const now = this.now();
    if (!row.reservationId || !row.reservationStatus) return actions;
    if (row.reservationStatus === 'accepted' && !row.confirmedAt && row.eventStartsAt && row.eventStartsAt > now) {
      actions.push({
        kind: 'confirm',
        label: translate(locale, 'notifications:action.confirm'),
        method: 'POST',
        path: `/reservations/${row.reservationId}/confirm`,
      });
    }
    if ((ACTIVE_STATUSES as readonly string[]).includes(row.reservationStatus) && row.deadline && row.deadline > now) {
      actions.push({
        kind: 'cancel',
        label: translate(locale, 'notifications:action.cancel'),
        method: 'POST',
        path: `/reservations/${row.reservationId}/cancel`,
      });
    }
    return actions;
  }

  // -------------------------------------------------------------------------------------------------------
  // Job handlers (registered by the reservations service)
  // -------------------------------------------------------------------------------------------------------

  /** One status change → one in-app notification and one e-mail, each at most once however often retried. */
  async deliverStatusChange(historyId: number, context: JobContext): Promise<void> {
    const line = await repo.findHistoryLine(this.deps.db, historyId);
    if (!line) return;
    const target = await repo.findDeliveryContext(this.deps.db, line.reservationId);
    if (!target?.userId || target.userStatus === 'deleted') return;
    const kind = kindOf(line.fromStatus, line.toStatus, line.actor);
    const key = `notification:history:${historyId}`;
    await repo.insertNotification(this.deps.db, {
      userId: target.userId,
      type: 'reservation_status',
      reservationId: line.reservationId,
      data: { kind, from: line.fromStatus, to: line.toStatus, by: line.actor, message: line.message },
      dedupeKey: key,
    });
    const venueMessage = line.actor === 'venue' ? line.message : null;
    await this.email(context, `${key}:email`, target, kind, venueMessage);
  }

  /**
   * New work for the venue → one in-app notification and one e-mail (in their own language) for every
   * member of the event's organizer, each at most once per member however often the job is retried.
   */
  async deliverVenueNotice(historyId: number, context: JobContext): Promise<void> {
    const line = await repo.findHistoryLine(this.deps.db, historyId);
    if (!line) return;
    const kind = venueKindOf(line.fromStatus, line.toStatus, line.actor);
    if (!kind) return;
    const reservation = await repo.findVenueContext(this.deps.db, line.reservationId);
    if (!reservation) return;
    const guestMessage = line.actor === 'guest' ? line.message : null;
    for (const recipient of await repo.findVenueRecipients(this.deps.db, line.reservationId)) {
      const key = `notification:venue:${historyId}:${recipient.userId}`;
      await repo.insertNotification(this.deps.db, {
        userId: recipient.userId,
        type: 'organizer_reservation',
        reservationId: line.reservationId,
        data: { kind, from: line.fromStatus, to: line.toStatus, by: line.actor, message: guestMessage },
        dedupeKey: key,
      });
      const { email } = recipient;
      if (!email) continue;
      const locale: Locale = isLocale(recipient.locale) ? recipient.locale : 'sr';
      const message = this.composeVenueEmail(locale, { ...recipient, email }, reservation, kind, guestMessage);
      await context.deliverOnce(`${key}:email`, 'email', () => this.deps.mailer.send(message));
    }
  }

  /**
   * The day-before reminder: sent only if the reservation is still accepted and the event still ahead
   * (the status may have changed since the job was queued).
   */
  async deliverReminder(reservationId: number, context: JobContext): Promise<void> {
    const target = await repo.findDeliveryContext(this.deps.db, reservationId);
    if (!target?.userId || target.userStatus === 'deleted') return;
    if (target.status !== 'accepted' || target.eventStatus === 'cancelled' || target.eventStartsAt <= this.now()) return;
    const key = `notification:reminder:${reservationId}`;
    await repo.insertNotification(this.deps.db, {
      userId: target.userId,
      type: 'reservation_reminder',
      reservationId,
      data: { kind: 'reminder' },
      dedupeKey: key,
    });
    await this.email(context, `${key}:email`, target, 'reminder', null);
  }

  private async email(context: JobContext, key: string, target: repo.DeliveryContext, kind: NotificationKind, venueMessage: string | null) {
    const { email } = target;
    if (!email) return;
    const locale: Locale = isLocale(target.locale) ? target.locale : 'sr';
    const message = this.composeEmail(locale, { ...target, email }, kind, venueMessage);
    await context.deliverOnce(key, 'email', () => this.deps.mailer.send(message));
  }

  composeEmail(
    locale: Locale,
    target: repo.DeliveryContext & { email: string },
    kind: NotificationKind,
    venueMessage: string | null,
  ): MailMessage {
    const { title, body } = renderNotification(locale, {
      kind,
      eventTitle: target.eventTitle,
      startsAt: target.eventStartsAt,
      timeZone: target.eventTimeZone,
      venueName: target.venueName,
      partySize: target.partySize,
      code: target.code,
      venueMessage,
    });
    const page = `${this.deps.publicUrl}${reservationPageLink(locale, target.reservationId)}`;
    const links: { label: string; url: string }[] = [{ label: translate(locale, 'notifications:email.open'), url: page }];
    if (kind === 'reminder') {
      links.push(
        { label: translate(locale, 'notifications:action.confirm'), url: `${page}?action=confirm` },
        { label: translate(locale, 'notifications:action.cancel'), url: `${page}?action=cancel` },
      );
    }
    const greeting = translate(locale, 'notifications:email.greeting', { name: target.firstName ? ` ${target.firstName}` : '' });
    return mailMessage(locale, { to: target.email, subject: title, greeting, body, links, footer: [translate(locale, 'notifications:email.signature')] });
  }

  /** The organizer's e-mail: what happened, a link to the organizer area filtered to the reservation. */
  composeVenueEmail(
    locale: Locale,
    recipient: repo.VenueRecipient & { email: string },
    reservation: repo.VenueContext,
    kind: VenueNotificationKind,
    guestMessage: string | null,
  ): MailMessage {
    const { body } = renderNotification(locale, {
      kind,
      eventTitle: reservation.eventTitle,
      startsAt: reservation.eventStartsAt,
      timeZone: reservation.eventTimeZone,
      venueName: reservation.venueName,
      partySize: reservation.partySize,
      code: null,
      venueMessage: null,
      guestName: guestLabel(locale, { firstName: reservation.guestFirstName, lastName: reservation.guestLastName, status: reservation.guestStatus }),
      guestMessage,
    });
    const event = pickLocalized(reservation.eventTitle, locale);
    const url = `${this.deps.publicUrl}${organizerLink(locale, reservation.eventId, reservation.reservationId)}`;
    return mailMessage(locale, {
      to: recipient.email,
      subject: translate(locale, `emails:organizer.subject.${kind}`, { event }),
      greeting: translate(locale, 'emails:greeting', { name: recipient.firstName ? ` ${recipient.firstName}` : '' }),
      body,
      links: [{ label: translate(locale, 'emails:organizer.open'), url }],
      footer: [translate(locale, 'emails:organizer.why', { organizer: recipient.organizerName }), translate(locale, 'emails:signature')],
    });
  }
}

/** Plain text and HTML of one notification e-mail: greeting, body lines, buttons, footer lines. */
function mailMessage(
  locale: Locale,
  input: { to: string; subject: string; greeting: string; body: string; links: { label: string; url: string }[]; footer: string[] },
): MailMessage {
  const { greeting, body, links, footer } = input;
  const text = [greeting, '', body, '', ...links.map((link) => `${link.label}: ${link.url}`), '', footer.join('\n\n')].join('\n');
  const paragraphs = [greeting, ...body.split('\n')].map((line) => `<p>${escapeHtml(line)}</p>`).join('');
  const buttons = links
    .map(
      (link) =>
        `<a href="${escapeHtml(link.url)}" style="display:inline-block;margin:4px 8px 4px 0;padding:10px 18px;background:#7c4dff;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a>`,
    )
    .join('');
  const closing = footer.map((line) => `<p>${escapeHtml(line)}</p>`).join('');
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;line-height:1.5">${paragraphs}<p>${buttons}</p>${closing}</body></html>`;
  return { to: input.to, subject: input.subject, text, html };
}
