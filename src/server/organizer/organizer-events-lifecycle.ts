import type { Locale } from '../../shared/locales';
import type { OrganizerEvent, PostponeEventSchema } from '../../shared/schemas/organizer-workspace';
import type { z } from '../../shared/schemas/zod';
import { enqueueFollowersNotice } from '../follows/follows-jobs';
import { AppError, conflict, invalidField } from '../lib/errors';
import { publishTarget, requireMove, type Publication } from './event-lifecycle';
import { recordActivity, requireOrganizerRoleFor } from './organizer-access';
import { EVENT_CHANGE_JOB, organizerStatus, PUBLISH_JOB, type EventsContext } from './organizer-events-context';
import { loadEvent } from './organizer-events-presentation';
import * as repo from './organizer-events-repository';
import { notifySavers } from '../saved/saved-notices';

/** An event's moves (event-lifecycle.ts): publish now or at a time, back to draft, archive, postpone. */

type PostponeInput = z.infer<typeof PostponeEventSchema>;
type Row = repo.OrganizerEventRow;

export async function publish(ctx: EventsContext, input: { userId: string; eventId: number; publishAt?: string; locale: Locale }): Promise<OrganizerEvent> {
  const access = await requireOrganizerRoleFor(ctx.db, { userId: input.userId, capability: 'events', target: { type: 'event', id: input.eventId } });
  const now = ctx.now();
  const publishAt = input.publishAt ? new Date(input.publishAt) : null;
  const to = await ctx.db.transaction(async (tx) => {
    const row = (await repo.findEvent(tx, input.eventId, true))!;
    const target = publishTarget({ trusted: await repo.organizerTrusted(tx, access.organizerId), publishAt, now });
    requireMove(row.publication, target);
    requireComplete(row, now);
    await repo.updateEvent(tx, row.id, {
      publication: target,
      published: target === 'published',
      publishAt: target === 'published' ? (row.publishAt ?? now) : publishAt,
    });
    const historyId = await repo.insertHistory(tx, { eventId: row.id, actorUserId: access.userId, action: 'publish', fromState: row.publication, toState: target });
    if (target === 'scheduled' && publishAt) {
      await ctx.jobs.enqueue(tx, {
        type: PUBLISH_JOB,
        payload: { event_id: row.id, publish_at: publishAt.toISOString() },
        runAt: publishAt,
        idempotencyKey: `${PUBLISH_JOB}:${row.id}:${historyId}`,
      });
    }
    if (target === 'published') await enqueueFollowersNotice(tx, ctx.jobs, row.id);
    await recordActivity(tx, { access, action: `event.${target}`, targetType: 'event', targetId: row.id, details: { from: row.publication, to: target } });
    return target;
  });
  if (to === 'published') ctx.onEventChanged?.();
  return loadEvent(ctx.db, input.eventId, input.locale);
}

/** Back to draft (from scheduled or review): a scheduled publication that was queued will do nothing. */
export async function unpublish(ctx: EventsContext, input: { userId: string; eventId: number; locale: Locale }): Promise<OrganizerEvent> {
  return move(ctx, { ...input, to: 'draft', action: 'unpublish' });
}

export async function archive(ctx: EventsContext, input: { userId: string; eventId: number; locale: Locale }): Promise<OrganizerEvent> {
  return move(ctx, { ...input, to: 'archived', action: 'archive' });
}

/** The `event.publish` job: idempotent, and nothing happens if the event left `scheduled` or moved its time. */
export async function publishScheduled(ctx: EventsContext, input: { eventId: number; publishAt: string }): Promise<void> {
  const published = await ctx.db.transaction(async (tx) => {
    const row = await repo.findEvent(tx, input.eventId, true);
    if (!row || row.publication !== 'scheduled' || !row.publishAt || row.publishAt.toISOString() !== input.publishAt) return false;
    if (row.publishAt > ctx.now()) return false;
    await repo.updateEvent(tx, row.id, { publication: 'published', published: true });
    await repo.insertHistory(tx, { eventId: row.id, actorUserId: null, action: 'publish', fromState: 'scheduled', toState: 'published' });
    await enqueueFollowersNotice(tx, ctx.jobs, row.id);
    return true;
  });
  if (published) ctx.onEventChanged?.();
}

/**
 * A new date (`rescheduled`, the first date kept in `previous_starts_at`) or the date to be announced
 * (`postponed`); every holder of an open reservation is told, in the app and by e-mail, by one job each.
 */
export async function postpone(ctx: EventsContext, input: { userId: string; eventId: number; body: PostponeInput; locale: Locale }): Promise<OrganizerEvent> {
  const access = await requireOrganizerRoleFor(ctx.db, { userId: input.userId, capability: 'events', target: { type: 'event', id: input.eventId } });
  const { body } = input;
  await ctx.db.transaction(async (tx) => {
    const row = (await repo.findEvent(tx, input.eventId, true))!;
    if (row.publication !== 'published' || row.status === 'cancelled') {
      throw conflict('event_transition', { from: organizerStatus(row), to: body.date_tba ? 'postponed' : 'rescheduled' });
    }
    const previous = row.previousStartsAt ?? row.startsAt;
    let values: repo.EventValues;
    if (body.date_tba) {
      values = { status: 'postponed', dateTba: true, previousStartsAt: previous };
    } else {
      const startsAt = new Date(body.starts_at!);
      if (startsAt <= ctx.now()) throw invalidField('starts_at', 'field.start_in_past');
      const endsAt =
        body.ends_at === undefined ? (row.endsAt ? new Date(startsAt.getTime() + row.endsAt.getTime() - row.startsAt.getTime()) : null) : body.ends_at ? new Date(body.ends_at) : null;
      if (endsAt && endsAt <= startsAt) throw invalidField('ends_at', 'field.ends_before_start');
      values = { status: 'rescheduled', dateTba: false, startsAt, endsAt, previousStartsAt: previous };
    }
    await repo.updateEvent(tx, row.id, values);
    await notifySavers(tx, { eventId: row.id, change: body.date_tba ? 'postponed' : 'rescheduled' });
    const kind = body.date_tba ? 'event_postponed' : 'event_rescheduled';
    const historyId = await repo.insertHistory(tx, {
      eventId: row.id,
      actorUserId: access.userId,
      action: body.date_tba ? 'postpone' : 'reschedule',
      fromState: row.status,
      toState: values.status,
      message: body.message ?? null,
      changes: { starts_at: { from: row.startsAt.toISOString(), to: (values.startsAt ?? row.startsAt).toISOString() }, date_tba: Boolean(body.date_tba) },
    });
    for (const reservationId of await repo.openReservationIds(tx, row.id)) {
      await ctx.jobs.enqueue(tx, {
        type: EVENT_CHANGE_JOB,
        payload: { reservation_id: reservationId, history_id: historyId, kind, message: body.message ?? null },
        idempotencyKey: `${EVENT_CHANGE_JOB}:${historyId}:${reservationId}`,
      });
    }
    await recordActivity(tx, { access, action: `event.${values.status}`, targetType: 'event', targetId: row.id, details: { date_tba: Boolean(body.date_tba) } });
  });
  ctx.onEventChanged?.();
  return loadEvent(ctx.db, input.eventId, input.locale);
}

async function move(ctx: EventsContext, input: { userId: string; eventId: number; locale: Locale; to: Publication; action: string }): Promise<OrganizerEvent> {
  const access = await requireOrganizerRoleFor(ctx.db, { userId: input.userId, capability: 'events', target: { type: 'event', id: input.eventId } });
  const wasPublic = await ctx.db.transaction(async (tx) => {
    const row = (await repo.findEvent(tx, input.eventId, true))!;
    requireMove(row.publication, input.to);
    await repo.updateEvent(tx, row.id, { publication: input.to, published: input.to === 'published' });
    await repo.insertHistory(tx, { eventId: row.id, actorUserId: access.userId, action: input.action, fromState: row.publication, toState: input.to });
    await recordActivity(tx, { access, action: `event.${input.to}`, targetType: 'event', targetId: row.id, details: { from: row.publication, to: input.to } });
    return row.publication === 'published';
  });
  if (wasPublic) ctx.onEventChanged?.();
  return loadEvent(ctx.db, input.eventId, input.locale);
}

/** What publishing needs: a place (venue or online), a start still ahead, a category. */
function requireComplete(row: Row, now: Date): void {
  const errors: Record<string, string[]> = {};
  if (!row.venueId && !row.onlineUrl) errors.venue_id = ['field.venue_or_online'];
  if (row.startsAt <= now || row.dateTba) errors.starts_at = ['field.start_in_past'];
  if (!row.categoryId) errors.category_id = ['field.required'];
  if (!row.title[row.sourceLocale]?.trim()) errors[`title.${row.sourceLocale}`] = ['field.source_title_required'];
  if (Object.keys(errors).length) throw new AppError('unprocessable', 'event_incomplete', { fieldErrors: errors });
}