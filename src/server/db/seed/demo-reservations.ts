import { eq } from 'drizzle-orm';
import type { Services } from '../../services';
import { users } from '../schema/auth';
import { DEMO_ACCOUNTS } from './data/accounts';
import { DAY_MS } from '../../../shared/constants';

/**
 * A few reservations of the demo user at the demo organizer's events, so that "My reservations", the
 * bell and the organizer area have something to show on a fresh start. They go through the services, as
 * a person's would: the same rules, audit trail and notifications. The latest events are used, leaving the
 * earliest ones untouched for the browser journeys, which take those by position.
 */
export async function seedDemoReservations(services: Pick<Services, 'database' | 'reservations' | 'organizer'>): Promise<number> {
  const idOf = async (email: string) =>
    (await services.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1))[0]?.id;
  const [guestId, organizerId] = await Promise.all([idOf(DEMO_ACCOUNTS.user.email), idOf(DEMO_ACCOUNTS.organizer.email)]);
  if (!guestId || !organizerId) return 0;

  const { items } = await services.organizer.events({ userId: organizerId, locale: 'sr' });
  const soonest = Date.now() + 2 * DAY_MS;
  const open = (mode: 'instant' | 'approval') =>
    items.filter((event) => event.mode === mode && event.status === 'scheduled' && Date.parse(event.deadline) > soonest).sort((a, b) => b.event_id - a.event_id);
  const [instant] = open('instant');
  const [approvalAsked, approvalPending] = open('approval');
  let made = 0;
  if (instant) {
    await services.reservations.create({ userId: guestId, input: { event_id: instant.event_id, party_size: 2, note: 'Rođendan — ako može, sto bliže bini.' }, locale: 'sr' });
    made += 1;
  }
  if (approvalPending) {
    await services.reservations.create({ userId: guestId, input: { event_id: approvalPending.event_id, party_size: 4 }, locale: 'sr' });
    made += 1;
  }
  if (approvalAsked) {
    const asked = await services.reservations.create({ userId: guestId, input: { event_id: approvalAsked.event_id, party_size: 3, note: 'Dolazimo sa detetom.' }, locale: 'sr' });
    await services.organizer.decide({ userId: organizerId, id: asked.id, decision: { status: 'action_needed', message: 'Da li vam treba stolica za dete?' }, locale: 'sr' });
    made += 1;
  }
  return made;
}
