import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../tests/support/server-process';
import { waitFor } from '../../tests/support/wait-for';
import { type Database, openDatabase } from './db/client';
import { readMigrations } from './db/migrate';
import { users } from './db/schema';
import { DEMO_ACCOUNTS } from './db/seed/data/accounts';
import { solidImage } from './images/images-test-kit';
import { createEvent } from './reservations/reservations-fixtures';
import type { Services } from './services';
import { hashPassword } from './users/passwords';

/**
 * Two instances, one truth (issue #13, DESIGN §9): two real server processes started at the same moment
 * on one empty PostgreSQL database and one Redis, as a deployment behind a load balancer runs them.
 * Needs both (CI provides them: TEST_DATABASE_URL, TEST_REDIS_URL).
 */

const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const JWT_SECRET = `two-instances-${randomBytes(12).toString('hex')}`;
const PASSWORD = 'Two-instances!2026';
const REQUESTS = 200;
const PLACES = 10;

function start(env: Record<string, string>): Promise<ServerProcess> {
  return startServerProcess({ SEED_DEMO: 'always', SMS_PROVIDER: 'log', TRUST_PROXY: 'true', JWT_SECRET, ...env });
}

async function call<T>(
  instance: ServerProcess,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; ip?: string } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`http://127.0.0.1:${instance.port}/api/v1${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      'x-forwarded-for': options.ip ?? '203.0.113.10',
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

const clientAddress = (i: number) => `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`;

describe.runIf(Boolean(postgresUrl && redisUrl))('two instances, one truth (PostgreSQL + Redis)', () => {
  const name = `kuda_two_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'kuda-two-'));
  let a: ServerProcess;
  let b: ServerProcess;
  let database: Database;
  let guest = '';

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(postgresUrl!);
    url.pathname = `/${name}`;
    // One data folder for both, as one mount would be: the file outbox then shows every e-mail sent.
    const env = { DATABASE_URL: url.toString(), REDIS_URL: redisUrl!, DATA_DIR: dataDir };
    // At the same moment, on an empty database: both migrate and seed, or wait for the other.
    [a, b] = await Promise.all([start(env), start(env)]);
    database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    guest = (await call<{ access_token: string }>(a, 'POST', '/auth/register', { body: { auth: 'client' } })).body.access_token;
  }, 240_000);

  afterAll(async () => {
    for (const instance of [a, b]) if (instance && instance.child.exitCode === null) instance.child.kill('SIGKILL');
    await database?.close();
    const cleanup = new pg.Client({ connectionString: postgresUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates and seeds the demo data once', async () => {
    const applied = (await database.db.execute(sql`SELECT name FROM schema_migrations ORDER BY name`)) as unknown as { rows: { name: string }[] };
    expect(applied.rows.map((row) => row.name)).toEqual(readMigrations().map((migration) => migration.name));
    // One of them seeded; the other found the catalogue seeded (or being seeded) and left it.
    const seeded = [a, b].map((instance) => /demo data: seeded (\d+) events/.exec(instance.output())?.[1]).filter((count) => count !== undefined);
    expect(seeded).toHaveLength(1);
    expect([a, b].filter((instance) => /demo data: (another instance seeded first|the catalogue already has data)/.test(instance.output()))).toHaveLength(1);
    // The programme once (the demo organizer's own drafts come on top of it), not twice.
    const events = (await database.db.execute(sql`SELECT count(*)::int AS n FROM events`)) as unknown as { rows: { n: number }[] };
    expect(Number(events.rows[0]!.n)).toBeGreaterThanOrEqual(Number(seeded[0]));
    expect(Number(events.rows[0]!.n)).toBeLessThan(2 * Number(seeded[0]));
  });

  it('takes a token from A on B, and revokes a refresh token family rotated on A and reused on B later', { timeout: 60_000 }, async () => {
    const categories = await call(b, 'GET', '/categories', { token: guest });
    expect(categories.status, JSON.stringify(categories.body)).toBe(200);
    const pair = (await call<{ access_token: string; refresh_token: string }>(a, 'POST', '/auth/register', { body: { auth: 'client' } })).body;
    const rotated = await call<{ refresh_token: string }>(a, 'POST', '/auth/refresh_token', { body: { refreshToken: pair.refresh_token } });
    expect(rotated.status).toBe(200);
    // Past the grace window (10 s) a second use of the old token means it leaked: the whole family goes.
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    const reused = await call<{ code: string }>(b, 'POST', '/auth/refresh_token', { body: { refreshToken: pair.refresh_token } });
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe('refresh_token_reused');
    expect((await call(a, 'POST', '/auth/refresh_token', { body: { refreshToken: rotated.body.refresh_token } })).status).toBe(401);
  });

  it('shares the sign-in lockout: ten wrong passwords over both lock the address out on both', async () => {
    const email = `two-${Date.now()}@test.kuda`;
    await database.db.insert(users).values({ id: randomUUID(), email, passwordHash: await hashPassword(PASSWORD), role: 'user', locale: 'en' });
    const ip = '198.51.100.77';
    for (let i = 0; i < 10; i += 1) {
      const wrong = await call(i % 2 ? b : a, 'POST', '/users/email_password_login', { body: { email, password: 'Wrong-pass!123' }, token: guest, ip });
      expect(wrong.status).toBe(401);
    }
    expect((await call(a, 'POST', '/users/email_password_login', { body: { email, password: PASSWORD }, token: guest, ip })).status).toBe(429);
    expect((await call(b, 'POST', '/users/email_password_login', { body: { email, password: PASSWORD }, token: guest, ip })).status).toBe(429);
  });

  it('serves an image uploaded on A from both instances, out of the shared database (no instance-local files)', { timeout: 90_000 }, async () => {
    // The demo organizer (seeded above), signed in on A; the upload goes to A alone.
    const login = await call<{ access_token: string }>(a, 'POST', '/users/email_password_login', {
      body: { email: DEMO_ACCOUNTS.organizer.email, password: DEMO_ACCOUNTS.organizer.password },
      token: guest,
      ip: '198.51.100.91',
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await solidImage('png', { color: '#c1121f' }))], { type: 'image/png' }), 'poster.png');
    const uploaded = await fetch(`http://127.0.0.1:${a.port}/api/v1/organizer/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${login.body.access_token}`, 'x-forwarded-for': '198.51.100.91' },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { image } = (await uploaded.json()) as { image: { id: string } };
    type Uploaded = { image: { status: string; variants?: { url: string; format: string }[] } };
    // The derivatives come from a background job, which either instance may run; B sees them when they are there.
    let ready: Uploaded['image'] | undefined;
    await waitFor('the derivatives, as B reports them', async () => {
      const seen = await call<Uploaded>(b, 'GET', `/organizer/images/${image.id}`, { token: login.body.access_token, ip: '198.51.100.91' });
      ready = seen.body.image.status === 'ready' ? seen.body.image : undefined;
      return Boolean(ready);
    }, 60_000, 250);
    const variants = ready!.variants ?? [];
    expect(new Set(variants.map((variant) => variant.format))).toEqual(new Set(['avif', 'webp', 'jpeg']));
    for (const variant of variants) {
      const [fromA, fromB] = await Promise.all([a, b].map((instance) => fetch(`http://127.0.0.1:${instance.port}${new URL(variant.url, 'http://x').pathname}`)));
      expect([fromA!.status, fromB!.status], variant.url).toEqual([200, 200]);
      expect(fromB!.headers.get('content-type')).toBe(fromA!.headers.get('content-type'));
      const [bytesA, bytesB] = await Promise.all([fromA!.arrayBuffer(), fromB!.arrayBuffer()]);
      expect(bytesA.byteLength).toBeGreaterThan(0);
      expect(Buffer.from(bytesB).equals(Buffer.from(bytesA))).toBe(true);
      // The instances share a data folder here (for the outbox), so show where the bytes come from: the row.
      const hash = /\/media\/([0-9a-f]{64})\./.exec(variant.url)?.[1];
      const stored = (await database.db.execute(sql`SELECT bytes FROM image_files WHERE hash = ${hash ?? ''}`)) as unknown as { rows: { bytes: Buffer }[] };
      expect(stored.rows).toHaveLength(1);
      expect(Buffer.from(stored.rows[0]!.bytes).equals(Buffer.from(bytesA))).toBe(true);
    }
  });

  it(`never oversells: ${REQUESTS} reservations over both for ${PLACES} places, and each e-mail sent once`, { timeout: 180_000 }, async () => {
    const eventId = await createEvent({ database } as unknown as Services, { capacity: PLACES, mode: 'instant' });
    const passwordHash = await hashPassword(PASSWORD);
    const people = Array.from({ length: REQUESTS }, (_, i) => ({
      id: randomUUID(),
      email: `two-res-${i}-${Date.now()}@test.kuda`,
      passwordHash,
      emailVerifiedAt: new Date(),
      firstName: 'Two',
      lastName: `Instances ${i}`,
      phoneNumber: `+38164${String(3_000_000 + i).padStart(7, '0')}`,
      phoneVerifiedAt: new Date(),
      role: 'user' as const,
      locale: 'en' as const,
    }));
    await database.db.insert(users).values(people);
    // Signed in through either instance, a few at a time (password hashing is deliberately slow).
    const tokens: string[] = [];
    for (let i = 0; i < REQUESTS; i += 20) {
      const batch = await Promise.all(
        people.slice(i, i + 20).map((person, j) =>
          call<{ access_token: string }>((i + j) % 2 ? b : a, 'POST', '/users/email_password_login', {
            body: { email: person.email, password: PASSWORD },
            token: guest,
            ip: clientAddress(i + j),
          }),
        ),
      );
      for (const login of batch) {
        expect(login.status).toBe(200);
        tokens.push(login.body.access_token);
      }
    }

    const answers = await Promise.all(
      tokens.map((token, i) => call<{ status: string }>(i % 2 ? b : a, 'POST', '/reservations', { body: { event_id: eventId, party_size: 1 }, token, ip: clientAddress(i) })),
    );
    expect(answers.filter((answer) => answer.status >= 500).slice(0, 3)).toEqual([]);
    expect(answers.filter((answer) => answer.status === 201 && answer.body.status === 'accepted')).toHaveLength(PLACES);
    expect(answers.filter((answer) => answer.status === 201 && answer.body.status === 'waitlisted')).toHaveLength(REQUESTS - PLACES);

    // Both instances run the job queue; each confirmation e-mail still goes out exactly once.
    const accepted = new Set(people.filter((_, i) => answers[i]!.body.status === 'accepted').map((person) => person.email));
    const outbox = join(dataDir, 'outbox', 'mail');
    const mailsTo = () => {
      const counts = new Map<string, number>();
      if (!existsSync(outbox)) return counts;
      for (const file of readdirSync(outbox).filter((entry) => entry.endsWith('.json'))) {
        const { to } = JSON.parse(readFileSync(join(outbox, file), 'utf8')) as { to: string };
        if (accepted.has(to)) counts.set(to, (counts.get(to) ?? 0) + 1);
      }
      return counts;
    };
    await waitFor('a confirmation e-mail to every accepted guest', async () => mailsTo().size === PLACES, 90_000, 250);
    // A little longer, so that a second sending (if there were one) would have landed too.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect([...mailsTo().values()]).toEqual(Array.from({ length: PLACES }, () => 1));
  });
});
