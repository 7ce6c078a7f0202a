import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { securityPlugin } from './security';

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
