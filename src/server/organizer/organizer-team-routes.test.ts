import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { Problem } from '../../shared/schemas/problem';
import { describeApi } from '../../../tests/support/test-app';
import { createOrganizer, createUser, drainJobs } from '../reservations/reservations-fixtures';
import { mailTo } from '../users/users-test-kit';
import { addMember, createWorkspace, type Workspace } from './organizer-team-fixtures';

const API = '/api/v1';
const en = { 'accept-language': 'en' };
interface Member {
  id: string;
  email: string;
  name: string | null;
  role: string;
  status: 'active' | 'invited';
}
interface ActivityPage {
  items: {
    id: number;
    action: string;
    target_type: string;
    target_id: string;
    actor: { id: string | null; name: string | null };
    details: Record<string, unknown>;
  }[];
  next_cursor: string | null;
}
type Answer = Member & ActivityPage & Omit<Problem, 'status'> & { items: never };

let n = 0;
const address = (name: string) => `${name}.${Date.now().toString(36)}.${(n += 1)}@example.com`;

describeApi(
  'organizer: team and activity',
  (t) => {
    let w: Workspace;
    const call = <T = Answer>(method: string, path: string, token?: string, payload?: unknown) =>
      t().json<T>(method, `${API}${path}`, {
        token,
        body: payload,
        headers: en,
      });
    const members = async (token: string) => (await call<{ items: Member[] }>('GET', '/organizer/members', token)).body.items;
    const activity = async (token: string) => (await call<ActivityPage>('GET', '/organizer/activity', token)).body.items;
    /** A user who signs in with `email`, proven or not. */
    const userWithEmail = async (email: string, proven: boolean) => {
      const user = await createUser(t().services);
      await t().services.database.db.execute(
        sql`UPDATE users SET email = ${email}, email_verified_at = ${proven ? sql`now()` : null} WHERE id = ${user.id}`,
      );
      return user;
    };

    beforeAll(async () => {
      w = await createWorkspace(t().services);
    });

    it('invites an address: listed as invited, e-mailed a link to the organizer area, written in the activity log', async () => {
      const email = address('Mila');
      const invited = await call('POST', '/organizer/members', w.owner.token, {
        email,
        role: 'door',
      });
      expect(invited.status).toBe(201);
      expect(invited.body).toMatchObject({
        email,
        role: 'door',
        status: 'invited',
        name: null,
      });
      expect(invited.headers.get('cache-control')).toBe('private, no-store');
      expect(await members(w.viewer.token)).toEqual(expect.arrayContaining([expect.objectContaining({ id: invited.body.id, status: 'invited' })]));
      await drainJobs(t().services);
      const [mail, ...more] = mailTo(t().services.config.DATA_DIR, email);
      expect(more).toHaveLength(0);
      expect(mail!.subject).toContain('You are invited to Organizer');
      expect(mail!.text).toContain('Olga Test invited you');
      expect(mail!.text).toContain('as door staff');
      expect(mail!.text).toMatch(/https?:\/\/[^/\s]+\/en\/organizer\b/);
      expect((await activity(w.owner.token))[0]).toMatchObject({
        action: 'member.invited',
        target_type: 'invitation',
        target_id: invited.body.id,
        actor: { id: w.owner.id, name: 'Olga Test' },
        details: { email, role: 'door' },
      });
    });

    it('makes the invited person a member when they sign in with the proven address, never with an unproven one', async () => {
      const email = address('Petar');
      const invited = await call('POST', '/organizer/members', w.owner.token, {
        email: email.toUpperCase(),
        role: 'viewer',
      });
      const invitee = await userWithEmail(email, false);
      const refused = await call('GET', '/organizer/members', invitee.token);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('organizer_required');
      await t().services.database.db.execute(sql`UPDATE users SET email_verified_at = now() WHERE id = ${invitee.id}`);
      const list = await members(invitee.token);
      expect(list).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            id: invitee.id,
            role: 'viewer',
            status: 'active',
          }),
        ]),
      );
      expect(list.map((member) => member.id)).not.toContain(invited.body.id);
      expect((await activity(w.owner.token))[0]).toMatchObject({
        action: 'member.joined',
        target_id: invitee.id,
      });
    });

    it('refuses to invite a member or an address already invited (409), and bad input (400)', async () => {
      const member = await call('POST', '/organizer/members', w.owner.token, {
        email: w.manager.email,
        role: 'viewer',
      });
      expect(member.status).toBe(409);
      expect(member.body.code).toBe('already_member');
      const email = address('Twice');
      await call('POST', '/organizer/members', w.owner.token, {
        email,
        role: 'viewer',
      });
      const twice = await call('POST', '/organizer/members', w.owner.token, {
        email,
        role: 'manager',
      });
      expect(twice.status).toBe(409);
      expect(twice.body.code).toBe('already_invited');
      expect(
        (
          await call('POST', '/organizer/members', w.owner.token, {
            email: 'not-an-address',
            role: 'viewer',
          })
        ).status,
      ).toBe(400);
      expect(
        (
          await call('POST', '/organizer/members', w.owner.token, {
            email: address('x'),
            role: 'admin',
          })
        ).status,
      ).toBe(400);
      expect((await call('PATCH', `/organizer/members/${w.viewer.id}`, w.owner.token, { role: 'boss' })).status).toBe(400);
    });

    it('changes roles and removes members and invitations, each change in the activity log', async () => {
      const member = await addMember(t().services, w.organizer, 'viewer');
      const changed = await call('PATCH', `/organizer/members/${member.id}`, w.owner.token, { role: 'manager' });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({
        id: member.id,
        role: 'manager',
        status: 'active',
      });
      const invitation = await call('POST', '/organizer/members', w.owner.token, { email: address('Later'), role: 'viewer' });
      const retargeted = await call('PATCH', `/organizer/members/${invitation.body.id}`, w.owner.token, { role: 'door' });
      expect(retargeted.body).toMatchObject({
        id: invitation.body.id,
        role: 'door',
        status: 'invited',
      });
      expect((await call('DELETE', `/organizer/members/${member.id}`, w.owner.token)).status).toBe(204);
      expect((await call('DELETE', `/organizer/members/${invitation.body.id}`, w.owner.token)).status).toBe(204);
      const ids = (await members(w.owner.token)).map((entry) => entry.id);
      expect(ids).not.toContain(member.id);
      expect(ids).not.toContain(invitation.body.id);
      // The removed member is out at once.
      expect((await call('GET', '/organizer/members', member.token)).status).toBe(403);
      expect((await call('DELETE', `/organizer/members/${member.id}`, w.owner.token)).status).toBe(404);
      const log = await activity(w.owner.token);
      expect(log.slice(0, 4).map((entry) => `${entry.action} ${entry.target_id}`)).toEqual([
        `invitation.withdrawn ${invitation.body.id}`,
        `member.removed ${member.id}`,
        `invitation.role_changed ${invitation.body.id}`,
        `member.invited ${invitation.body.id}`,
      ]);
      expect(log[4]).toMatchObject({
        action: 'member.role_changed',
        target_id: member.id,
        details: { from: 'viewer', to: 'manager' },
      });
    });

    it('never demotes or removes the last owner; with two owners one may step down', async () => {
      const owner = await createUser(t().services);
      const organizer = await createOrganizer(t().services, [owner.id]);
      const demoted = await call('PATCH', `/organizer/members/${owner.id}`, owner.token, { role: 'manager' });
      expect(demoted.status).toBe(409);
      expect(demoted.body.code).toBe('last_owner');
      expect((await call('DELETE', `/organizer/members/${owner.id}`, owner.token)).body.code).toBe('last_owner');
      const second = await addMember(t().services, organizer, 'owner');
      // Both owners step down at once: one of them must stay owner.
      const [a, b] = await Promise.all([
        call('PATCH', `/organizer/members/${owner.id}`, second.token, {
          role: 'viewer',
        }),
        call('PATCH', `/organizer/members/${second.id}`, owner.token, {
          role: 'viewer',
        }),
      ]);
      // The second change waits for the first, then finds its author no owner any more (403) or the last owner (409).
      expect([a.status, b.status].filter((status) => status === 200)).toHaveLength(1);
      const owners = (await members(a.status === 200 ? owner.token : second.token)).filter((member) => member.role === 'owner');
      expect(owners).toHaveLength(1);
    });

    it('pages through the activity log with a cursor, newest first', async () => {
      const owner = await createUser(t().services);
      const organizer = await createOrganizer(t().services, [owner.id]);
      await t().services.database.db.execute(sql`
        INSERT INTO organizer_activity (organizer_id, actor_user_id, action, target_type, target_id)
        SELECT ${organizer}, ${owner.id}, 'venue.updated', 'venue', g::text FROM generate_series(1, 60) AS g`);
      const first = await call<ActivityPage>('GET', '/organizer/activity', owner.token);
      expect(first.body.items).toHaveLength(50);
      expect(first.body.items[0]!.target_id).toBe('60');
      const second = await call<ActivityPage>('GET', `/organizer/activity?cursor=${first.body.next_cursor}`, owner.token);
      expect(second.body.items.map((item) => item.target_id)).toEqual(['10', '9', '8', '7', '6', '5', '4', '3', '2', '1']);
      expect(second.body.next_cursor).toBeNull();
      expect((await call('GET', '/organizer/activity?cursor=%%%', owner.token)).status).toBe(400);
    });

    it('lets only owners change the team; door staff read neither team nor log; viewers read both', async () => {
      const target = `/organizer/members/${w.viewer.id}`;
      for (const member of [w.manager, w.door, w.viewer]) {
        const invite = await call('POST', '/organizer/members', member.token, {
          email: address('no'),
          role: 'viewer',
        });
        expect(invite.status).toBe(403);
        expect(invite.body.code).toBe('organizer_role_required');
        expect((await call('PATCH', target, member.token, { role: 'owner' })).status).toBe(403);
        expect((await call('DELETE', target, member.token)).status).toBe(403);
      }
      expect((await call('GET', '/organizer/members', w.door.token)).status).toBe(403);
      expect((await call('GET', '/organizer/activity', w.door.token)).status).toBe(403);
      expect((await call('GET', '/organizer/members', w.viewer.token)).status).toBe(200);
      expect((await call('GET', '/organizer/activity', w.viewer.token)).status).toBe(200);
      expect((await call('GET', '/organizer/activity', w.manager.token)).status).toBe(200);
    });

    it('keeps organizers apart: another organizer’s owner cannot see or touch this team', async () => {
      const rivalView = (await members(w.rivalOwner.token)).map((member) => member.id);
      expect(rivalView).not.toContain(w.owner.id);
      expect((await call('PATCH', `/organizer/members/${w.viewer.id}`, w.rivalOwner.token, { role: 'owner' })).status).toBe(404);
      expect((await call('DELETE', `/organizer/members/${w.viewer.id}`, w.rivalOwner.token)).status).toBe(404);
      const invitation = await call('POST', '/organizer/members', w.owner.token, { email: address('Ours'), role: 'viewer' });
      expect((await call('DELETE', `/organizer/members/${invitation.body.id}`, w.rivalOwner.token)).status).toBe(404);
      expect((await activity(w.rivalOwner.token)).some((entry) => entry.target_id === invitation.body.id)).toBe(false);
      expect((await members(w.owner.token)).find((member) => member.id === w.viewer.id)?.role).toBe('viewer');
    });

    it('refuses outsiders (403) and guests (401) on every team route', async () => {
      const routes = [
        ['GET', '/organizer/members', undefined],
        ['POST', '/organizer/members', { email: address('o'), role: 'viewer' }],
        ['PATCH', `/organizer/members/${w.viewer.id}`, { role: 'owner' }],
        ['DELETE', `/organizer/members/${w.viewer.id}`, undefined],
        ['GET', '/organizer/activity', undefined],
      ] as const;
      for (const [method, path, payload] of routes) {
        const outsider = await call(method, path, w.outsider.token, payload);
        expect(outsider.status, `${method} ${path}`).toBe(403);
        expect(outsider.body.code).toBe('organizer_required');
        expect((await call(method, path, await t().guestToken(), payload)).status, `${method} ${path}`).toBe(401);
      }
    });
  },
  { env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'kuda-team-')) } },
);
