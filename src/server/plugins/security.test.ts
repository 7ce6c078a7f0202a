import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { helmetHeaders, securityPlugin } from './security';

describe('the Host header', () => {
  let started: TestApp & { close: () => Promise<void> };
  beforeAll(async () => {
    started = await startTestApp('pglite');
  });
  afterAll(async () => started.close());

  it.each(['exa mple.com', '[::1', 'a/b', 'example.com:port', 'a@b'])('answers a malformed Host (%s) with a 400 problem document, not a 500', async (host) => {
    for (const url of ['/api/v1/events', '/api/v1/health', '/', '/sr/events/x-1']) {
      const response = await started.app.inject({ url, headers: { host, 'accept-language': 'en' } });
      expect(response.statusCode, url).toBe(400);
      expect(response.headers['content-type'], url).toContain('application/problem+json');
      const body = response.json<{ code: string; detail: string }>();
      expect(body.code).toBe('invalid_host');
      expect(body.detail).toBe('The Host header is not a valid host name.');
      expect(response.body).not.toContain('    at ');
    }
  });

  it.each(['localhost', 'localhost:3000', '127.0.0.1:8080', '[::1]:3000', 'kuda.example.rs'])('accepts a well-formed Host (%s)', async (host) => {
    const response = await started.app.inject({ url: '/api/v1/health', headers: { host } });
    expect(response.statusCode).toBe(200);
  });
});

async function pagePolicy(options: Parameters<typeof securityPlugin>[1]) {
  const app = Fastify();
  await app.register(securityPlugin, options);
  await app.ready();
  const policy = app.contentSecurityPolicy(["'nonce-abc'"]);
  await app.close();
  return Object.fromEntries(policy.split('; ').map((directive) => [directive.split(' ')[0], directive]));
}

describe('page CSP and the map style', () => {
  it("lets pages fetch the map style's origin (style, tiles, glyphs, sprites) and start blob: workers, and nothing more", async () => {
    const policy = await pagePolicy({ development: false, mapOrigin: 'https://tiles.openfreemap.org' });
    expect(policy['connect-src']).toBe("connect-src 'self' https://tiles.openfreemap.org");
    expect(policy['img-src']).toBe("img-src 'self' data: blob: https://tiles.openfreemap.org");
    expect(policy['worker-src']).toBe("worker-src 'self' blob:");
    expect(policy['script-src']).toBe("script-src 'self' 'nonce-abc' 'wasm-unsafe-eval'");
    expect(policy['default-src']).toBe("default-src 'self'");
  });

  it('adds no map origin when none is given', async () => {
    const policy = await pagePolicy({ development: false });
    expect(policy['connect-src']).toBe("connect-src 'self'");
    expect(policy['img-src']).toBe("img-src 'self' data: blob:");
  });
});

describe("helmet's headers", () => {
  it('are read once from helmet: HSTS outside development only, nothing left to advertise the framework', () => {
    const production = helmetHeaders(false);
    expect(production).toMatchObject({
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    expect(production).not.toHaveProperty('content-security-policy');
    expect(production).not.toHaveProperty('x-powered-by');
    expect(helmetHeaders(true)).not.toHaveProperty('strict-transport-security');
    expect(Object.keys(helmetHeaders(true))).toEqual(Object.keys(production).filter((name) => name !== 'strict-transport-security'));
  });

  it('are on every answer: an API read, a refusal, an unknown path and a page, each with its own CSP', async () => {
    const app = Fastify();
    await app.register(securityPlugin, { development: false });
    app.get('/api/v1/thing', async () => ({ ok: true }));
    app.get('/api/v1/refused', async () => {
      throw new Error('refused');
    });
    app.get('/page', async (_request, reply) => reply.type('text/html').send('<p>hi</p>'));
    await app.ready();
    const answers = await Promise.all(['/api/v1/thing', '/api/v1/refused', '/nowhere', '/page'].map((url) => app.inject({ url, headers: { host: 'localhost' } })));
    await app.close();
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 500, 404, 200]);
    for (const answer of answers) {
      for (const [name, value] of Object.entries(helmetHeaders(false))) expect(answer.headers[name], name).toBe(value);
    }
    expect(answers[0]!.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(answers[3]!.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
  });
});
