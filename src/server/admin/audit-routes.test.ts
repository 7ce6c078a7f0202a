import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeApi } from '../../../tests/support/test-app';
import type { AuditPage } from '../../shared/schemas/admin-audit';
import type { Problem } from '../../shared/schemas/problem';
import { createWorkspace } from '../organizer/organizer-team-fixtures';
import { createUser, type TestUser } from '../reservations/reservations-fixtures';
import { recordAudit } from './audit-log';

const API = '/api/v1';
type Answer = AuditPage & Problem;

/** The message of a refused query, wherever the driver wrapping it put the database's own words. */
async function refusal(query: Promise<unknown>): Promise<string> {
  try {
    await query;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return `${String(error)} ${cause instanceof Error ? cause.message : String(cause)}`;
  }
  return 'accepted';
}

describeApi('admin: audit log', (t) => {
  let admin: TestUser;
  let other: TestUser;
  const read = (query: string) => t().json<Answer>('GET', `${API}/admin/audit-log${query}`, { token: admin.token, headers: { 'accept-language': 'en' } });

  beforeAll(async () => {
    admin = await createUser(t().services, { role: 'admin', firstName: 'Ada' });
    other = await createUser(t().services, { role: 'admin', firstName: 'Bora' });
    const db = t().services.database.db;
    for (let i = 1; i <= 60; i++) {
      await recordAudit(db, {
        actorUserId: i % 2 ? admin.id : other.id,
        action: 'category.renamed',
        targetType: 'audit_test',
        targetId: i <= 3 ? 'first' : `n${i}`,
        before: { name: `old ${i}` },
        after: { name: `new ${i}` },
        reason: i === 60 ? 'Typo' : null,
      });
    }
    await recordAudit(db, { actorUserId: null, action: 'event.published', targetType: 'audit_test_system', targetId: 1 });
  });

  it('answers newest first with who (name and e-mail), what, target, before → after, reason and when', async () => {
    const { status, body } = await read('?target_type=audit_test');
    expect(status).toBe(200);
    expect(body.items).toHaveLength(50);
    expect(body.items[0]).toEqual({
      id: expect.any(Number),
      actor: { id: other.id, name: 'Bora Test', email: other.email },
      action: 'category.renamed',
      target_type: 'audit_test',
      target_id: 'n60',
      before: { name: 'old 60' },
      after: { name: 'new 60' },
      reason: 'Typo',
      created_at: expect.any(String),
    });
    const ids = body.items.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const system = await read('?target_type=audit_test_system');
    expect(system.body.items[0]?.actor).toBeNull();
  });

  it('pages with the cursor, none twice and none left out', async () => {
    const first = await read('?target_type=audit_test');
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await read(`?target_type=audit_test&cursor=${first.body.next_cursor}`);
    expect(second.body.items).toHaveLength(10);
    expect(second.body.next_cursor).toBeNull();
    const all = [...first.body.items, ...second.body.items].map((entry) => entry.target_id);
    expect(new Set(all).size).toBe(58); // 'first' names three entries
    expect((await read('?cursor=%%%')).status).toBe(400);
  });

  it('filters by actor, by target type and by target', async () => {
    const byActor = await read(`?actor=${admin.id}&target_type=audit_test`);
    expect(byActor.body.items.length).toBeGreaterThan(0);
    expect(byActor.body.items.every((entry) => entry.actor?.id === admin.id)).toBe(true);
    const byTarget = await read('?target_type=audit_test&target_id=first');
    expect(byTarget.body.items.map((entry) => entry.before)).toEqual([{ name: 'old 3' }, { name: 'old 2' }, { name: 'old 1' }]);
    expect((await read('?actor=not-a-uuid')).body.errors).toHaveProperty('actor');
    expect((await read('?target=1')).status).toBe(400);
  });

  it('has no call that changes or deletes an entry', async () => {
    const [entry] = (await read('?target_type=audit_test')).body.items;
    for (const method of ['PATCH', 'PUT', 'DELETE', 'POST']) {
      for (const path of ['/admin/audit-log', `/admin/audit-log/${entry!.id}`]) {
        const { status } = await t().json(method, `${API}${path}`, { token: admin.token, body: method === 'DELETE' ? undefined : { reason: 'rewrite' } });
        expect([404, 405], `${method} ${path}`).toContain(status);
      }
    }
    expect((await read(`?target_type=audit_test&target_id=n60`)).body.items[0]?.after).toEqual({ name: 'new 60' });
  });

  it('is refused by the database itself when anything updates or deletes it', async () => {
    const db = t().services.database.db;
    expect(await refusal(db.execute(sql`UPDATE audit_log SET reason = 'rewritten' WHERE target_type = 'audit_test'`))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`DELETE FROM audit_log WHERE target_type = 'audit_test'`))).toMatch(/append-only/);
    const rows = (await db.execute(sql`SELECT count(*) AS n, count(*) FILTER (WHERE reason = 'rewritten') AS rewritten FROM audit_log WHERE target_type = 'audit_test'`)) as unknown as {
      rows: { n: number | string; rewritten: number | string }[];
    };
    expect(rows.rows.map((row) => [Number(row.n), Number(row.rewritten)])).toEqual([[60, 0]]);
  });

  it("writes the organizer team's invitations, role changes and removals with their activity", async () => {
    const w = await createWorkspace(t().services);
    const team = (method: string, path: string, body?: unknown) => t().json(method, `${API}/organizer/members${path}`, { token: w.owner.token, body });
    expect((await team('PATCH', `/${w.manager.id}`, { role: 'viewer' })).status).toBe(200);
    expect((await team('DELETE', `/${w.door.id}`)).status).toBe(204);
    const invited = await team('POST', '', { email: `new-${Date.now()}@example.test`, role: 'door' });
    expect(invited.status).toBe(201);
    const changed = await read(`?target_type=organizer_member&target_id=${w.manager.id}`);
    expect(changed.body.items).toEqual([
      expect.objectContaining({
        action: 'member.role_changed',
        actor: expect.objectContaining({ id: w.owner.id }),
        before: { organizer_id: w.organizer, role: 'manager' },
        after: { organizer_id: w.organizer, role: 'viewer' },
      }),
    ]);
    const removed = await read(`?target_type=organizer_member&target_id=${w.door.id}`);
    expect(removed.body.items).toEqual([expect.objectContaining({ action: 'member.removed', before: { organizer_id: w.organizer, role: 'door' }, after: null })]);
    const byOwner = await read(`?actor=${w.owner.id}`);
    expect(byOwner.body.items.map((entry) => entry.action)).toEqual(['member.invited', 'member.removed', 'member.role_changed']);
  });
});
