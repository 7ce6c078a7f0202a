import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeApi } from '../../../tests/support/test-app';
import type { EventNote, NoteThread, ReviewEvent, ReviewList } from '../../shared/schemas/admin-moderation';
import type { OrganizerEvent } from '../../shared/schemas/organizer-workspace';
import type { Problem } from '../../shared/schemas/problem';
import type { NotificationList } from '../../shared/schemas/reservations';
import { createOrganizerFixture, eventBody, type OrganizerFixture } from '../organizer/organizer-events-test-kit';
import { createUser, drainJobs, type TestUser } from '../reservations/reservations-fixtures';
import { accountsEnv, mailTo } from '../users/users-test-kit';

const API = '/api/v1';
const env = accountsEnv();
type Rows<T> = { rows: T[] };
/** An answer's body: what the route returns, or a problem (its code and field errors). */
type Answer<T> = T & Pick<Partial<Problem>, 'code' | 'detail'> & { errors?: Record<string, string[]> };

describeApi(
  'event review API',
  (t) => {
    let org: OrganizerFixture;
    let rival: OrganizerFixture;
    let admin: TestUser;
    const call = <T = unknown>(method: string, path: string, token: string | undefined, body?: unknown) =>
      t().json<Answer<T>>(method, `${API}${path}`, { token, body, headers: { 'accept-language': 'en' } });
    const rows = async <T>(query: ReturnType<typeof sql>) => ((await t().services.database.db.execute(query)) as unknown as Rows<T>).rows;
    /** A new event of the untrusted organizer, sent to review by its "publish". */
    const submitted = async (overrides: Record<string, unknown> = {}) => {
      const created = await call<{ event: OrganizerEvent }>('POST', '/organizer/events', org.owner.token, eventBody(org, overrides));
      const sent = await call<{ event: OrganizerEvent }>('POST', `/organizer/events/${created.body.event.id}/publish`, org.owner.token, {});
      expect(sent.body.event.status).toBe('pending_review');
      return created.body.event.id;
    };
    const decide = (id: number, body: unknown) => call<ReviewEvent>('POST', `/admin/events/${id}/moderation`, admin.token, body);
    const trail = async (id: number) => ({
      history: await rows<{ action: string; from_state: string; to_state: string; message: string | null }>(
        sql`SELECT action, from_state, to_state, message FROM event_history WHERE event_id = ${id} AND action NOT IN ('created', 'publish') ORDER BY id`,
      ),
      notes: await rows<{ author_side: string; body: string }>(sql`SELECT author_side, body FROM event_notes WHERE event_id = ${id} ORDER BY id`),
      notices: await rows<{ user_id: string; data: Record<string, unknown> }>(
        sql`SELECT user_id, data FROM notifications WHERE type = 'event_review' AND (data ->> 'event_id')::bigint = ${id} ORDER BY user_id`,
      ),
      audit: await rows<{ action: string; before: unknown; after: unknown; reason: string | null }>(
        sql`SELECT action, before, after, reason FROM audit_log WHERE target_type = 'event' AND target_id = ${String(id)} ORDER BY id`,
      ),
    });

    beforeAll(async () => {
      org = await createOrganizerFixture(t().services, { trusted: false });
      rival = await createOrganizerFixture(t().services);
      admin = await createUser(t().services, { role: 'admin' });
    });

    it('lists the events waiting for review and refuses a bad cursor', async () => {
      const id = await submitted();
      const queue = await call<ReviewList>('GET', '/admin/events?status=pending_review&limit=100', admin.token);
      expect(queue.status).toBe(200);
      expect(queue.body.items.find((item) => item.id === id)).toMatchObject({ status: 'pending_review', organizer: { id: org.organizerId, trusted: false } });
      expect((await call('GET', '/admin/events?cursor=nope', admin.token)).status).toBe(400);
      const page = await call<ReviewList>('GET', '/admin/events?limit=1', admin.token);
      expect(page.body.items).toHaveLength(1);
    });

    it('approves: published and public, one history line, a notice to owner and manager, one e-mail each, the audit entry', async () => {
      const id = await submitted();
      const answer = await decide(id, { decision: 'approve' });
      expect(answer.status).toBe(200);
      expect(answer.body.event.status).toBe('published');
      expect(answer.body.event.url).not.toBeNull();
      const { history, notes, notices, audit } = await trail(id);
      expect(history).toEqual([{ action: 'approve', from_state: 'pending_review', to_state: 'published', message: null }]);
      expect(notes).toEqual([]);
      expect(notices.map((notice) => notice.user_id).sort()).toEqual([org.owner.id, org.manager.id].sort());
      expect(audit).toEqual([{ action: 'event.approved', before: { publication: 'pending_review' }, after: { publication: 'published' }, reason: null }]);
      await drainJobs(t().services);
      await drainJobs(t().services);
      expect(mailTo(env.DATA_DIR!, org.owner.email).filter((mail) => mail.text.includes(`/organizer/events/${id}`))).toHaveLength(1);
      expect(mailTo(env.DATA_DIR!, org.viewer.email)).toHaveLength(0);
      const bell = await call<NotificationList>('GET', '/notifications', org.manager.token);
      expect(bell.body.items[0]).toMatchObject({ type: 'event_review', title: 'Your event is published', link: `/en/organizer/events/${id}` });
      // Decided once: a second decision is a conflict.
      expect((await decide(id, { decision: 'reject', message: 'Too late' })).body.code).toBe('event_transition');
    });

    it('approves an event whose publication time is ahead as scheduled', async () => {
      const created = await call<{ event: OrganizerEvent }>('POST', '/organizer/events', org.owner.token, eventBody(org));
      const at = new Date(Date.now() + 2 * 86_400_000).toISOString();
      await call('POST', `/organizer/events/${created.body.event.id}/publish`, org.owner.token, { publish_at: at });
      const answer = await decide(created.body.event.id, { decision: 'approve' });
      expect(answer.body.event.status).toBe('scheduled');
      expect(await rows(sql`SELECT count(*)::int AS n FROM jobs WHERE type = 'event.publish' AND (payload ->> 'event_id')::bigint = ${created.body.event.id}`)).toEqual([{ n: 1 }]);
    });

    it('requests changes: back to draft, the note in the thread and as the last decision the editor shows; resubmitting goes to review again', async () => {
      const id = await submitted();
      expect((await decide(id, { decision: 'request_changes' })).status).toBe(400);
      const answer = await decide(id, { decision: 'request_changes', message: 'Add an English title, please.' });
      expect(answer.body.event.status).toBe('draft');
      const { history, notes, notices, audit } = await trail(id);
      expect(history).toEqual([{ action: 'request_changes', from_state: 'pending_review', to_state: 'draft', message: 'Add an English title, please.' }]);
      expect(notes).toEqual([{ author_side: 'admin', body: 'Add an English title, please.' }]);
      expect(notices[0]?.data).toMatchObject({ kind: 'changes_requested', event_id: id, message: 'Add an English title, please.' });
      expect(audit.map((entry) => entry.action)).toEqual(['event.changes_requested']);

      const thread = await call<NoteThread>('GET', `/organizer/events/${id}/notes`, org.viewer.token);
      expect(thread.body.last_decision).toMatchObject({ decision: 'request_changes', message: 'Add an English title, please.' });
      expect(thread.body.items.map((note) => note.author_side)).toEqual(['admin']);
      const reply = await call<EventNote>('POST', `/organizer/events/${id}/notes`, org.manager.token, { body: 'Done, thank you.' });
      expect(reply.status).toBe(201);
      expect(reply.body).toMatchObject({ author_side: 'organizer', body: 'Done, thank you.' });
      const again = await call<{ event: OrganizerEvent }>('POST', `/organizer/events/${id}/publish`, org.owner.token, {});
      expect(again.body.event.status).toBe('pending_review');
      const adminView = await call<ReviewEvent>('GET', `/admin/events/${id}`, admin.token);
      expect(adminView.body.thread.items.map((note) => note.body)).toEqual(['Add an English title, please.', 'Done, thank you.']);
      expect(adminView.body.organizer).toMatchObject({ id: org.organizerId, trusted: false });
    });

    it('rejects: archived, never public, the reason kept in history, note, notice and audit', async () => {
      const id = await submitted();
      const answer = await decide(id, { decision: 'reject', message: 'Not an event in the city.' });
      expect(answer.body.event).toMatchObject({ status: 'archived', url: null });
      const { history, notes, audit } = await trail(id);
      expect(history[0]).toMatchObject({ action: 'reject', to_state: 'archived' });
      expect(notes).toHaveLength(1);
      expect(audit).toEqual([{ action: 'event.rejected', before: { publication: 'pending_review' }, after: { publication: 'archived' }, reason: 'Not an event in the city.' }]);
      expect((await call('GET', `/events/${id}`, await t().guestToken())).status).toBe(404);
    });

    it('writes nothing when the notification cannot be written (one transaction)', async () => {
      const id = await submitted();
      const db = t().services.database.db;
      await db.execute(sql`CREATE FUNCTION test_refuse_review_notice() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.type = 'event_review' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END; $$`);
      await db.execute(sql`CREATE TRIGGER test_refuse_review_notice BEFORE INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION test_refuse_review_notice()`);
      try {
        const answer = await decide(id, { decision: 'request_changes', message: 'Fix the date.' });
        expect(answer.status).toBe(500);
      } finally {
        await db.execute(sql`DROP TRIGGER test_refuse_review_notice ON notifications`);
        await db.execute(sql`DROP FUNCTION test_refuse_review_notice()`);
      }
      expect(await trail(id)).toEqual({ history: [], notes: [], notices: [], audit: [] });
      expect(await rows(sql`SELECT publication FROM events WHERE id = ${id}`)).toEqual([{ publication: 'pending_review' }]);
      expect(await rows(sql`SELECT count(*)::int AS n FROM jobs WHERE type = 'notice.email' AND payload -> 'data' ->> 'event_id' = ${String(id)}`)).toEqual([{ n: 0 }]);
    });

    it('keeps the thread between admins and the event organizer: an admin note is told and audited, others get 404 or 403', async () => {
      const id = await submitted();
      const note = await call<EventNote>('POST', `/admin/events/${id}/notes`, admin.token, { body: 'Is the poster yours?' });
      expect(note.status).toBe(201);
      expect(note.body.author_side).toBe('admin');
      expect((await call('POST', `/admin/events/${id}/notes`, admin.token, { body: '   ' })).status).toBe(400);
      const { notices, audit } = await trail(id);
      expect(notices.map((notice) => notice.data.kind)).toEqual(['note', 'note']);
      expect(audit.map((entry) => entry.action)).toEqual(['event.note_added']);
      const adminThread = await call<NoteThread>('GET', `/admin/events/${id}/notes`, admin.token);
      expect(adminThread.body.items.map((item) => item.body)).toEqual(['Is the poster yours?']);

      expect((await call('GET', `/organizer/events/${id}/notes`, rival.owner.token)).status).toBe(404);
      expect((await call('POST', `/organizer/events/${id}/notes`, rival.owner.token, { body: 'Hi' })).status).toBe(404);
      expect((await call('POST', `/organizer/events/${id}/notes`, org.viewer.token, { body: 'Hi' })).status).toBe(403);
      const outsider = await createUser(t().services);
      expect((await call('GET', `/organizer/events/${id}/notes`, outsider.token)).status).toBe(403);
      expect((await call('GET', `/admin/events/${id}/notes`, org.owner.token)).status).toBe(403);
      expect((await call('GET', '/admin/events/999999999/notes', admin.token)).status).toBe(404);
    });
  },
  { env },
);
