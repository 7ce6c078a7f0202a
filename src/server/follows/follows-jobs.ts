import { pickLocalized, type Locale, type LocalizedText } from '../../shared/locales';
import { DAY_MS, DEFAULT_TIME_ZONE } from '../../shared/constants';
import { eventPath } from '../../shared/paths';
import { localParts, zonedTime } from '../../shared/zoned-time';
import type { Db, DbOrTx } from '../db/client';
import type { JobQueue } from '../jobs/job-queue';
import { translate } from '../lib/i18n';
import type { Mailer } from '../notifications/mailer';
import { mailMessage } from '../notifications/notification-render';
import { emailChoice } from '../notifications/email-preferences';
import { renderFollowedEvent } from './followed-event-render';
import * as repo from './follows-digest-repository';

export const FOLLOWS_JOBS = {
  /** One published event → a notification for each account following what published it. */
  fanOut: 'follows.fan_out',
  /** Every morning: one digest job per person with something to tell. */
  digest: 'follows.digest',
  /** One person's digest e-mail for one day. */
  digestPerson: 'follows.digest_person',
} as const;

/** The digest goes out at this hour, Belgrade time: read with the morning coffee, before the day's plans. */
export const DIGEST_HOUR = 8;
/** What waited longer than this (e-mails were off, then switched on) is old news, not digest material. */
const DIGEST_WINDOW_MS = 7 * DAY_MS;

/**
 * Part of every publication (organizer's publish, the scheduled-publication job, the admin's approval, a
 * published series), in its transaction: the followers are told by a job, so a large fan-out never slows
 * or fails the publication itself. One job per event however often it is called.
 */
export async function enqueueFollowersNotice(tx: DbOrTx, jobs: JobQueue, eventIds: number | number[]): Promise<void> {
  for (const eventId of Array.isArray(eventIds) ? eventIds : [eventIds]) {
    await jobs.enqueue(tx, { type: FOLLOWS_JOBS.fanOut, payload: { event_id: eventId }, idempotencyKey: `${FOLLOWS_JOBS.fanOut}:${eventId}` });
  }
}

/** The next digest time after `now` (08:00 in Belgrade, today's if still ahead) and its local date. */
export function nextDigestRun(now: Date): { runAt: Date; date: string } {
  const today = localParts(now, DEFAULT_TIME_ZONE);
  let runAt = zonedTime({ year: today.year, month: today.month, day: today.day, hour: DIGEST_HOUR }, DEFAULT_TIME_ZONE);
  if (runAt <= now) runAt = zonedTime({ year: today.year, month: today.month, day: today.day + 1, hour: DIGEST_HOUR }, DEFAULT_TIME_ZONE);
  const local = localParts(runAt, DEFAULT_TIME_ZONE);
  const pad = (value: number) => String(value).padStart(2, '0');
  return { runAt, date: `${local.year}-${pad(local.month)}-${pad(local.day)}` };
}

/**
 * Queues the next morning's digest; the key is its date, so every instance calling this at start (and the
 * digest job queuing its successor) makes one job per day.
 */
export async function scheduleFollowsDigest(db: DbOrTx, jobs: JobQueue, now = new Date()): Promise<void> {
  const { runAt, date } = nextDigestRun(now);
  await jobs.enqueue(db, { type: FOLLOWS_JOBS.digest, payload: { date }, runAt, idempotencyKey: `${FOLLOWS_JOBS.digest}:${date}` });
}

export function registerFollowsJobs(deps: { jobs: JobQueue; db: Db; mailer: Mailer; publicUrl: string; now?: () => Date }): void {
  const { jobs, db, mailer, publicUrl } = deps;
  const now = deps.now ?? (() => new Date());

  jobs.register(FOLLOWS_JOBS.fanOut, async (payload) => {
    await repo.insertFollowedEventNotifications(db, Number(payload.event_id));
  });

  jobs.register(FOLLOWS_JOBS.digest, async (payload) => {
    const date = String(payload.date);
    const until = now();
    // One job per person: a failing address retries alone, and the day's key keeps it to one e-mail.
    for (const userId of await repo.digestRecipients(db, until, new Date(until.getTime() - DIGEST_WINDOW_MS))) {
      await jobs.enqueue(db, {
        type: FOLLOWS_JOBS.digestPerson,
        payload: { user_id: userId, date, until: until.toISOString() },
        idempotencyKey: `${FOLLOWS_JOBS.digestPerson}:${date}:${userId}`,
      });
    }
    // The job runs at or after 08:00, so the next run is tomorrow's.
    await scheduleFollowsDigest(db, jobs, until);
  });

  jobs.register(FOLLOWS_JOBS.digestPerson, async (payload, context) => {
    const userId = String(payload.user_id);
    const until = new Date(String(payload.until));
    const recipient = await repo.findRecipient(db, userId);
    if (!recipient?.email || recipient.status === 'deleted') return;
    // Their choice and language for e-mails about what they follow (email-preferences.ts).
    const { send, locale } = await emailChoice(db, userId, 'followed', recipient.locale);
    if (!send) return;
    // The same items on every retry: only what was written before the morning run.
    const items = await repo.digestItems(db, userId, until, new Date(until.getTime() - DIGEST_WINDOW_MS));
    if (!items.length) return;
    const lines = items.map((item) => digestLine(locale, item));
    const message = mailMessage(locale, {
      to: recipient.email,
      subject: translate(locale, 'posted:follows.digest.subject', { count: items.length }),
      greeting: translate(locale, 'emails:greeting', { name: recipient.firstName ? ` ${recipient.firstName}` : '' }),
      body: [translate(locale, 'posted:follows.digest.intro', { count: items.length }), ...lines.map((line) => `• ${line.text}`)].join('\n'),
      links: lines.slice(0, 5).map((line) => ({ label: line.label, url: `${publicUrl}${line.link}` })),
      footer: [translate(locale, 'posted:follows.digest.why'), translate(locale, 'emails:signature')],
    });
    // With its kind, the mailer adds the one-click unsubscribe (RFC 8058) for these e-mails.
    const sent = { ...message, kind: 'followed', userId, locale } as const;
    await context.deliverOnce(`${FOLLOWS_JOBS.digestPerson}:${String(payload.date)}:${userId}`, 'email', () => mailer.send(sent));
    await repo.markEmailed(db, items.map((item) => item.id));
  });
}

/** One line of the digest. A saved event's change is written by the saves feature; its data names the event. */
function digestLine(locale: Locale, item: { type: string; data: Record<string, unknown> }): { text: string; label: string; link: string } {
  if (item.type === 'followed_event') {
    const { title, body, link } = renderFollowedEvent(locale, item.data);
    return { text: `${title}: ${body}`, label: body, link };
  }
  const event = pickLocalized((item.data.event_title ?? {}) as LocalizedText, locale);
  const id = Number(item.data.event_id);
  // A saved event's notice keeps its slug as `slug` (saved-notices.ts), a followed event's as `event_slug`.
  const written = item.data.event_slug ?? item.data.slug;
  const slug = typeof written === 'string' && written ? written : 'event';
  return { text: translate(locale, 'posted:follows.digest.savedChange', { event }), label: event, link: eventPath(locale, { slug, id }) };
}
