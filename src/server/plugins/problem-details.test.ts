import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds, type DatabaseKind } from '../../../tests/support/test-db';
import { TEST_JWT_SECRET } from '../../../tests/support/test-app';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { isDatabaseUnavailable, loggableError } from '../lib/database-errors';
import { createServices } from '../services';
import { problemDetailsPlugin, requestLocale } from './problem-details';

/** The real app on its own database, logging into `lines` (pino JSON, one object per line). */
async function appWithLog(kind: DatabaseKind) {
  const database = await createTestDatabase(kind);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', JWT_SECRET: TEST_JWT_SECRET, SEED_DEMO: 'never' });
  const services = createServices(config, database, TEST_JWT_SECRET);
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const app = await buildApp({ services, logger: { level: 'info', stream } });
  return { app, services, database, lines };
}

for (const kind of databaseKinds()) {
  describe(`problem details for failures below the API [${kind}]`, () => {
    it('never writes a failed query’s parameters or quoted values to the log', async () => {
      const { app, database, lines } = await appWithLog(kind);
      const secret = 'door-code-7KQ4XMA';
      // A query that fails on a secret value: Drizzle puts the parameters in its message, the driver quotes the value.
      app.get('/failing-query', async () => database.db.execute(sql`SELECT ${secret}::int AS n`));
      try {
        const response = await app.inject({ url: '/failing-query', headers: { 'accept-language': 'en' } });
        expect(response.statusCode).toBe(500);
        expect(response.body).not.toContain(secret);
        const log = lines.join('');
        expect(log).toContain('request failed');
        // What one needs to find the cause stays: the SQLSTATE (invalid text representation).
        expect(log).toContain('22P02');
        expect(log).not.toContain(secret);
        expect(log).not.toContain('SELECT');
      } finally {
        await app.close();
        await database.drop();
      }
    });

    it('answers 503 with Retry-After, not 500, while the database is away', async () => {
      const { app, database, lines } = await appWithLog(kind);
      try {
        const guest = await app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { auth: 'client' } });
        const token = (guest.json() as { access_token: string }).access_token;
        await database.close();
        for (const [url, code] of [
          ['/api/v1/events', 'service_unavailable'],
          ['/api/v1/categories', 'service_unavailable'],
          ['/api/v1/health', 'database_unavailable'],
        ]) {
          const response = await app.inject({ url, headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });
          expect(response.statusCode, url).toBe(503);
          expect(response.headers['retry-after'], url).toBe('5');
          expect(response.headers['content-type']).toContain('application/problem+json');
          expect(response.json()).toMatchObject({ status: 503, code, retry_after: 5 });
        }
        expect(lines.join('')).toContain('request failed');
      } finally {
        await app.close();
        await database.drop().catch(() => undefined);
      }
    });
  });
}

describe('database failures', () => {
  it('tell an outage (503) from a wrong query (500), through Drizzle’s wrapping', () => {
    const wrapped = (cause: object) => Object.assign(new Error('Failed query: SELECT 1\nparams: secret'), { name: 'DrizzleQueryError', cause });
    const outages = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('PGlite is closed'),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('sorry, too many clients already'), { code: '53300' }),
    ];
    for (const error of outages) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
      expect(isDatabaseUnavailable(wrapped(error)), error.message).toBe(true);
    }
    for (const error of [
      Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
      Object.assign(new Error('invalid input syntax for type integer: "x"'), { code: '22P02' }),
      new Error('something else'),
    ]) {
      expect(isDatabaseUnavailable(wrapped(error)), error.message).toBe(false);
    }
  });

  it('are logged without messages, SQL, parameters or detail, keeping the SQLSTATE and the schema names', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      code: '23505',
      severity: 'ERROR',
      detail: 'Key (email)=(ana@example.com) already exists.',
      table: 'users',
      constraint: 'users_email_key',
    });
    const error = Object.assign(new Error('Failed query: insert into users ...\nparams: ana@example.com'), {
      name: 'DrizzleQueryError',
      query: 'insert into users ...',
      params: ['ana@example.com'],
      cause,
    });
    const logged = JSON.stringify(loggableError(error));
    expect(logged).not.toContain('ana@example.com');
    expect(logged).not.toContain('insert into');
    expect(loggableError(error)).toMatchObject({ type: 'DrizzleQueryError', code: '23505', table: 'users', constraint: 'users_email_key' });
    const plain = new Error('not a database error');
    expect(loggableError(plain)).toBe(plain);
  });
});

describe('429 answers', () => {
  it('are built only by rateLimited(): no other code names the kind or the status', () => {
    const root = join(import.meta.dirname, '..');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
      });
    const offenders = files(root).filter((path) => {
      if (path.endsWith(join('lib', 'errors.ts')) || path.endsWith(join('plugins', 'problem-details.ts'))) return false;
      return /AppError\(\s*'rate_limited'|\.code\(429\)|statusCode\s*[:=]\s*429|status\(429\)/.test(readFileSync(path, 'utf8'));
    });
    expect(offenders).toEqual([]);
  });
});

describe('the request’s language', () => {
  it('is read from Accept-Language once, before any route, and every reader gets that value', async () => {
    const app = Fastify();
    await app.register(problemDetailsPlugin);
    app.get('/language', async (request) => {
      const first = request.locale;
      // Later readers take the parsed value, not the header: changing the header now changes nothing.
      request.headers['accept-language'] = 'ru';
      return { locale: first, again: requestLocale(request), named: request.localeNamed };
    });
    for (const [header, locale, named] of [
      ['en-GB,en;q=0.9', 'en', true],
      ['de, uk;q=0.4', 'uk', true],
      ['de', 'sr', false],
      [undefined, 'sr', false],
    ] as const) {
      const response = await app.inject({ url: '/language', headers: header ? { 'accept-language': header } : {} });
      expect(response.json(), String(header)).toEqual({ locale, again: locale, named });
    }
    await app.close();
  });
});
