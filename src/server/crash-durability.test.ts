import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../tests/support/server-process';
import { databaseKinds, type DatabaseKind } from '../../tests/support/test-db';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { users } from './db/schema';
import { createEvent } from './reservations/reservations-fixtures';
import type { Services } from './services';
import { hashPassword } from './users/passwords';

/**
 * kill -9 (issue #13): the real server process (`tsx src/server/server.ts --api-only`), taking
 * registrations and reservations from many clients at once, is killed without warning while answers are
 * still in flight. Every registration and reservation it acknowledged (201) must be in the database when it
 * comes back: on the embedded database after its crash recovery, and on PostgreSQL.
 */

const PEOPLE = 24;
const PASSWORD = 'Crash-test!2026';
const JWT_SECRET = 'crash-test-secret-crash-test-secret-0123';

function startServer(env: Record<string, string>): Promise<ServerProcess> {
  return startServerProcess({ REDIS_URL: '', SEED_DEMO: 'never', SMS_PROVIDER: 'log', TRUST_PROXY: 'true', JWT_SECRET, ...env });
}

async function post<T>(port: number, path: string, body: unknown, token: string, client: number): Promise<{ status: number; body: T }> {
  const response = await fetch(`http://127.0.0.1:${port}/api/v1${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      // Each client its own address, as people behind the proxy are: the per-address limits stay as designed.
      'x-forwarded-for': `10.9.${Math.floor(client / 250)}.${(client % 250) + 1}`,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** A database of its own for this test: a new PostgreSQL database, or a new embedded data folder. */
async function freshDatabase(kind: DatabaseKind): Promise<{ env: Record<string, string>; open: () => ReturnType<typeof openDatabase>; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'kuda-crash-'));
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      open: () => openDatabase({ dataDir }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url || !inject('postgresTemplate')) throw new Error('TEST_DATABASE_URL is not set');
  const name = `kuda_crash_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'kuda-crash-'));
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl.toString() },
    open: () => openDatabase({ databaseUrl: databaseUrl.toString(), poolSize: 2 }),
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

for (const kind of databaseKinds()) {
  describe(`kill -9 [${kind}]`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it('loses no acknowledged registration or reservation', { timeout: 240_000 }, async () => {
      const database = await freshDatabase(kind);
      cleanups.push(database.drop);

      // Before the server: the schema, an event with room for everyone, and people able to reserve
      // (verified phones), written straight to the database.
      const setup = await database.open();
      await migrate(setup);
      const eventId = await createEvent({ database: setup } as unknown as Services, { capacity: 1_000, mode: 'instant', partyMax: 2 });
      const passwordHash = await hashPassword(PASSWORD);
      const people = Array.from({ length: PEOPLE }, (_, i) => ({
        id: randomUUID(),
        email: `crash-${i}-${Date.now()}@test.kuda`,
        passwordHash,
        emailVerifiedAt: new Date(),
        firstName: 'Crash',
        lastName: `Tester ${i}`,
        phoneNumber: `+38169${String(4_000_000 + i).padStart(7, '0')}`,
        phoneVerifiedAt: new Date(),
        role: 'user' as const,
        locale: 'en' as const,
      }));
      await setup.db.insert(users).values(people);
      await setup.close();

      const first = await startServer(database.env);
      cleanups.push(async () => {
        if (first.child.exitCode === null && first.child.signalCode === null) first.child.kill('SIGKILL');
      });
      const guest = await post<{ access_token: string }>(first.port, '/auth/register', { auth: 'client' }, '', 0);
      expect(guest.status).toBe(200);
      const tokens = await Promise.all(
        people.map(async (person, i) => {
          const login = await post<{ access_token: string }>(first.port, '/users/email_password_login', { email: person.email, password: PASSWORD }, guest.body.access_token, i);
          expect(login.status).toBe(200);
          return login.body.access_token;
        }),
      );

      // Everyone at once: a reservation each, and as many new registrations. The process dies without
      // warning once a third of the answers are in, with the rest still in flight.
      const acknowledged = { reservations: [] as number[], registrations: [] as string[] };
      let answered = 0;
      const died = new Promise<void>((resolve) => first.child.on('exit', () => resolve()));
      const killAfter = Math.ceil((PEOPLE * 2) / 3);
      const answer = () => {
        answered += 1;
        if (answered === killAfter) first.child.kill('SIGKILL');
      };
      const attempts = [
        ...tokens.map(async (token, i) => {
          const reply = await post<{ id: number }>(first.port, '/reservations', { event_id: eventId, party_size: 1 }, token, i).catch(() => null);
          if (reply?.status === 201) acknowledged.reservations.push(reply.body.id);
          answer();
        }),
        ...people.map(async (_, i) => {
          const email = `crash-new-${i}-${Date.now()}@test.kuda`;
          const reply = await post(first.port, '/users/register_email', { email, password: PASSWORD }, guest.body.access_token, PEOPLE + i).catch(() => null);
          if (reply && reply.status >= 200 && reply.status < 300) acknowledged.registrations.push(email);
          answer();
        }),
      ];
      await Promise.all(attempts);
      await died;
      expect(first.child.signalCode).toBe('SIGKILL');
      // The kill came while answers were still due (else this test proves nothing about a crash).
      expect(acknowledged.reservations.length + acknowledged.registrations.length).toBeGreaterThanOrEqual(killAfter - 1);
      expect(acknowledged.reservations.length + acknowledged.registrations.length).toBeLessThan(PEOPLE * 2);

      // The product comes back on the same data (the embedded database recovers from its write-ahead log)…
      const second = await startServer(database.env);
      const health = await fetch(`http://127.0.0.1:${second.port}/api/v1/health`);
      expect(health.status).toBe(200);
      const stopped = new Promise<void>((resolve) => second.child.on('exit', () => resolve()));
      second.child.kill('SIGTERM');
      await stopped;

      // …and holds every acknowledged write.
      const after = await database.open();
      try {
        const reservations = (await after.db.execute(sql`SELECT id FROM reservations WHERE event_id = ${eventId}`)) as unknown as { rows: { id: number | string }[] };
        const stored = new Set(reservations.rows.map((row) => Number(row.id)));
        expect(acknowledged.reservations.filter((id) => !stored.has(id))).toEqual([]);
        const accounts = (await after.db.execute(sql`SELECT lower(email) AS email FROM users WHERE email LIKE 'crash-new-%'`)) as unknown as { rows: { email: string }[] };
        const registered = new Set(accounts.rows.map((row) => row.email));
        expect(acknowledged.registrations.filter((email) => !registered.has(email.toLowerCase()))).toEqual([]);
      } finally {
        await after.close();
      }
    });
  });
}
