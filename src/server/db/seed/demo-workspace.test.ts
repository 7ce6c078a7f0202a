import { and, eq, inArray, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeApi } from '../../../../tests/support/test-app';
import { localParts } from '../../../shared/zoned-time';
import { PUBLISH_JOB } from '../../organizer/organizer-events-service';
import { events, organizerActivity, organizerInvitations, organizerMembers, venues } from '../schema';
import { users } from '../schema/auth';
import { images } from '../schema/organizer';
import { DEMO_ACCOUNTS } from './data/accounts';
import { DEMO_PHOTOS, OPEN_INVITATION, WORKSPACE_VENUES } from './data/workspace';
import { seedDemoActivity } from './demo-activity';
import type { DemoAdminResult } from './demo-admin';
import type { DemoWorkspaceResult } from './demo-workspace';
import { seedDemo } from './seed';

type Page = { items: { id: number }[]; next_cursor: string | null };
type Rows<T> = { rows: T[] };

let workspace: DemoWorkspaceResult;
let adminDemo: DemoAdminResult;
let startedAt: Date;

// The real app on each database engine (PGlite, and PostgreSQL when TEST_DATABASE_URL is set).
describeApi(
  'demo organizer workspace',
  (t) => {
    const db = () => t().services.database.db;
    const signIn = async (account: { email: string; password: string }) => {
      const { status, body } = await t().json<{ access_token: string }>('POST', '/api/v1/users/email_password_login', {
        token: await t().guestToken(),
        body: { email: account.email, password: account.password },
      });
      expect(status).toBe(200);
      return body.access_token;
    };
    const publicIdsAt = async (venueId: number) => {
      const token = await t().guestToken();
      const ids: number[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `/api/v1/events?venue=${venueId}&limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const { status, body } = await t().json<Page>('GET', query, { token });
        expect(status).toBe(200);
        ids.push(...body.items.map((item) => item.id));
        cursor = body.next_cursor;
      } while (cursor);
      return ids;
    };

    it('gives the demo organizer a venue in each city, named in four languages, with accessibility and capacity', async () => {
      const rows = await db()
        .select()
        .from(venues)
        .where(inArray(venues.slug, Object.values(WORKSPACE_VENUES).map((venue) => venue.slug)));
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(Object.keys(row.nameI18n).sort()).toEqual(['en', 'ru', 'sr', 'uk']);
        expect(row.accessibility).toBeTruthy();
        expect(row.capacity).toBeGreaterThan(0);
      }
      const { status, body } = await t().json<{ items: { city: string }[] }>('GET', '/api/v1/organizer/venues', { token: await signIn(DEMO_ACCOUNTS.organizer) });
      expect(status).toBe(200);
      expect(new Set(body.items.map((venue) => venue.city))).toEqual(new Set(['beograd', 'novi-sad']));
    });

    it('has door staff in the role door (a verified address that joined by invitation) and an open invitation', async () => {
      const [door] = await db().select().from(users).where(eq(users.email, DEMO_ACCOUNTS.door.email));
      expect(door?.emailVerifiedAt).toBeInstanceOf(Date);
      const memberships = await db().select().from(organizerMembers).where(eq(organizerMembers.userId, door!.id));
      expect(memberships.map((membership) => membership.role)).toEqual(['door']);
      expect(workspace.members).toBe(1);

      const open = await db().select().from(organizerInvitations).where(sql`${organizerInvitations.acceptedAt} IS NULL`);
      expect(open.map((invitation) => [invitation.email, invitation.role])).toEqual([[OPEN_INVITATION.email, OPEN_INVITATION.role]]);

      // The door person signs in and reaches the door: the upcoming published events to pick from, no drafts,
      // no team, no event to open for editing.
      const token = await signIn(DEMO_ACCOUNTS.door);
      const listed = await t().json<{ items: { event_id: number; status: string }[] }>('GET', '/api/v1/organizer/events?status=draft', { token });
      expect(listed.status).toBe(200);
      expect(listed.body.items.length).toBeGreaterThan(0);
      for (const item of listed.body.items) expect(['draft', 'pending_review', 'scheduled', 'archived']).not.toContain(item.status);
      expect(listed.body.items.map((item) => item.event_id)).not.toContain(workspace.events.drafts[0]);
      expect((await t().json('GET', `/api/v1/organizer/events/${workspace.events.drafts[0]}`, { token })).status).toBe(403);
      expect((await t().json('GET', '/api/v1/organizer/members', { token })).status).toBe(403);
      // Their account says so, so the web shows them the way to the door.
      const me = await t().json<{ user: { role: string; organizer_role: string | null } }>('GET', '/api/v1/users/get_user', { token });
      expect(me.body.user).toMatchObject({ role: 'user', organizer_role: 'door' });
      expect((await t().json('GET', `/api/v1/organizer/events/${workspace.events.series[0]}/guests`, { token })).status).toBe(200);
      const team = await t().json<{ items: { email: string; role: string; status: string }[] }>('GET', '/api/v1/organizer/members', {
        token: await signIn(DEMO_ACCOUNTS.organizer),
      });
      expect(team.status).toBe(200);
      expect(team.body.items).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ email: DEMO_ACCOUNTS.door.email, role: 'door', status: 'active' }),
          expect.objectContaining({ email: OPEN_INVITATION.email, role: 'manager', status: 'invited' }),
        ]),
      );
    });

    it('keeps the drafts and the scheduled event off the public list, and lists them for the organizer', async () => {
      const venueIds = (await db().select({ id: venues.id }).from(venues).where(inArray(venues.slug, Object.values(WORKSPACE_VENUES).map((venue) => venue.slug)))).map((row) => row.id);
      const visible = new Set((await Promise.all(venueIds.map(publicIdsAt))).flat());
      for (const id of [...workspace.events.drafts, workspace.events.scheduled]) expect(visible.has(id), `event ${id}`).toBe(false);
      // A series is listed once, at its next date; its later dates are the "more dates" of that card.
      const [nextDate, ...laterDates] = workspace.events.series;
      for (const id of [workspace.events.published, nextDate!]) expect(visible.has(id), `event ${id}`).toBe(true);
      for (const id of laterDates) expect(visible.has(id), `event ${id} (a later date of the series)`).toBe(false);

      const { status, body } = await t().json<{ items: { event_id: number; status: string; source_locale: string; titles: Record<string, string> }[] }>(
        'GET',
        '/api/v1/organizer/events?status=draft',
        { token: await signIn(DEMO_ACCOUNTS.organizer) },
      );
      expect(status).toBe(200);
      const drafts = body.items.filter((item) => workspace.events.drafts.includes(item.event_id));
      expect(drafts).toHaveLength(2);
      const languages = drafts.map((draft) => Object.keys(draft.titles).sort().join('+')).sort();
      expect(languages).toEqual(['en+sr', 'sr']);
      const cyrillic = drafts.find((draft) => Object.keys(draft.titles).length === 1)!;
      expect(cyrillic.titles.sr).toMatch(/^[\u0400-\u04ff\s:]+$/);
    });

    it('has the scheduled event publish tomorrow at 10:00 in Belgrade, with its job due then', async () => {
      const [row] = await db().select().from(events).where(eq(events.id, workspace.events.scheduled));
      expect(row).toMatchObject({ publication: 'scheduled', published: false });
      const local = localParts(row!.publishAt!, 'Europe/Belgrade');
      const today = localParts(startedAt, 'Europe/Belgrade');
      expect([local.hour, local.minute]).toEqual([10, 0]);
      expect(Date.UTC(local.year, local.month - 1, local.day) - Date.UTC(today.year, today.month - 1, today.day)).toBe(86_400_000);
      const jobs = (await t().services.database.db.execute(
        sql`SELECT run_at, status FROM jobs WHERE type = ${PUBLISH_JOB} AND payload->>'event_id' = ${String(workspace.events.scheduled)}`,
      )) as unknown as Rows<{ run_at: Date | string; status: string }>;
      expect(jobs.rows).toHaveLength(1);
      expect(new Date(jobs.rows[0]!.run_at).getTime()).toBe(row!.publishAt!.getTime());
    });

    it('has a weekly series of six published Tuesdays at 20:00 with reservations', async () => {
      const rows = await db().select().from(events).where(inArray(events.id, workspace.events.series));
      expect(rows).toHaveLength(6);
      expect(new Set(rows.map((row) => row.seriesId)).size).toBe(1);
      expect(rows[0]!.seriesId).not.toBeNull();
      for (const row of rows) {
        const local = localParts(row.startsAt, 'Europe/Belgrade');
        expect([local.weekday, local.hour, local.minute]).toEqual([2, 20, 0]);
        expect(row).toMatchObject({ publication: 'published', reservable: true });
        expect(row.imageId).toBeTruthy();
      }
      const starts = rows.map((row) => row.startsAt.getTime()).sort((a, b) => a - b);
      for (let i = 1; i < starts.length; i += 1) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(7 * 86_400_000 - 3_600_000);
    });

    it('stores the covers ready, with variants and alt text in four languages, on the workspace events', async () => {
      const rows = await db().select().from(images);
      expect(rows).toHaveLength(DEMO_PHOTOS.length);
      for (const row of rows) {
        expect(row.status).toBe('ready');
        expect(row.width).toBeGreaterThanOrEqual(1600);
        expect(row.height).toBeGreaterThanOrEqual(900);
        expect(new Set(row.variants.map((variant) => variant.format))).toEqual(new Set(['avif', 'webp', 'jpeg']));
        expect(row.variants.some((variant) => variant.crop !== 'full')).toBe(true);
        expect(Object.keys(row.alt).sort()).toEqual(['en', 'ru', 'sr', 'uk']);
        expect(row.dominantColor).toMatch(/^#[0-9a-f]{6}$/i);
      }
      const [published] = await db().select().from(events).where(eq(events.id, workspace.events.published));
      expect(rows.map((row) => row.id)).toContain(published!.imageId);
      const file = await t().http(rows[0]!.variants[0] ? `/media/${rows[0]!.variants[0].hash}.${rows[0]!.variants[0].format === 'jpeg' ? 'jpg' : rows[0]!.variants[0].format}` : '/');
      expect([200, 404]).toContain(file.status);
    });

    it('leaves the admin a review queue, an application, an open report and audit entries (issue 10)', async () => {
      const token = await signIn(DEMO_ACCOUNTS.admin);
      type Listed = { items: { id?: number; event_id?: number; status?: string; target?: { id: number }; target_id?: number }[] };
      const review = await t().json<Listed>('GET', '/api/v1/admin/events?status=pending_review', { token });
      expect(review.status).toBe(200);
      expect(JSON.stringify(review.body)).toContain(`${adminDemo.pendingEvent}`);
      const applications = await t().json<Listed>('GET', '/api/v1/admin/organizer-applications?status=pending', { token });
      expect(applications.body.items.map((item) => item.id)).toContain(adminDemo.application);
      const reports = await t().json<Listed>('GET', '/api/v1/admin/reports?status=open', { token });
      expect(reports.status).toBe(200);
      expect(reports.body.items).toHaveLength(1);
      const audit = await t().json<{ items: { action: string }[] }>('GET', '/api/v1/admin/audit-log', { token });
      expect(audit.body.items.map((item) => item.action)).toEqual(expect.arrayContaining(['application.needs_info', 'report.dismissed']));
      // The untrusted organizer's event is not public while it waits.
      const [row] = await db().select().from(events).where(eq(events.id, adminDemo.pendingEvent));
      expect(row).toMatchObject({ publication: 'pending_review', published: false });
      const owner = await signIn(DEMO_ACCOUNTS.newVenue);
      expect((await t().json('GET', `/api/v1/organizer/events/${adminDemo.pendingEvent}`, { token: owner })).status).toBe(200);
    });

    it('leaves the changes in the activity log', async () => {
      const rows = await db()
        .select({ action: organizerActivity.action })
        .from(organizerActivity)
        .where(and(sql`true`));
      const actions = rows.map((row) => row.action);
      expect(actions).toEqual(
        expect.arrayContaining(['venue.updated', 'member.invited', 'member.joined', 'event.created', 'event.published', 'event.scheduled', 'series.created', 'event.edited']),
      );
    });
  },
  {
    prepare: async (services) => {
      startedAt = new Date();
      await seedDemo(services.database);
      const result = await seedDemoActivity(services);
      expect(result.reservations).toBe(3);
      workspace = result.workspace!;
      expect(workspace).toBeTruthy();
      adminDemo = result.admin!;
      expect(adminDemo).toBeTruthy();
    },
  },
);
