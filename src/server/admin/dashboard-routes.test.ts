import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeApi } from '../../../tests/support/test-app';
import type { AdminDashboard } from '../../shared/schemas/admin-audit';
import { createEvent, createUser } from '../reservations/reservations-fixtures';

describeApi('admin: dashboard', (t) => {
  it('counts what waits: open applications, events in review, reported targets and reports, suspended users', async () => {
    const admin = await createUser(t().services, { role: 'admin' });
    const read = async () => (await t().json<AdminDashboard>('GET', '/api/v1/admin/dashboard', { token: admin.token })).body;
    const before = await read();
    const db = t().services.database.db;
    const applicants = await Promise.all([1, 2, 3, 4].map(() => createUser(t().services)));
    for (const [index, status] of (['pending', 'pending', 'needs_info', 'approved'] as const).entries()) {
      await db.execute(sql`INSERT INTO organizer_applications (user_id, name, contact, status) VALUES (${applicants[index]!.id}, 'Klub', 'klub@example.test', ${status})`);
    }
    const inReview = await createEvent(t().services);
    await createEvent(t().services);
    await db.execute(sql`UPDATE events SET publication = 'pending_review', published = false WHERE id = ${inReview}`);
    for (const [type, id, status] of [
      ['event', 1, 'open'],
      ['event', 1, 'open'],
      ['venue', 1, 'open'],
      ['event', 2, 'resolved'],
    ] as const) {
      await db.execute(sql`INSERT INTO reports (target_type, target_id, reason, reporter_subject, status) VALUES (${type}, ${id}, 'spam', 'guest-1', ${status})`);
    }
    await db.execute(sql`UPDATE users SET status = 'suspended' WHERE id = ${applicants[3]!.id}`);

    const after = await read();
    const delta = Object.fromEntries(Object.entries(after).map(([key, value]) => [key, value - before[key as keyof AdminDashboard]]));
    expect(delta).toEqual({ applications: 2, applications_needing_info: 1, review: 1, reports: 2, open_reports: 3, suspended_users: 1 });
  });
});
