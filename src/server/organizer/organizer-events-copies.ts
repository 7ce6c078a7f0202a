import type { Locale } from '../../shared/locales';
import type { CreateSeriesSchema, DuplicateEventSchema, OrganizerEvent } from '../../shared/schemas/organizer-workspace';
import type { z } from '../../shared/schemas/zod';
import type { DbOrTx } from '../db/client';
import { enqueueFollowersNotice } from '../follows/follows-jobs';
import { conflict, invalidField } from '../lib/errors';
import type { Publication } from './event-lifecycle';
import { recordActivity, requireOrganizerRoleFor } from './organizer-access';
import { PUBLISH_JOB, type EventsContext } from './organizer-events-context';
import { loadEvent, presentEvents } from './organizer-events-presentation';
import * as repo from './organizer-events-repository';
import { seriesOccurrences } from './series';

/** New events from an existing one: a duplicate (a draft) or a series of dates. */

type DuplicateInput = z.infer<typeof DuplicateEventSchema>;
type SeriesInput = z.infer<typeof CreateSeriesSchema>;
type Row = repo.OrganizerEventRow;

/** A new draft from an event: the end moves with the start; description, image, tags, performers and reservation settings as chosen. */
export async function duplicate(ctx: EventsContext, input: { userId: string; eventId: number; body: DuplicateInput; locale: Locale }): Promise<OrganizerEvent> {
  const access = await requireOrganizerRoleFor(ctx.db, { userId: input.userId, capability: 'events', target: { type: 'event', id: input.eventId } });
  const copy = { description: true, image: true, tags: true, performers: true, reservation: true, ...input.body.copy };
  const id = await ctx.db.transaction(async (tx) => {
    const row = (await repo.findEvent(tx, input.eventId))!;
    const eventId = await copyEvent(tx, row, { startsAt: new Date(input.body.starts_at), copy, publication: 'draft', publishAt: null, seriesId: null });
    await repo.insertHistory(tx, { eventId, actorUserId: access.userId, action: 'created', toState: 'draft', changes: { duplicated_from: row.id } });
    await recordActivity(tx, { access, action: 'event.duplicated', targetType: 'event', targetId: eventId, details: { from: row.id } });
    return eventId;
  });
  return loadEvent(ctx.db, id, input.locale);
}

/**
 * A series from an event: its later dates (RRULE, minus exceptions, at most MAX_SERIES_DATES or a year)
 * become real events with the same text, place and settings, each with its own capacity, in the
 * template's state (a published template gives published dates).
 */
export async function createSeries(ctx: EventsContext, input: { userId: string; body: SeriesInput; locale: Locale }) {
  const { body } = input;
  const access = await requireOrganizerRoleFor(ctx.db, { userId: input.userId, capability: 'events', target: { type: 'event', id: body.event_id } });
  const template = (await repo.findEvent(ctx.db, body.event_id))!;
  if (template.seriesId !== null) throw conflict('event_in_series');
  const starts = seriesOccurrences({ startsAt: template.startsAt, timeZone: template.timeZone, rrule: body.rrule, exdates: body.exdates });
  if (!starts.length) throw invalidField('rrule', 'field.rrule');
  const rrule = body.rrule.replace(/^RRULE:/, '');
  const { seriesId, ids } = await ctx.db.transaction(async (tx) => {
    const seriesId = await repo.insertSeries(tx, { organizerId: access.organizerId, rrule, exdates: body.exdates });
    await repo.updateEvent(tx, template.id, { seriesId });
    await repo.insertHistory(tx, { eventId: template.id, actorUserId: access.userId, action: 'series', changes: { series_id: seriesId, rrule } });
    const copy = { description: true, image: true, tags: true, performers: true, reservation: true };
    const publication: Publication = template.publication === 'archived' ? 'draft' : template.publication;
    const ids: number[] = [];
    for (const startsAt of starts) {
      const eventId = await copyEvent(tx, template, { startsAt, copy, publication, publishAt: template.publishAt, seriesId });
      await repo.insertHistory(tx, { eventId, actorUserId: access.userId, action: 'created', toState: publication, changes: { series_id: seriesId } });
      if (publication === 'scheduled' && template.publishAt) {
        await ctx.jobs.enqueue(tx, {
          type: PUBLISH_JOB,
          payload: { event_id: eventId, publish_at: template.publishAt.toISOString() },
          runAt: template.publishAt,
          idempotencyKey: `${PUBLISH_JOB}:${eventId}:series`,
        });
      }
      ids.push(eventId);
    }
    // A published template gives published dates: each is news to the followers.
    if (publication === 'published') await enqueueFollowersNotice(tx, ctx.jobs, ids);
    await recordActivity(tx, { access, action: 'series.created', targetType: 'event', targetId: template.id, details: { series_id: seriesId, dates: ids.length } });
    return { seriesId, ids };
  });
  if (template.publication === 'published') ctx.onEventChanged?.();
  const rows = await Promise.all(ids.map((id) => repo.findEvent(ctx.db, id)));
  return {
    series: { id: seriesId, rrule, exdates: body.exdates },
    events: await presentEvents(ctx.db, rows.filter((row): row is Row => Boolean(row)), input.locale),
  };
}

async function copyEvent(
  tx: DbOrTx,
  row: Row,
  options: {
    startsAt: Date;
    copy: { description: boolean; image: boolean; tags: boolean; performers: boolean; reservation: boolean };
    publication: Publication;
    publishAt: Date | null;
    seriesId: number | null;
  },
): Promise<number> {
  const shift = options.startsAt.getTime() - row.startsAt.getTime();
  const reservable = row.reservable && options.copy.reservation;
  const eventId = await repo.insertEvent(tx, {
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    description: options.copy.description ? row.description : {},
    sourceLocale: row.sourceLocale,
    categoryId: row.categoryId,
    subcategoryId: row.subcategoryId,
    venueId: row.venueId,
    onlineUrl: row.onlineUrl,
    attendanceMode: row.attendanceMode,
    organizerId: row.organizerId,
    startsAt: options.startsAt,
    endsAt: row.endsAt ? new Date(row.endsAt.getTime() + shift) : null,
    timeZone: row.timeZone,
    currency: row.currency,
    priceMin: row.priceMin,
    priceMax: row.priceMax,
    offerCount: row.offerCount,
    images: options.copy.image ? row.images : [],
    imageId: options.copy.image ? row.imageId : null,
    performers: options.copy.performers ? row.performers : [],
    reservable,
    publication: options.publication,
    published: options.publication === 'published',
    publishAt: options.publishAt,
    seriesId: options.seriesId,
  });
  if (options.copy.tags) await repo.replaceTags(tx, eventId, (await repo.tagIdsOf(tx, [row.id])).map((tag) => tag.tagId));
  if (reservable) {
    const [settings] = await repo.settingsOf(tx, [row.id]);
    if (settings) {
      await repo.upsertSettings(tx, eventId, {
        mode: settings.mode,
        capacity: settings.capacity,
        partyMin: settings.partyMin,
        partyMax: settings.partyMax,
        deadline: settings.deadline ? new Date(settings.deadline.getTime() + shift) : null,
        waitlist: settings.waitlist,
      });
    }
  }
  return eventId;
}