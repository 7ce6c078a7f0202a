import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Reservation } from '../../shared/schemas/reservations';
import { describeApi } from '../../../tests/support/test-app';
import { users } from '../db/schema';
import { createEvent } from './reservations-fixtures';

const REQUESTS = 200;
const PLACES = 10;

describeApi(
  'reservations under load: never oversold, nothing lost',
  (t) => {
    // Generous limit: on PGlite the 200 requests serialise on one connection, and CI runs files in parallel.
    it(`${REQUESTS} concurrent requests for the last ${PLACES} places give exactly ${PLACES} accepted`, { timeout: 300_000 }, async () => {
      const { services } = t();
      const eventId = await createEvent(services, { capacity: PLACES, mode: 'instant' });
      const rows = Array.from({ length: REQUESTS }, (_, i) => ({
        id: randomUUID(),
        email: `load-${i}-${Date.now()}@test.kuda`,
        firstName: 'Load',
        lastName: `Tester ${i}`,
        phoneNumber: `+38169${String(i).padStart(7, '0')}`,
        phoneVerifiedAt: new Date(),
        role: 'user' as const,
        locale: 'en' as const,
      }));
      await services.database.db.insert(users).values(rows);
      const tokens = await Promise.all(rows.map(async (row) => (await services.auth.issueUserPair({ id: row.id, role: 'user' })).access_token));

      const answers = await Promise.all(
        tokens.map(async (token) => {
          const response = await t().http('/api/v1/reservations', {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ event_id: eventId, party_size: 1 }),
          });
          return { status: response.status, body: (await response.json()) as Reservation & { code?: string } };
        }),
      );

      expect(answers).toHaveLength(REQUESTS);
      expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
      const accepted = answers.filter((answer) => answer.status === 201 && answer.body.status === 'accepted');
      const waitlisted = answers.filter((answer) => answer.status === 201 && answer.body.status === 'waitlisted');
      expect(accepted).toHaveLength(PLACES);
      expect(waitlisted).toHaveLength(REQUESTS - PLACES);
      expect(new Set(accepted.map((answer) => answer.body.code)).size).toBe(PLACES);
      // The waitlist is a proper line: positions 1..190, each once.
      expect(waitlisted.map((answer) => answer.body.waitlist_position).sort((a, b) => Number(a) - Number(b))).toEqual(
        Array.from({ length: REQUESTS - PLACES }, (_, i) => i + 1),
      );
      // …in the order the requests took the event lock. Ids come from the identity sequence inside the
      // locked insert, so ascending id is that order; a position given by transaction start time is not.
      const byLock = [...waitlisted].sort((a, b) => a.body.id - b.body.id);
      expect(byLock.map((answer) => answer.body.waitlist_position)).toEqual(Array.from({ length: REQUESTS - PLACES }, (_, i) => i + 1));
      const line = (await services.database.db.execute(sql`
        SELECT id FROM reservations WHERE event_id = ${eventId} ORDER BY created_at, id`)) as unknown as { rows: { id: number | string }[] };
      const ids = line.rows.map((row) => Number(row.id));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));

      const counted = (await services.database.db.execute(sql`
        SELECT coalesce(sum(party_size), 0)::int AS taken, count(*)::int AS total FROM reservations
        WHERE event_id = ${eventId} AND status IN ('pending', 'action_needed', 'accepted')`)) as unknown as {
        rows: { taken: number; total: number }[];
      };
      expect(Number(counted.rows[0]!.taken)).toBeLessThanOrEqual(PLACES);
      expect(Number(counted.rows[0]!.taken)).toBe(PLACES);
      const all = (await services.database.db.execute(
        sql`SELECT count(*)::int AS n FROM reservations WHERE event_id = ${eventId}`,
      )) as unknown as { rows: { n: number }[] };
      expect(Number(all.rows[0]!.n)).toBe(REQUESTS);
    });
  },
  { env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'kuda-reservations-load-')) } },
);
