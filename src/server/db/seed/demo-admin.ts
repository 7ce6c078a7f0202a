import { and, asc, eq } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '../../../shared/constants';
import type { Locale } from '../../../shared/locales';
import { ApplicationInputSchema } from '../../../shared/schemas/admin-moderation';
import { CreateEventSchema } from '../../../shared/schemas/organizer-workspace';
import { CreateReportSchema } from '../../../shared/schemas/reports';
import type { Services } from '../../services';
import { categories, events, subcategories, tags } from '../schema';
import { users } from '../schema/auth';
import { DEMO_ACCOUNTS } from './data/accounts';
import { EVENT_FOR_REVIEW, NEW_VENUE, OPEN_REPORT, PENDING_APPLICATION } from './data/admin';
import { DEMO_ORGANIZER_SLUG } from './data/organizers';
import { workspaceStart } from './demo-workspace';

type AdminSeedServices = Pick<Services, 'database' | 'organizerEvents' | 'organizerVenues' | 'admin'>;

const LOCALE: Locale = 'sr';

export interface DemoAdminResult {
  /** The untrusted organizer's event waiting for review. */
  pendingEvent: number;
  /** The applicant's application (asked for more, sent again: pending). */
  application: number;
  /** The open report, and one the admin dismissed. */
  openReport: number;
  dismissedReport: number;
}

/**
 * What waits for the admin (issue 10), made through the services as people would, so the queues, the
 * notices and the audit log are the real ones: the untrusted organizer (`newvenue@kuda.demo`) adds its
 * venue and publishes its first event, which goes to the review queue; the applicant applies, the admin
 * asks for more, the applicant sends it again; a guest reports a programme event (open) and another
 * guest's spam report was dismissed. The audit log holds the admin's two decisions.
 * Returns null when the demo accounts are missing.
 */
export async function seedDemoAdmin(services: AdminSeedServices, options: { now?: Date } = {}): Promise<DemoAdminResult | null> {
  const now = options.now ?? new Date();
  const { db } = services.database;
  const idOf = async (email: string) => (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id;
  const [admin, newVenue, applicant] = await Promise.all([
    idOf(DEMO_ACCOUNTS.admin.email),
    idOf(DEMO_ACCOUNTS.newVenue.email),
    idOf(DEMO_ACCOUNTS.applicant.email),
  ]);
  if (!admin || !newVenue || !applicant) return null;

  // The untrusted organizer: its own venue, then its first event, published — into the review queue.
  const venue = await services.organizerVenues.create({ userId: newVenue, venue: { ...NEW_VENUE, name: { ...NEW_VENUE.name } }, locale: LOCALE });
  const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, EVENT_FOR_REVIEW.category));
  if (!category) throw new Error(`Demo admin: category ${EVENT_FOR_REVIEW.category} is missing`);
  const [subcategory] = await db
    .select({ id: subcategories.id })
    .from(subcategories)
    .where(and(eq(subcategories.categoryId, category.id), eq(subcategories.slug, EVENT_FOR_REVIEW.subcategory ?? '')));
  const tagRows = await db.select({ id: tags.id, slug: tags.slug }).from(tags);
  const startsAt = workspaceStart(EVENT_FOR_REVIEW.when, now);
  const price = EVENT_FOR_REVIEW.price;
  const created = await services.organizerEvents.create({
    userId: newVenue,
    locale: LOCALE,
    event: CreateEventSchema.parse({
      title: EVENT_FOR_REVIEW.title,
      summary: EVENT_FOR_REVIEW.summary,
      description: EVENT_FOR_REVIEW.description,
      source_locale: EVENT_FOR_REVIEW.sourceLocale,
      category_id: category.id,
      subcategory_id: subcategory?.id,
      tag_ids: tagRows.filter((row) => EVENT_FOR_REVIEW.tags.includes(row.slug)).map((row) => row.id),
      venue_id: venue.id,
      starts_at: startsAt.toISOString(),
      ends_at: new Date(startsAt.getTime() + EVENT_FOR_REVIEW.when.minutes * 60_000).toISOString(),
      time_zone: DEFAULT_TIME_ZONE,
      price: price ? { min: price.min * 100, max: (price.max ?? price.min) * 100, currency: 'RSD' } : null,
      reservation: EVENT_FOR_REVIEW.reservation
        ? { mode: EVENT_FOR_REVIEW.reservation.mode, capacity: EVENT_FOR_REVIEW.reservation.capacity, party_min: 1, party_max: EVENT_FOR_REVIEW.reservation.partyMax, waitlist: true }
        : null,
    }),
  });
  const pending = await services.organizerEvents.publish({ userId: newVenue, eventId: created.id, locale: LOCALE });
  if (pending.status !== 'pending_review') throw new Error(`Demo admin: the untrusted organizer's event is ${pending.status}, not in review`);

  // The applicant: applied with too little, was asked for more, sent it again.
  const first = await services.admin.applications.apply({
    userId: applicant,
    application: ApplicationInputSchema.parse({ name: PENDING_APPLICATION.name, contact: PENDING_APPLICATION.contact }),
  });
  await services.admin.applications.decide({
    adminId: admin,
    applicationId: first.id,
    decision: { status: 'needs_info', message: 'Pošaljite link ka svojim objavama i navedite prostore u kojima organizujete svirke.' },
  });
  await services.admin.applications.resubmit({ userId: applicant, applicationId: first.id, application: ApplicationInputSchema.parse(PENDING_APPLICATION) });

  // Reports from two guests on two of the demo organizer's programme events: one open, one dismissed.
  const programme = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.published, true), eq(events.status, 'scheduled')))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(8);
  const [reported, spammed] = [programme[4], programme[7]];
  if (!reported || !spammed) throw new Error('Demo admin: not enough published events to report');
  const openReport = await services.admin.reports.create({
    reporter: { subject: `demo-guest-${DEMO_ORGANIZER_SLUG}-1` },
    report: CreateReportSchema.parse({ target_type: 'event', target_id: reported.id, ...OPEN_REPORT }),
  });
  const dismissed = await services.admin.reports.create({
    reporter: { subject: `demo-guest-${DEMO_ORGANIZER_SLUG}-2` },
    report: CreateReportSchema.parse({ target_type: 'event', target_id: spammed.id, reason: 'spam' }),
  });
  await services.admin.reports.resolve({ adminId: admin, reportId: dismissed.id, decision: { status: 'dismissed', note: 'Događaj je proveren, podaci su tačni.' } });

  return { pendingEvent: created.id, application: first.id, openReport: openReport.id, dismissedReport: dismissed.id };
}
