import { request } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import { createServices, type Services } from '../../src/server/services';
import { createTestDatabase, databaseKinds, type DatabaseKind, type TestDatabaseOptions } from './test-db';

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export interface TestApp {
  kind: DatabaseKind;
  app: FastifyInstance;
  services: Services;
  /** Absolute URL of the listening server, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** fetch against the real HTTP server: `http('/api/v1/health')`. */
  http: (path: string, init?: RequestInit) => Promise<Response>;
  /** JSON helper: sends JSON with an optional bearer token and parses the answer. */
  json: <T = unknown>(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ) => Promise<{ status: number; body: T; headers: Headers }>;
  /** A guest access token, issued once per test app (guest registration is rate limited per IP). */
  guestToken: () => Promise<string>;
  /** GET with node:http, the body as sent: fetch decodes a Content-Encoding, so its bytes cannot be compared. */
  raw: (path: string, headers?: Record<string, string>) => Promise<{ status: number; encoding: string | undefined; body: Buffer }>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Runs after the database is ready, before the app is built (seed rows, etc.). */
  prepare?: (services: Services) => Promise<void>;
  /** PostgreSQL: connect through this URL instead (a fault test's TCP proxy). */
  through?: TestDatabaseOptions['through'];
}

/** Builds the real app on a cloned database and listens on a random local port (STYLE 16: real HTTP). */
export async function startTestApp(kind: DatabaseKind, options: TestAppOptions = {}): Promise<TestApp & { close: () => Promise<void> }> {
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    SEED_DEMO: 'never',
    ...options.env,
  });
  const database = await createTestDatabase(kind, { through: options.through, statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS });
  const services = createServices(config, database, TEST_JWT_SECRET);
  await options.prepare?.(services);
  const app = await buildApp({ services });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const http = (path: string, init?: RequestInit) => fetch(`${address}${path}`, init);
  const json: TestApp['json'] = async (method, path, { body, token, headers = {} } = {}) => {
    const response = await http(path, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as never, headers: response.headers };
  };
  let guest: Promise<string> | undefined;
  const guestToken = () =>
    (guest ??= json<{ access_token: string }>('POST', '/api/v1/auth/register', { body: { auth: 'client' } }).then(
      ({ body }) => body.access_token,
    ));
  const raw: TestApp['raw'] = (path, headers = {}) =>
    new Promise((resolve, reject) => {
      request(new URL(path, address), { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
  return {
    kind,
    app,
    services,
    baseUrl: address,
    http,
    json,
    guestToken,
    raw,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/** Runs an API suite once per database kind against a real listening server. */
export function describeApi(name: string, suite: (t: () => TestApp) => void, options: TestAppOptions = {}) {
  for (const kind of databaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      let testApp: (TestApp & { close: () => Promise<void> }) | undefined;
      beforeAll(async () => {
        testApp = await startTestApp(kind, options);
      });
      afterAll(async () => {
        await testApp?.close();
      });
      suite(() => {
        if (!testApp) throw new Error('app not ready');
        return testApp;
      });
    });
  }
}
