import { LOCALES, type Locale } from '../../shared/locales';
import type { OrganizerEvent } from '../../shared/schemas/organizer-workspace';
import type { DbOrTx } from '../db/client';
import { readTogether } from '../db/read-together';
import { organizerStatus } from './organizer-events-context';
import * as repo from './organizer-events-repository';

/** Rows become the organizer's view of an event (OrganizerEventSchema), with tags, settings and image. */

type Row = repo.OrganizerEventRow;

export async function loadEvent(db: DbOrTx, id: number, locale: Locale): Promise<OrganizerEvent> {
  const row = await repo.findEvent(db, id);
  return presentEvent(db, row!, locale);
}

export async function presentEvent(db: DbOrTx, row: Row, locale: Locale): Promise<OrganizerEvent> {
  const [event] = await presentEvents(db, [row], locale);
  return event!;
}

export async function presentEvents(db: DbOrTx, rows: Row[], locale: Locale): Promise<OrganizerEvent[]> {
  const ids = rows.map((row) => row.id);
  const imageIds = [...new Set(rows.flatMap((row) => (row.imageId ? [row.imageId] : [])))];
  // The editor presents an event before and after a change inside its transaction (one connection).
  const [tagRows, settings, imageRows] = await readTogether(db, [
    () => repo.tagIdsOf(db, ids),
    () => repo.settingsOf(db, ids),
    () => repo.imagesOf(db, imageIds),
  ]);
  return rows.map((row) => toOrganizerEvent(row, { tagRows, settings, imageRows, locale }));
}

function toOrganizerEvent(
  row: Row,
  context: { tagRows: { eventId: number; tagId: number }[]; settings: repo.SettingsRow[]; imageRows: repo.ImageRow[]; locale: Locale },
): OrganizerEvent {
  const settings = row.reservable ? context.settings.find((entry) => entry.eventId === row.id) : undefined;
  const image = row.imageId ? context.imageRows.find((entry) => entry.id === row.imageId) : undefined;
  const sourceHasSummary = Boolean(row.summary[row.sourceLocale]);
  const completeness: Record<string, boolean> = {};
  for (const locale of LOCALES) completeness[locale] = Boolean(row.title[locale]) && (!sourceHasSummary || Boolean(row.summary[locale]));
  return {
    id: row.id,
    slug: row.slug,
    status: organizerStatus(row),
    removed_by_moderation: row.removedAt !== null,
    publish_at: row.publishAt?.toISOString() ?? null,
    title: row.title as Record<string, string>,
    summary: row.summary as Record<string, string>,
    description: row.description as Record<string, string>,
    source_locale: row.sourceLocale,
    completeness,
    category_id: row.categoryId,
    subcategory_id: row.subcategoryId,
    tag_ids: context.tagRows.filter((tag) => tag.eventId === row.id).map((tag) => tag.tagId),
    venue_id: row.venueId,
    online_url: row.onlineUrl,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt?.toISOString() ?? null,
    time_zone: row.timeZone,
    date_tba: row.dateTba,
    price: row.priceMin === null && row.priceMax === null ? null : { min: row.priceMin, max: row.priceMax, currency: row.currency },
    performers: row.performers.map((performer) => ({ name: performer.name })),
    image_id: row.imageId,
    image: image
      ? {
          id: image.id,
          width: image.width,
          height: image.height,
          status: image.status,
          focal_x: image.focalX,
          focal_y: image.focalY,
          alt: image.alt as Record<string, string>,
          dominant_color: image.dominantColor,
          placeholder: image.placeholder,
        }
      : null,
    reservation: settings
      ? {
          mode: settings.mode,
          capacity: settings.capacity,
          party_min: settings.partyMin,
          party_max: settings.partyMax,
          deadline: settings.deadline?.toISOString() ?? null,
          waitlist: settings.waitlist,
        }
      : null,
    series_id: row.seriesId,
    url: row.published ? `/${context.locale}/events/${row.slug}-${row.id}` : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}