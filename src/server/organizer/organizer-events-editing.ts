import { LOCALES, type Locale, type LocalizedText } from '../../shared/locales';
import { slugify } from '../../shared/slug';
import type { CreateEventInput, OrganizerEvent, UpdateEventInput } from '../../shared/schemas/organizer-workspace';
import type { DbOrTx } from '../db/client';
import { invalid } from '../lib/errors';
import { recordActivity, requireOrganizerRole, requireOrganizerRoleFor, type OrganizerAccess } from './organizer-access';
import type { EventsContext } from './organizer-events-context';
import { loadEvent, presentEvent } from './organizer-events-presentation';
import * as repo from './organizer-events-repository';

/** Writing an event: a new draft, and edits checked against the event as it will be. */

export async function create(ctx: EventsContext, input: { userId: string; event: CreateEventInput; locale: Locale }): Promise<OrganizerEvent> {
  const access = await requireOrganizerRole(ctx.db, { userId: input.userId, capability: 'events' });
  const { event } = input;
  await checkReferences(ctx.db, access, event);
  const id = await ctx.db.transaction(async (tx) => {
    const title = cleanText(event.title);
    const eventId = await repo.insertEvent(tx, {
      slug: eventSlug(title[event.source_locale] ?? ''),
      title,
      summary: cleanText(event.summary),
      description: cleanText(event.description),
      sourceLocale: event.source_locale,
      categoryId: event.category_id,
      subcategoryId: event.subcategory_id ?? null,
      venueId: event.venue_id ?? null,
      onlineUrl: event.online_url ?? null,
      attendanceMode: event.online_url && !event.venue_id ? 'online' : 'offline',
      organizerId: access.organizerId,
      startsAt: new Date(event.starts_at),
      endsAt: event.ends_at ? new Date(event.ends_at) : null,
      timeZone: event.time_zone,
      ...priceColumns(event.price),
      performers: (event.performers ?? []).map((performer) => ({ name: performer.name, type: 'Person' as const })),
      imageId: event.image_id ?? null,
      reservable: Boolean(event.reservation),
      publication: 'draft',
      published: false,
    });
    await repo.replaceTags(tx, eventId, event.tag_ids ?? []);
    if (event.reservation) await repo.upsertSettings(tx, eventId, settingsColumns(event.reservation));
    await repo.insertHistory(tx, { eventId, actorUserId: access.userId, action: 'created', toState: 'draft' });
    await recordActivity(tx, { access, action: 'event.created', targetType: 'event', targetId: eventId });
    return eventId;
  });
  return loadEvent(ctx.db, id, input.locale);
}

export async function update(ctx: EventsContext, input: { userId: string; eventId: number; changes: UpdateEventInput; locale: Locale }): Promise<OrganizerEvent> {
  const access = await requireOrganizerRoleFor(ctx.db, { userId: input.userId, capability: 'events', target: { type: 'event', id: input.eventId } });
  const { changes } = input;
  await checkReferences(ctx.db, access, changes);
  const result = await ctx.db.transaction(async (tx) => {
    const row = (await repo.findEvent(tx, input.eventId, true))!;
    const before = await presentEvent(tx, row, input.locale);
    const merged = {
      source_locale: changes.source_locale ?? row.sourceLocale,
      title: changes.title ? cleanText(changes.title) : row.title,
      starts_at: changes.starts_at ? new Date(changes.starts_at) : row.startsAt,
      ends_at: changes.ends_at === undefined ? row.endsAt : changes.ends_at ? new Date(changes.ends_at) : null,
      venue_id: changes.venue_id === undefined ? row.venueId : changes.venue_id,
      online_url: changes.online_url === undefined ? row.onlineUrl : changes.online_url,
    };
    // The schema checks rules across fields sent together; these hold for the event as it will be.
    const fieldErrors: Record<string, string[]> = {};
    if (!merged.title[merged.source_locale]?.trim()) fieldErrors[`title.${merged.source_locale}`] = ['field.source_title_required'];
    if (merged.ends_at && merged.ends_at <= merged.starts_at) fieldErrors.ends_at = ['field.ends_before_start'];
    if (merged.venue_id && merged.online_url) fieldErrors.online_url = ['field.venue_or_online'];
    if (changes.subcategory_id && changes.category_id === undefined) {
      const parent = await repo.subcategoryCategory(tx, changes.subcategory_id);
      if (parent !== row.categoryId) fieldErrors.subcategory_id = ['field.invalid'];
    }
    if (Object.keys(fieldErrors).length) throw invalid('validation_failed', fieldErrors);

    const values: repo.EventValues = {};
    if (changes.title) values.title = merged.title;
    if (changes.summary) values.summary = cleanText(changes.summary);
    if (changes.description) values.description = cleanText(changes.description);
    if (changes.source_locale) values.sourceLocale = changes.source_locale;
    if (changes.category_id !== undefined) values.categoryId = changes.category_id;
    if (changes.subcategory_id !== undefined) values.subcategoryId = changes.subcategory_id;
    if (changes.category_id !== undefined && changes.subcategory_id === undefined) values.subcategoryId = null;
    if (changes.venue_id !== undefined) values.venueId = changes.venue_id;
    if (changes.online_url !== undefined) values.onlineUrl = changes.online_url;
    if (changes.venue_id !== undefined || changes.online_url !== undefined) {
      values.attendanceMode = merged.online_url && !merged.venue_id ? 'online' : 'offline';
    }
    if (changes.starts_at) values.startsAt = merged.starts_at;
    if (changes.ends_at !== undefined) values.endsAt = merged.ends_at;
    if (changes.time_zone) values.timeZone = changes.time_zone;
    if (changes.price !== undefined) Object.assign(values, priceColumns(changes.price));
    if (changes.performers) values.performers = changes.performers.map((performer) => ({ name: performer.name, type: 'Person' as const }));
    if (changes.image_id !== undefined) values.imageId = changes.image_id;
    if (changes.reservation !== undefined) values.reservable = Boolean(changes.reservation);
    // A draft's slug follows its title; a public page keeps its address.
    if ((changes.title || changes.source_locale) && row.publication === 'draft') values.slug = eventSlug(merged.title[merged.source_locale] ?? '');
    await repo.updateEvent(tx, row.id, values);
    if (changes.tag_ids) await repo.replaceTags(tx, row.id, changes.tag_ids);
    if (changes.reservation) await repo.upsertSettings(tx, row.id, settingsColumns(changes.reservation));

    const after = await presentEvent(tx, (await repo.findEvent(tx, row.id))!, input.locale);
    const diff: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of Object.keys(changes) as (keyof OrganizerEvent)[]) {
      if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) diff[key] = { from: before[key], to: after[key] };
    }
    await repo.insertHistory(tx, { eventId: row.id, actorUserId: access.userId, action: 'edited', changes: diff });
    await recordActivity(tx, { access, action: 'event.edited', targetType: 'event', targetId: row.id, details: { fields: Object.keys(diff) } });
    return { event: after, public: row.publication === 'published' };
  });
  // The public page shows the edit at once.
  if (result.public) ctx.onEventChanged?.();
  return result.event;
}

/** Category, subcategory and tags exist; the subcategory is the category's; venue and image are the organizer's own. */
export async function checkReferences(db: DbOrTx, access: OrganizerAccess, event: UpdateEventInput): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (event.category_id !== undefined && !(await repo.categoryExists(db, event.category_id))) errors.category_id = ['field.unknown_value'];
  if (event.subcategory_id) {
    const parent = await repo.subcategoryCategory(db, event.subcategory_id);
    if (parent === undefined) errors.subcategory_id = ['field.unknown_value'];
    else if (event.category_id !== undefined && parent !== event.category_id) errors.subcategory_id = ['field.invalid'];
  }
  if (event.tag_ids?.length) {
    const found = new Set(await repo.existingTagIds(db, event.tag_ids));
    if (event.tag_ids.some((id) => !found.has(id))) errors.tag_ids = ['field.unknown_value'];
  }
  if (event.venue_id) {
    const venue = await repo.venueOwner(db, event.venue_id);
    if (!venue || venue.organizerId !== access.organizerId) errors.venue_id = ['field.invalid'];
  }
  if (event.image_id) {
    const image = await repo.imageOwner(db, event.image_id);
    if (!image || image.organizerId !== access.organizerId) errors.image_id = ['field.invalid'];
  }
  if (Object.keys(errors).length) throw invalid('validation_failed', errors);
}

/** The address of an event: its source-language title as a slug (shared/slug.ts). */
export function eventSlug(title: string): string {
  return slugify(title) || 'event';
}

function cleanText(text: LocalizedText | undefined): LocalizedText {
  const out: LocalizedText = {};
  for (const locale of LOCALES) {
    const value = text?.[locale]?.trim();
    if (value) out[locale] = value;
  }
  return out;
}

function priceColumns(price: CreateEventInput['price']): Pick<repo.EventValues, 'priceMin' | 'priceMax' | 'currency'> {
  if (!price || (price.min === undefined && price.max === undefined)) return { priceMin: null, priceMax: null, currency: price?.currency ?? 'RSD' };
  const min = price.min ?? price.max!;
  return { priceMin: min, priceMax: price.max ?? min, currency: price.currency };
}

function settingsColumns(settings: NonNullable<CreateEventInput['reservation']>) {
  return {
    mode: settings.mode,
    capacity: settings.capacity,
    partyMin: settings.party_min,
    partyMax: settings.party_max,
    deadline: settings.deadline ? new Date(settings.deadline) : null,
    waitlist: settings.waitlist,
  };
}