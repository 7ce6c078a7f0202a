import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { ForYou } from '../../shared/schemas/for-you';
import type { Problem } from '../../shared/schemas/problem';
import { presetRange } from '../../shared/zoned-time';
import { describeApi, type TestApp } from '../../../tests/support/test-app';
import { waitFor } from '../../../tests/support/wait-for';
import { JobQueue } from '../jobs/job-queue';
import type { MailMessage } from '../notifications/mailer';
import { createUser } from '../reservations/reservations-fixtures';
import { ForYouService, nextDigestAt } from './for-you-service';
import { DAY_MS, HOUR_MS } from '../../shared/constants';

const API = '/api/v1';
type Rows<T> = { rows: T[] };

/** A small world of its own: three venues, an organizer, two categories, a tag, and events around now. */
interface World {
  venues: { dom: number; kolarac: number; ada: number };
  organizer: number;
  categories: { music: number; theatre: number };
  tag: number;
  events: Record<'a1' | 'a2' | 'a3' | 'b1' | 'b2' | 'cancelled' | 'past' | 'draft' | 'old', number>;
}

async function insertWorld(t: TestApp): Promise<World> {
  const db = t.services.database.db;
  const one = async (query: ReturnType<typeof sql>) => Number(((await db.execute(query)) as unknown as Rows<{ id: number | string }>).rows[0]!.id);
  const city = await one(sql`INSERT INTO cities (slug, name) VALUES ('fy-city', '{"sr":"Beograd","en":"Belgrade"}') RETURNING id`);
  const venue = (slug: string, name: string, i18n: Record<string, string> = {}) =>
    one(sql`INSERT INTO venues (slug, city_id, name, name_i18n, street_address, postal_code, locality, lat, lng)
      VALUES (${slug}, ${city}, ${name}, ${JSON.stringify(i18n)}::jsonb, 'Makedonska 22', '11000', 'Beograd', 44.81, 20.46) RETURNING id`);
  const venues = {
    dom: await venue('fy-dom', 'Dom omladine', { en: 'Dom omladine', ru: 'Дом молодёжи' }),
    kolarac: await venue('fy-kolarac', 'Kolarac'),
    ada: await venue('fy-ada', 'Ada'),
  };
  const organizer = await one(sql`INSERT INTO organizers (slug, name) VALUES ('fy-org', 'Bitef teatar') RETURNING id`);
  const categories = {
    music: await one(sql`INSERT INTO categories (slug, name) VALUES ('fy-music', '{"sr":"Muzika","en":"Music","uk":"Музика","ru":"Музыка"}') RETURNING id`),
    theatre: await one(sql`INSERT INTO categories (slug, name) VALUES ('fy-theatre', '{"sr":"Pozorište","en":"Theatre","uk":"Театр","ru":"Театр"}') RETURNING id`),
  };
  const tag = await one(sql`INSERT INTO tags (slug, name) VALUES ('fy-live', '{"sr":"Uživo","en":"Live","uk":"Наживо","ru":"Вживую"}') RETURNING id`);
  const event = async (
    slug: string,
    input: { venue: number; category: number; inHours: number; organizer?: number; status?: string; published?: boolean; createdDaysAgo?: number },
  ) => {
    const startsAt = new Date(Date.now() + input.inHours * HOUR_MS).toISOString();
    const createdAt = new Date(Date.now() - (input.createdDaysAgo ?? 0) * DAY_MS).toISOString();
    return one(sql`INSERT INTO events (slug, title, category_id, venue_id, organizer_id, starts_at, status, published, created_at)
      VALUES (${slug}, ${JSON.stringify({ sr: slug, en: slug })}::jsonb, ${input.category}, ${input.venue}, ${input.organizer ?? null},
        ${startsAt}, ${input.status ?? 'scheduled'}, ${input.published ?? true}, ${createdAt}) RETURNING id`);
  };
  const events: World['events'] = {
    a1: await event('fy-a1', { venue: venues.dom, category: categories.theatre, inHours: 30 }),
    a2: await event('fy-a2', { venue: venues.dom, category: categories.theatre, inHours: 54 }),
    a3: await event('fy-a3', { venue: venues.dom, category: categories.theatre, inHours: 78 }),
    b1: await event('fy-b1', { venue: venues.kolarac, category: categories.music, inHours: 100, organizer }),
    b2: await event('fy-b2', { venue: venues.kolarac, category: categories.music, inHours: 120 }),
    cancelled: await event('fy-cancelled', { venue: venues.ada, category: categories.music, inHours: 40, status: 'cancelled' }),
    past: await event('fy-past', { venue: venues.ada, category: categories.music, inHours: -24 }),
    draft: await event('fy-draft', { venue: venues.ada, category: categories.music, inHours: 40, published: false }),
    old: await event('fy-old', { venue: venues.ada, category: categories.music, inHours: 140, createdDaysAgo: 30 }),
  };
  await db.execute(sql`INSERT INTO event_tags (event_id, tag_id) VALUES (${events.b2}, ${tag})`);
  return { venues, organizer, categories, tag, events };
}

/** The guest token's subject: its saves, follows and visits are stored under it. */
function subjectOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string };
  return payload.sub;
}

describeApi('for you', (t) => {
  let world: World;
  const ids: Record<number, string> = {};
  const slugs = (answer: ForYou) => answer.items.map((item) => ids[item.event.id]);
  const forYou = async (token: string, locale = 'en') => {
    const answer = await t().json<ForYou>('GET', `${API}/events/for-you`, { token, headers: { 'accept-language': locale } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer;
  };
  const db = () => t().services.database.db;
  const owner = (who: { userId?: string; guestId?: string }) => (who.userId ? sql`${who.userId}::uuid, NULL` : sql`NULL, ${who.guestId}::uuid`);
  const follow = (who: { userId?: string; guestId?: string }, kind: string, target: number, since = new Date(Date.now() - DAY_MS)) =>
    db().execute(sql`INSERT INTO follows (user_id, guest_id, kind, target_id, created_at) VALUES (${owner(who)}, ${kind}, ${target}, ${since.toISOString()})`);
  const save = (who: { userId?: string; guestId?: string }, eventId: number) =>
    db().execute(sql`INSERT INTO saved_events (user_id, guest_id, event_id) VALUES (${owner(who)}, ${eventId})`);

  beforeAll(async () => {
    world = await insertWorld(t());
    t().services.catalog.invalidate();
    for (const [key, id] of Object.entries(world.events)) ids[id] = `fy-${key}`;
  });

  it('is empty for a person without signals, and never stored by a shared cache', async () => {
    const guest = await forYou(await t().guestToken());
    expect(guest.body).toEqual({ items: [] });
    expect(guest.headers.get('cache-control')).toMatch(/no-store/);
    expect(guest.headers.get('cache-control')).toMatch(/private/);
    const user = await createUser(t().services);
    expect((await forYou(user.token)).body.items).toEqual([]);
    expect((await t().json<Problem>('GET', `${API}/events/for-you`)).status).toBe(401);
  });

  it('says why, in the reader’s language, and takes at most two events from one venue', async () => {
    const user = await createUser(t().services);
    await follow({ userId: user.id }, 'venue', world.venues.dom);
    const answer = await forYou(user.token);
    // The two soonest of the three; both are new, so the one published last leads.
    expect(slugs(answer.body)).toEqual(['fy-a2', 'fy-a1']);
    expect(answer.body.items[0]!.reason).toEqual({ kind: 'follows_venue', id: world.venues.dom, name: 'Dom omladine', new: true });
    expect(answer.body.items[0]!.event).toMatchObject({ slug: 'fy-a2', venue: { name: 'Dom omladine' }, category: { name: 'Theatre' } });
    expect((await forYou(user.token, 'ru')).body.items[0]!.reason.name).toBe('Дом молодёжи');
    // Someone else's follows say nothing about another person.
    const other = await createUser(t().services);
    expect((await forYou(other.token)).body.items).toEqual([]);
  });

  it('names organizers, tags and categories, and leaves out cancelled, past and unpublished events', async () => {
    const user = await createUser(t().services);
    await follow({ userId: user.id }, 'organizer', world.organizer);
    await follow({ userId: user.id }, 'tag', world.tag);
    await follow({ userId: user.id }, 'category', world.categories.music);
    const answer = await forYou(user.token, 'sr');
    expect(slugs(answer.body).sort()).toEqual(['fy-b1', 'fy-b2', 'fy-old']);
    const reasons = Object.fromEntries(answer.body.items.map((item) => [ids[item.event.id], item.reason]));
    expect(reasons['fy-b1']).toMatchObject({ kind: 'follows_organizer', name: 'Bitef teatar' });
    expect(reasons['fy-b2']).toMatchObject({ kind: 'follows_category', name: 'Muzika' });
    expect(reasons['fy-old']).toMatchObject({ kind: 'follows_category', name: 'Muzika', new: false });
  });

  it('puts events new from what the person follows first, then the score', async () => {
    const user = await createUser(t().services);
    // Following Ada (a venue) weighs more than a tag, but Ada's event was published a month ago.
    await follow({ userId: user.id }, 'venue', world.venues.ada);
    await follow({ userId: user.id }, 'tag', world.tag);
    const answer = await forYou(user.token);
    expect(slugs(answer.body)).toEqual(['fy-b2', 'fy-old']);
    expect(answer.body.items.map((item) => [item.reason.kind, item.reason.new])).toEqual([
      ['follows_tag', true],
      ['follows_venue', false],
    ]);
    // An event published before the person followed is not "new from what they follow".
    const later = await createUser(t().services);
    await follow({ userId: later.id }, 'tag', world.tag, new Date());
    expect((await forYou(later.token)).body.items[0]!.reason.new).toBe(false);
  });

  it('never offers what the person reserved or saved, and learns from both', async () => {
    const user = await createUser(t().services);
    await follow({ userId: user.id }, 'venue', world.venues.dom);
    await db().execute(sql`INSERT INTO reservations (event_id, user_id, status, party_size) VALUES (${world.events.a1}, ${user.id}::uuid, 'accepted', 2)`);
    await save({ userId: user.id }, world.events.a2);
    await save({ userId: user.id }, world.events.b1);
    const answer = await forYou(user.token);
    expect(slugs(answer.body)).toEqual(['fy-a3', 'fy-b2', 'fy-old']);
    expect(answer.body.items[1]!.reason).toMatchObject({ kind: 'saved_venue', name: 'Kolarac', new: false });
  });

  it('gives a guest with saves the row too, from the guest token’s own rows', async () => {
    const register = await t().json<{ access_token: string }>('POST', `${API}/auth/register`, { body: { auth: 'client' } });
    const token = register.body.access_token;
    await save({ guestId: subjectOf(token) }, world.events.b1);
    const answer = await forYou(token);
    expect(slugs(answer.body)).toEqual(['fy-b2', 'fy-old']);
    expect(answer.body.items[0]!.reason).toMatchObject({ kind: 'saved_venue', name: 'Kolarac' });
  });

  it('counts the category listings a person opens, and uses them', async () => {
    const user = await createUser(t().services);
    const visits = async () =>
      ((await db().execute(sql`SELECT visits FROM category_visits WHERE user_id = ${user.id}::uuid AND category_id = ${world.categories.theatre}`)) as unknown as Rows<{ visits: number }>)
        .rows[0]?.visits;
    expect((await t().json('GET', `${API}/events?category=fy-theatre`, { token: user.token })).status).toBe(200);
    await waitFor('the listing visit', async () => (await visits()) === 1);
    expect((await t().json('POST', `${API}/events/for-you/visits`, { token: user.token, body: { category: 'fy-theatre' } })).status).toBe(204);
    await waitFor('the page visit', async () => (await visits()) === 2);
    const answer = await forYou(user.token, 'uk');
    expect(slugs(answer.body)).toEqual(['fy-a1', 'fy-a2']);
    expect(answer.body.items[0]!.reason).toMatchObject({ kind: 'visited_category', name: 'Театр' });
    // A bad slug is a translated 400; an unknown one is simply not counted.
    const bad = await t().json<Problem>('POST', `${API}/events/for-you/visits`, { token: user.token, body: { category: 'Not A Slug' } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_failed');
    expect((await t().json('POST', `${API}/events/for-you/visits`, { token: user.token, body: { category: 'no-such-category' } })).status).toBe(204);
  });

  it('e-mails "this weekend for you" on Thursday, once a week, only to people who asked', async () => {
    const sent: MailMessage[] = [];
    const queue = new JobQueue({ db: db() });
    // The service's clock stands at the coming digest (Thursday morning), whose weekend is still ahead
    // whatever the hour the test runs: from the real clock, late on a Sunday the weekend has an hour left.
    const digestAt = nextDigestAt(new Date());
    const service = new ForYouService({
      db: db(),
      jobs: queue,
      mailer: { send: async (message) => void sent.push(message) },
      publicUrl: 'https://kuda.test',
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      now: () => digestAt,
    });
    const weekend = presetRange('weekend', digestAt, 'Europe/Belgrade');
    const startsAt = new Date(Math.min(weekend.from.getTime() + HOUR_MS, (weekend.to?.getTime() ?? 0) - HOUR_MS) + 60_000);
    const eventId = Number(
      ((await db().execute(sql`INSERT INTO events (slug, title, category_id, venue_id, starts_at)
        VALUES ('fy-weekend', '{"sr":"Vikend žurka","en":"Weekend party"}'::jsonb, ${world.categories.music}, ${world.venues.ada}, ${startsAt.toISOString()})
        RETURNING id`)) as unknown as Rows<{ id: string }>).rows[0]!.id,
    );
    const wants = await createUser(t().services, { locale: 'sr' });
    const silent = await createUser(t().services);
    for (const person of [wants, silent]) await follow({ userId: person.id }, 'venue', world.venues.ada);
    await db().execute(sql`INSERT INTO notification_settings (user_id, email_digest) VALUES (${wants.id}::uuid, true)`);

    await service.scheduleDigest();
    await service.scheduleDigest();
    const scheduled = (await db().execute(sql`SELECT run_at FROM jobs WHERE type = 'foryou.digest_week'`)) as unknown as Rows<{ run_at: string }>;
    expect(scheduled.rows).toHaveLength(1);
    const runAt = new Date(scheduled.rows[0]!.run_at);
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Belgrade', weekday: 'long', hour: '2-digit' }).format(runAt)).toMatch(/^Thursday,? 08$/);

    // Run it now (twice: a second run of the same week sends nothing more).
    for (let run = 0; run < 2; run += 1) {
      await db().execute(sql`UPDATE jobs SET run_at = now() - interval '1 second', status = 'pending' WHERE type = 'foryou.digest_week' AND run_at <= ${runAt.toISOString()}`);
      while ((await queue.runDue(50)) > 0) {
        // a run enqueues one job per person
      }
    }
    const mine = sent.filter((message) => message.to === wants.email);
    expect(mine).toHaveLength(1);
    expect(sent.some((message) => message.to === silent.email)).toBe(false);
    expect(mine[0]!.subject).toBe('Ovog vikenda, za vas');
    expect(mine[0]!.text).toContain('Vikend žurka');
    expect(mine[0]!.text).toContain('Zato što pratite Ada');
    expect(mine[0]!.text).toContain(`https://kuda.test/sr/events/fy-weekend-${eventId}`);
  });
});
