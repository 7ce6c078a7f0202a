/**
 * "For you" (issue 12, DESIGN §15): the home page's row of events picked from the person's own signals,
 * the "categories they open" signal, and the weekly "this weekend for you" e-mail.
 *
 *   forYou(principal, locale, { limit }?): Promise<ForYou>   GET /events/for-you; empty without signals
 *   noteCategoryVisit(principal, slug): void                  fire and forget: never slows nor breaks a listing
 *   scheduleDigest(): Promise<void>                           enqueues the next Thursday's digest run (idempotent)
 *
 * Everything is computed in the database from the person's own rows (for-you-repository.ts); nothing is
 * cached: the answer is personal (the route says no-store).
 */
import { INTL_LOCALE, pickLocalized, type Locale } from '../../shared/locales';
import { DAY_MS, DEFAULT_TIME_ZONE } from '../../shared/constants';
import { dateTimeFormat } from '../../shared/intl-format';
import { eventPath } from '../../shared/paths';
import { FOR_YOU_MAX, type ForYou, type ForYouItem } from '../../shared/schemas/for-you';
import { localParts, presetRange, zonedTime } from '../../shared/zoned-time';
import type { Principal } from '../auth/auth-service';
import type { Db } from '../db/client';
import { cardNames } from '../catalog/card-names';
import { toEventSummary, venueName } from '../catalog/event-mapping';
import type { JobQueue } from '../jobs/job-queue';
import { translate } from '../lib/i18n';
import { mailButton, mailDocument, escapeHtml } from '../notifications/mail-layout';
import type { Mailer, MailMessage } from '../notifications/mailer';
import { emailChoice } from '../notifications/email-preferences';
import type { ServiceLogger } from '../services';
import * as repo from './for-you-repository';

/** How far ahead the row looks: "for you" is about the coming weeks, and the bound keeps the query cheap. */
const HORIZON_DAYS = 60;
/** The digest goes out on Thursday morning, Belgrade time. */
const DIGEST_WEEKDAY = 4;
const DIGEST_HOUR = 8;
const DIGEST_BATCH = 200;
const DIGEST_SIZE = 6;

export const FOR_YOU_JOBS = {
  /** One run a week: fans out one job per person who asked, then schedules the next week's run. */
  digestWeek: 'foryou.digest_week',
  digestOne: 'foryou.digest',
} as const;

export interface ForYouDeps {
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  publicUrl: string;
  log: ServiceLogger;
  now?: () => Date;
}

/** Whose signals a request carries: an account's, or a guest token's own. */
export function ownerOf(principal: Principal): repo.ForYouOwner {
  return principal.kind === 'user' && principal.userId ? { userId: principal.userId } : { guestId: principal.subject };
}

/** The next Thursday 08:00 in Belgrade strictly after `now`. */
export function nextDigestAt(now: Date, timeZone = DEFAULT_TIME_ZONE): Date {
  const today = localParts(now, timeZone);
  for (let ahead = 0; ahead <= 7; ahead += 1) {
    const weekday = ((today.weekday - 1 + ahead) % 7) + 1;
    if (weekday !== DIGEST_WEEKDAY) continue;
    const at = zonedTime({ year: today.year, month: today.month, day: today.day + ahead, hour: DIGEST_HOUR }, timeZone);
    if (at > now) return at;
  }
  return zonedTime({ year: today.year, month: today.month, day: today.day + 7, hour: DIGEST_HOUR }, timeZone);
}

/** The digest's week, named by its Thursday's local date (one e-mail per person and week). */
function weekKey(at: Date, timeZone = DEFAULT_TIME_ZONE): string {
  const p = localParts(at, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

export class ForYouService {
  private readonly now: () => Date;

  constructor(private readonly deps: ForYouDeps) {
    this.now = deps.now ?? (() => new Date());
    deps.jobs.register(FOR_YOU_JOBS.digestWeek, async (payload) => this.fanOutDigest(String(payload.week)));
    deps.jobs.register(FOR_YOU_JOBS.digestOne, async (payload, context) => {
      const userId = String(payload.user_id);
      const week = String(payload.week);
      await context.deliverOnce(`foryou_digest:${week}:${userId}`, 'email', async () => {
        await this.sendDigest(userId, new Date(String(payload.at)));
      });
    });
  }

  async forYou(principal: Principal, locale: Locale, options: { limit?: number } = {}): Promise<ForYou> {
    const now = this.now();
    return {
      items: await this.pick(ownerOf(principal), locale, {
        from: now,
        to: new Date(now.getTime() + HORIZON_DAYS * DAY_MS),
        newSince: new Date(now.getTime() - repo.NEW_WINDOW_DAYS * DAY_MS),
        limit: options.limit ?? FOR_YOU_MAX,
      }),
    };
  }

  /**
   * A person opened a category listing. Written after the answer, never awaited by it: a failure is
   * logged and the listing is served all the same.
   */
  noteCategoryVisit(principal: Principal, categorySlug: string): void {
    void repo.recordCategoryVisit(this.deps.db, ownerOf(principal), categorySlug, this.now()).catch((error: unknown) => {
      this.deps.log.error({ err: error, category: categorySlug }, 'for you: category visit not recorded');
    });
  }

  /** Enqueues the next digest run; the idempotency key makes every instance's call at start the same job. */
  async scheduleDigest(after = this.now()): Promise<void> {
    const at = nextDigestAt(after);
    const week = weekKey(at);
    await this.deps.jobs.enqueue(this.deps.db, {
      type: FOR_YOU_JOBS.digestWeek,
      payload: { week, at: at.toISOString() },
      runAt: at,
      idempotencyKey: `foryou_digest_week:${week}`,
    });
  }

  private async pick(owner: repo.ForYouOwner, locale: Locale, window: repo.ForYouWindow): Promise<ForYouItem[]> {
    const rows = await repo.selectForYou(this.deps.db, owner, window);
    const names = await cardNames(this.deps.db, rows);
    return rows.map((row) => ({
      event: toEventSummary(row, locale, names),
      reason: {
        kind: row.reasonKind,
        id: Number(row.reasonTarget),
        name: reasonName(row.reasonName, locale),
        new: Boolean(row.reasonNew),
      },
    }));
  }

  private async fanOutDigest(week: string): Promise<void> {
    const at = this.now();
    let after: string | null = null;
    for (;;) {
      const page = await repo.digestRecipients(this.deps.db, after, DIGEST_BATCH);
      for (const person of page) {
        await this.deps.jobs.enqueue(this.deps.db, {
          type: FOR_YOU_JOBS.digestOne,
          payload: { user_id: person.id, week, at: at.toISOString() },
          idempotencyKey: `foryou_digest:${week}:${person.id}`,
        });
      }
      if (page.length < DIGEST_BATCH) break;
      after = page.at(-1)?.id ?? null;
    }
    await this.scheduleDigest(new Date(at.getTime() + 60_000));
  }

  /** "This weekend for you": the same pick, the coming weekend only; nothing to say, no e-mail. */
  async sendDigest(userId: string, at: Date): Promise<boolean> {
    const [person] = await repo.digestRecipients(this.deps.db, null, 1, userId);
    if (!person) return false;
    // Their choice and language for the digest (email-preferences.ts); the mailer adds its unsubscribe link.
    const { send, locale } = await emailChoice(this.deps.db, userId, 'digest', person.locale);
    if (!send) return false;
    const weekend = presetRange('weekend', at, DEFAULT_TIME_ZONE);
    const items = await this.pick({ userId }, locale, {
      from: weekend.from,
      to: weekend.to ?? new Date(weekend.from.getTime() + 3 * DAY_MS),
      newSince: new Date(at.getTime() - repo.NEW_WINDOW_DAYS * DAY_MS),
      limit: DIGEST_SIZE,
    });
    if (items.length === 0) return false;
    await this.deps.mailer.send({ ...digestEmail({ to: person.email, firstName: person.firstName, locale, items, origin: this.deps.publicUrl }), kind: 'digest', userId, locale });
    return true;
  }
}

function reasonName(value: { name?: string; i18n?: Record<string, string> } | null, locale: Locale): string {
  if (!value) return '';
  if (value.name !== undefined) return venueName({ name: value.name, nameI18n: value.i18n ?? null }, locale);
  return pickLocalized(value.i18n ?? {}, locale);
}

/** The reason in words, as the web says it (posted.forYou.reason.*). */
export function reasonText(locale: Locale, item: ForYouItem): string {
  return translate(locale, `posted:forYou.reason.${item.reason.kind}`, { name: item.reason.name });
}

function whenText(locale: Locale, iso: string): string {
  return dateTimeFormat(INTL_LOCALE[locale], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: DEFAULT_TIME_ZONE,
  }).format(new Date(iso));
}

export function digestEmail(input: { to: string; firstName: string | null; locale: Locale; items: ForYouItem[]; origin: string }): MailMessage {
  const { locale, items, origin } = input;
  const t = (key: string, vars: Record<string, unknown> = {}) => translate(locale, `posted:forYou.digest.${key}`, vars);
  const greeting = translate(locale, 'emails:greeting', { name: input.firstName ? ` ${input.firstName}` : '' });
  const lines = items.map((item) => {
    const url = `${origin}${eventPath(locale, item.event)}`;
    const where = item.event.venue ? ` · ${item.event.venue.name}` : '';
    return { item, url, head: `${item.event.title} — ${whenText(locale, item.event.starts_at)}${where}`, why: reasonText(locale, item) };
  });
  const settings = `${origin}/${locale}/profile`;
  const text = [
    greeting,
    t('intro', { count: items.length }),
    ...lines.map((line) => `${line.head}\n${line.why}\n${line.url}`),
    `${t('settings')}\n${settings}`,
    translate(locale, 'emails:signature'),
  ].join('\n\n');
  const list = lines
    .map(
      (line) =>
        `<li style="margin-bottom:12px"><a href="${escapeHtml(line.url)}">${escapeHtml(line.item.event.title)}</a><br>` +
        `${escapeHtml(line.head.slice(line.item.event.title.length + 3))}<br><em>${escapeHtml(line.why)}</em></li>`,
    )
    .join('');
  const html = mailDocument(
    locale,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(t('intro', { count: items.length }))}</p>`,
      `<ul style="padding-left:18px">${list}</ul>`,
      `<p>${mailButton({ label: t('action'), url: `${origin}/${locale}/` })}</p>`,
      `<p style="color:#666;font-size:13px">${escapeHtml(t('settings'))} <a href="${escapeHtml(settings)}">${escapeHtml(t('settingsLink'))}</a></p>`,
      `<p>${escapeHtml(translate(locale, 'emails:signature'))}</p>`,
    ].join(''),
  );
  return { to: input.to, subject: t('subject'), text, html };
}
