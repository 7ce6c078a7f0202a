import { isLocale, pickLocalized, type Locale } from '../../shared/locales';
import {
  ACTIVE_STATUSES,
  type MarkNotificationsRead,
  type Notification,
  type NotificationAction,
  type NotificationList,
  type ReservationStatus,
} from '../../shared/schemas/reservations';
import type { Db, DbOrTx } from '../db/client';
import { renderFollowedEvent } from '../follows/followed-event-render';
import type { JobContext } from '../jobs/job-queue';
import type { PushService } from '../push/push-service';
import { keysetPage, readCursor } from '../lib/cursor';
import { translate } from '../lib/i18n';
import type { Mailer, MailMessage } from './mailer';
import {
  guestLabel,
  isKind,
  kindOf,
  mailMessage,
  organizerLink,
  renderNotification,
  reservationPageLink,
  venueKindOf,
  type EventChangeKind,
  type NotificationKind,
  type VenueNotificationKind,
} from './notification-render';
import { isNoticeType, renderNotice, type NoticeType } from './notice-render';
import { emailChoice, emailLocale } from './email-preferences';
import * as repo from './notifications-repository';
import { isSavedChangeType, renderSavedChange } from '../saved/saved-notices';

export interface NotificationsDeps {
  db: Db;
  mailer: Mailer;
  /** Absolute origin for links in e-mails. */
  publicUrl: string;
  /** Web Push to the person's subscribed browsers, beside the in-app notification (reminders, status changes). */
  push?: Pick<PushService, 'notify'>;
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

  async list({
    userId,
    locale,
    query,
  }: {
    userId: string;
    locale: Locale;
    query: { unread?: 'true' | 'false'; cursor?: string; limit?: number };
  }): Promise<NotificationList> {
    const limit = query.limit ?? DEFAULT_PAGE;
    const beforeId = readCursor(query.cursor)?.id;
    const rows = await repo.listNotifications(this.deps.db, { userId, unreadOnly: query.unread === 'true', beforeId, limit: limit + 1 });
    const { page, next_cursor } = keysetPage(rows, limit, (row) => ({ id: row.id }));
    return {
      items: page.map((row) => this.toNotification(row, locale)),
      next_cursor,
      unread_count: await repo.unreadCount(this.deps.db, userId),
    };
  }

  async unreadCount(userId: string): Promise<number> {
    return repo.unreadCount(this.deps.db, userId);
  }

  async markRead({ userId, input }: { userId: string; input: MarkNotificationsRead }): Promise<{ unread_count: number }> {
    await repo.markRead(this.deps.db, userId, input.ids);
    return { unread_count: await repo.unreadCount(this.deps.db, userId) };
  }

  private toNotification(row: repo.NotificationRow, locale: Locale): Notification {
    const data = row.data;
    if (isNoticeType(row.type)) return this.toNotice(row, row.type, locale);
    if (row.type === 'followed_event') return this.toRendered(row, renderFollowedEvent(locale, row.data));
    if (isSavedChangeType(row.type)) return this.toRendered(row, renderSavedChange(locale, row.data));
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
      time_zone: row.eventTimeZone,
    };
  }

  /** An application or event-review notice: its own text and link, no reservation, no actions. */
  private toNotice(row: repo.NotificationRow, type: NoticeType, locale: Locale): Notification {
    return this.toRendered(row, renderNotice(locale, type, row.data));
  }

  /** A notification rendered from its data alone: its own text and link, no reservation, no actions. */
  private toRendered(row: repo.NotificationRow, { title, body, link }: { title: string; body: string; link: string | null }): Notification {
    return {
      id: row.id,
      type: row.type,
      title,
      body,
      reservation_id: null,
      status: null,
      actions: [],
      link,
      read_at: row.readAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
      time_zone: null,
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
    await this.push(key, target, kind, venueMessage);
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
      const locale = await emailLocale(this.deps.db, recipient.userId, recipient.locale);
      const message = this.composeVenueEmail(locale, { ...recipient, email }, reservation, kind, guestMessage);
      await context.deliverOnce(`${key}:email`, 'email', () => this.deps.mailer.send(message));
    }
  }

  /**
   * The day-before reminder: sent only if the reservation is still accepted and the event still ahead
   * (the status may have changed since the job was queued).
   */
  /**
   * The event was postponed or moved to a new date: one in-app notification and one e-mail to the holder
   * of the reservation, each at most once however often the job is retried; the organizer's message is
   * shown as the venue's.
   */
  async deliverEventChange(
    input: { reservationId: number; historyId: number; kind: EventChangeKind; message: string | null },
    context: JobContext,
  ): Promise<void> {
    const target = await repo.findDeliveryContext(this.deps.db, input.reservationId);
    if (!target?.userId || target.userStatus === 'deleted') return;
    const key = `notification:event:${input.historyId}:${input.reservationId}`;
    await repo.insertNotification(this.deps.db, {
      userId: target.userId,
      type: 'reservation_status',
      reservationId: input.reservationId,
      data: { kind: input.kind, by: 'venue', message: input.message },
      dedupeKey: key,
    });
    await this.push(key, target, input.kind, input.message);
    await this.email(context, `${key}:email`, target, input.kind, input.message);
  }

  /**
   * The e-mail of an application or event-review notice (its in-app row was written with the decision, in
   * the decision's transaction): rendered in the recipient's language at send time, sent at most once per
   * `key` however often the job is retried. A deleted or vanished account gets nothing.
   */
  async deliverNoticeEmail(input: { userId: string; type: NoticeType; data: Record<string, unknown>; key: string }, context: JobContext): Promise<void> {
    const recipient = await repo.findRecipient(this.deps.db, input.userId);
    if (!recipient?.email || recipient.status === 'deleted') return;
    const locale = await emailLocale(this.deps.db, input.userId, recipient.locale);
    const { title, body, link } = renderNotice(locale, input.type, input.data);
    const message = mailMessage(locale, {
      to: recipient.email,
      subject: title,
      greeting: translate(locale, 'emails:greeting', { name: recipient.firstName ? ` ${recipient.firstName}` : '' }),
      body,
      links: [{ label: translate(locale, 'notifications:email.open'), url: `${this.deps.publicUrl}${link}` }],
      footer: [translate(locale, 'emails:signature')],
    });
    await context.deliverOnce(`${input.key}:email`, 'email', () => this.deps.mailer.send(message));
  }

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
    // A reminder is worthless once the event began: the push service drops it if the device was away.
    const untilStart = Math.floor((target.eventStartsAt.getTime() - this.now().getTime()) / 1000);
    await this.push(key, target, 'reminder', null, Math.max(60, untilStart));
    await this.email(context, `${key}:email`, target, 'reminder', null);
  }

  /** Queues the push of this notification (its own job, retried apart from the e-mail), in the person's language. */
  private async push(key: string, target: repo.DeliveryContext, kind: NotificationKind, venueMessage: string | null, ttlSeconds?: number) {
    if (!this.deps.push || !target.userId) return;
    const locale: Locale = isLocale(target.locale) ? target.locale : 'sr';
    const { title, body } = renderForGuest(locale, target, kind, venueMessage);
    const message = { title, body, url: reservationPageLink(locale, target.reservationId), tag: `reservation-${target.reservationId}` };
    await this.deps.push.notify(this.deps.db, { userId: target.userId, key, message, ttlSeconds });
  }

  /**
   * The guest's e-mail about their reservation, if they want it: reminders obey `email_reminders`, every
   * other change `email_reservations` (the in-app notification is written either way), in the language
   * they chose for e-mails. The mailer adds the unsubscribe link of that kind.
   */
  private async email(context: JobContext, key: string, target: repo.DeliveryContext, kind: NotificationKind, venueMessage: string | null) {
    const { email, userId } = target;
    if (!email || !userId) return;
    const mailKind = kind === 'reminder' ? 'reminders' : 'reservations';
    const { send, locale } = await emailChoice(this.deps.db, userId, mailKind, target.locale);
    if (!send) return;
    const message = { ...this.composeEmail(locale, { ...target, email }, kind, venueMessage), kind: mailKind, userId, locale } as const;
    await context.deliverOnce(key, 'email', () => this.deps.mailer.send(message));
  }

  composeEmail(
    locale: Locale,
    target: repo.DeliveryContext & { email: string },
    kind: NotificationKind,
    venueMessage: string | null,
  ): MailMessage {
    const { title, body } = renderForGuest(locale, target, kind, venueMessage);
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

/** The guest's text of a reservation change, the same in the e-mail and the push. */
function renderForGuest(locale: Locale, target: repo.DeliveryContext, kind: NotificationKind, venueMessage: string | null) {
  return renderNotification(locale, {
    kind,
    eventTitle: target.eventTitle,
    startsAt: target.eventStartsAt,
    timeZone: target.eventTimeZone,
    venueName: target.venueName,
    partySize: target.partySize,
    code: target.code,
    venueMessage,
  });
}
