import { eq, inArray } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '../../../shared/constants';
import type { Locale } from '../../../shared/locales';
import { CreateEventSchema, CreateSeriesSchema, type CreateEventInput } from '../../../shared/schemas/organizer-workspace';
import { localParts, zonedTime } from '../../../shared/zoned-time';
import { storeImage } from '../../images/images-service';
import { membershipsOf } from '../../organizer/organizer-access';
import type { Services } from '../../services';
import { categories, organizers, subcategories, tags, venues } from '../schema';
import { users } from '../schema/auth';
import { DEMO_ACCOUNTS } from './data/accounts';
import { DEMO_ORGANIZER_SLUG } from './data/organizers';
import {
  BILINGUAL_DRAFT,
  CYRILLIC_DRAFT,
  DEMO_PHOTOS,
  DOOR_ROLE,
  OPEN_INVITATION,
  PUBLISHED_EVENT,
  SCHEDULED_EVENT,
  SERIES_EVENT,
  SERIES_RRULE,
  WORKSPACE_VENUES,
  type DemoPhoto,
  type WorkspaceEvent,
} from './data/workspace';
import { renderDemoPhoto } from './demo-photos';

const TIME_ZONE = DEFAULT_TIME_ZONE;
const LOCALE: Locale = 'sr';
/** Tomorrow at this Belgrade time the scheduled event publishes itself. */
const SCHEDULED_PUBLISH_TIME = { hour: 10, minute: 0 };

type WorkspaceServices = Pick<Services, 'database' | 'organizerEvents' | 'organizerVenues' | 'organizerTeam'>;

export interface DemoWorkspaceResult {
  venues: number;
  /** Door staff joined; invitations still open. */
  members: number;
  invitations: number;
  images: number;
  /** Time spent rendering and storing the covers (the AVIF/WebP/JPEG derivatives are most of the seed's extra time). */
  imageMs: number;
  events: { drafts: number[]; scheduled: number; published: number; series: number[] };
}

/** The instant of `time` (HH:MM, Belgrade) `days` after today, moved on to the given ISO weekday when set. */
export function workspaceStart(when: WorkspaceEvent['when'], now: Date): Date {
  const today = localParts(now, TIME_ZONE);
  let offset = when.days;
  if (when.weekday) {
    const weekday = ((today.weekday - 1 + offset) % 7) + 1;
    offset += (when.weekday - weekday + 7) % 7;
  }
  const [hour = 0, minute = 0] = when.time.split(':').map(Number);
  return zonedTime({ year: today.year, month: today.month, day: today.day + offset, hour, minute }, TIME_ZONE);
}

/** Tomorrow 10:00 in Belgrade. */
export function scheduledPublishAt(now: Date): Date {
  const today = localParts(now, TIME_ZONE);
  return zonedTime({ year: today.year, month: today.month, day: today.day + 1, ...SCHEDULED_PUBLISH_TIME }, TIME_ZONE);
}

async function lookups(services: WorkspaceServices) {
  const { db } = services.database;
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.organizer.email));
  const [door] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.door.email));
  const [organizer] = await db.select({ id: organizers.id }).from(organizers).where(eq(organizers.slug, DEMO_ORGANIZER_SLUG));
  const categoryRows = await db.select({ id: categories.id, slug: categories.slug }).from(categories);
  const subcategoryRows = await db.select({ id: subcategories.id, categoryId: subcategories.categoryId, slug: subcategories.slug }).from(subcategories);
  const tagRows = await db.select({ id: tags.id, slug: tags.slug }).from(tags);
  const venueRows = await db
    .select({ id: venues.id, slug: venues.slug, organizerId: venues.organizerId })
    .from(venues)
    .where(inArray(venues.slug, Object.values(WORKSPACE_VENUES).map((venue) => venue.slug)));
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`Demo workspace: ${what} is missing`);
    return value;
  };
  return {
    owner: owner?.id,
    door: door?.id,
    organizerId: organizer?.id,
    category: (slug: string) => need(categoryRows.find((row) => row.slug === slug), `category ${slug}`).id,
    subcategory: (categoryId: number, slug: string) =>
      need(subcategoryRows.find((row) => row.categoryId === categoryId && row.slug === slug), `subcategory ${slug}`).id,
    tag: (slug: string) => need(tagRows.find((row) => row.slug === slug), `tag ${slug}`).id,
    venue: (key: keyof typeof WORKSPACE_VENUES) => need(venueRows.find((row) => row.slug === WORKSPACE_VENUES[key].slug), `venue ${key}`),
  };
}

/**
 * The demo organizer's workspace (issue 9), made through the organizer services as the owner would: its two
 * venues described in four languages, door staff who joined through an invitation and an invitation still
 * open, four covers uploaded through the image pipeline, two drafts, a scheduled event (its publication job
 * queued), a published event and a weekly series of six dates. Times are relative to `now` (Belgrade).
 * Runs after seedDemo on the freshly seeded database; returns null when the demo accounts are not there.
 */
export async function seedDemoWorkspace(services: WorkspaceServices, options: { now?: Date } = {}): Promise<DemoWorkspaceResult | null> {
  const now = options.now ?? new Date();
  const { db } = services.database;
  const find = await lookups(services);
  const { owner, door, organizerId } = find;
  if (!owner || !organizerId) return null;

  // Venues: names in four languages, accessibility and capacity.
  for (const key of Object.keys(WORKSPACE_VENUES) as (keyof typeof WORKSPACE_VENUES)[]) {
    const venue = WORKSPACE_VENUES[key];
    await services.organizerVenues.update({
      userId: owner,
      venueId: find.venue(key).id,
      patch: { name: venue.name, accessibility: venue.accessibility, capacity: venue.capacity },
      locale: LOCALE,
    });
  }

  // Team: door staff invited and joined (the invitation is claimed when the proven address opens the
  // workspace), and a manager invited who has not signed in yet.
  let members = 0;
  if (door) {
    await services.organizerTeam.invite({ userId: owner, email: DEMO_ACCOUNTS.door.email, role: DOOR_ROLE, locale: LOCALE });
    members = (await membershipsOf(db, door)).filter((membership) => membership.organizerId === organizerId).length;
  }
  await services.organizerTeam.invite({ userId: owner, email: OPEN_INVITATION.email, role: OPEN_INVITATION.role, locale: LOCALE });

  // Covers: rendered here, stored through the upload pipeline (checked, cleaned, every derivative rendered).
  const imageStartedAt = performance.now();
  const imageIds = new Map<DemoPhoto['key'], string>();
  for (const [index, photo] of DEMO_PHOTOS.entries()) {
    const bytes = await renderDemoPhoto(photo, 9_000 + index);
    imageIds.set(photo.key, await storeImage(db, { bytes, organizerId, alt: photo.alt, focal: photo.focal }));
  }
  const imageMs = Math.round(performance.now() - imageStartedAt);

  const input = (event: WorkspaceEvent, overrides: Partial<Record<keyof CreateEventInput, unknown>> = {}): CreateEventInput => {
    const startsAt = workspaceStart(event.when, now);
    const categoryId = find.category(event.category);
    return CreateEventSchema.parse({
      title: event.title,
      summary: event.summary,
      description: event.description,
      source_locale: event.sourceLocale,
      category_id: categoryId,
      subcategory_id: find.subcategory(categoryId, event.subcategory),
      tag_ids: event.tags.map((slug) => find.tag(slug)),
      venue_id: find.venue(event.venue).id,
      starts_at: startsAt.toISOString(),
      ends_at: new Date(startsAt.getTime() + event.when.minutes * 60_000).toISOString(),
      time_zone: TIME_ZONE,
      price: event.price ? { min: event.price.min * 100, max: (event.price.max ?? event.price.min) * 100, currency: 'RSD' } : null,
      performers: event.performers?.map((name) => ({ name })),
      image_id: event.photo ? imageIds.get(event.photo) : undefined,
      reservation: event.reservation
        ? { mode: event.reservation.mode, capacity: event.reservation.capacity, party_min: 1, party_max: event.reservation.partyMax, waitlist: true }
        : null,
      ...overrides,
    });
  };
  const events = services.organizerEvents;
  const create = async (event: WorkspaceEvent, overrides?: Partial<Record<keyof CreateEventInput, unknown>>) =>
    (await events.create({ userId: owner, event: input(event, overrides), locale: LOCALE })).id;

  // The weekly jazz night: the first Tuesday published, then five more Tuesdays as a series.
  const jazz = await create(SERIES_EVENT);
  await events.publish({ userId: owner, eventId: jazz, locale: LOCALE });
  const series = await events.createSeries({ userId: owner, body: CreateSeriesSchema.parse({ event_id: jazz, rrule: SERIES_RRULE }), locale: LOCALE });

  const published = await create(PUBLISHED_EVENT);
  await events.publish({ userId: owner, eventId: published, locale: LOCALE });

  const scheduled = await create(SCHEDULED_EVENT);
  await events.publish({ userId: owner, eventId: scheduled, publishAt: scheduledPublishAt(now).toISOString(), locale: LOCALE });

  const cyrillic = await create(CYRILLIC_DRAFT);
  // Written in Serbian first; the English text added later (an edit in the history).
  const bilingual = await create(BILINGUAL_DRAFT, {
    title: { sr: BILINGUAL_DRAFT.title.sr },
    summary: BILINGUAL_DRAFT.summary?.sr ? { sr: BILINGUAL_DRAFT.summary.sr } : undefined,
  });
  await events.update({
    userId: owner,
    eventId: bilingual,
    changes: { title: BILINGUAL_DRAFT.title, summary: BILINGUAL_DRAFT.summary },
    locale: LOCALE,
  });

  return {
    venues: Object.keys(WORKSPACE_VENUES).length,
    members,
    invitations: 1,
    images: imageIds.size,
    imageMs,
    events: { drafts: [cyrillic, bilingual], scheduled, published, series: [jazz, ...series.events.map((event) => event.id)] },
  };
}
