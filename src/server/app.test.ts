import { gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { describeApi } from '../../tests/support/test-app';
import { ANSWER_COMPRESSION } from './catalog/http-cache';

describeApi('the server', (t) => {
  it('answers health without a token when the database answers', async () => {
    const { status, body } = await t().json<{ status: string; database: string }>('GET', '/api/v1/health');
    expect(status).toBe(200);
    expect(body.status).toBe('ok');
    expect(body.database).toBe(t().kind);
  });

  it('describes the API in OpenAPI, generated from the route schemas', async () => {
    const { status, body } = await t().json<{ openapi: string; paths: Record<string, unknown> }>('GET', '/api/v1/openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(['/api/v1/auth/register', '/api/v1/auth/refresh_token', '/api/v1/events']));
  });

  it('serves the API docs page', async () => {
    const response = await t().http('/api/v1/docs/');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('swagger');
  });

  it('translates problem details into the request language', async () => {
    for (const [language, text] of [
      ['en', 'A valid access token is required.'],
      ['uk', 'Потрібен дійсний токен доступу.'],
      ['ru', 'Требуется действительный токен доступа.'],
      ['de, ru;q=0.5', 'Требуется действительный токен доступа.'],
      ['de', 'Potreban je važeći pristupni token.'],
    ] as const) {
      const { body, headers } = await t().json<{ detail: string }>('GET', '/api/v1/tags', { headers: { 'accept-language': language } });
      expect(body.detail).toBe(text);
      expect(headers.get('content-type')).toContain('application/problem+json');
    }
  });

  it('answers an unknown API route with a 404 problem', async () => {
    const { status, body } = await t().json<{ code: string }>('GET', '/api/v1/nope', { token: await t().guestToken() });
    expect(status).toBe(404);
    expect(body.code).toBe('route_not_found');
  });

  it('answers a known path asked with the wrong method with 405 and Allow', async () => {
    const response = await t().http('/api/v1/auth/register', { method: 'DELETE', headers: { 'accept-language': 'en' } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    const body = (await response.json()) as { code: string; detail: string };
    expect(body.code).toBe('method_not_allowed');
    expect(body.detail).toBe('The path /api/v1/auth/register does not accept DELETE; allowed: POST.');
    const health = await t().http('/api/v1/health', { method: 'PUT' });
    expect(health.status).toBe(405);
    expect(health.headers.get('allow')).toContain('GET');
  });

  it('refuses a body that is not JSON with a 415 problem', async () => {
    for (const type of ['text/plain', 'application/xml']) {
      const response = await t().http('/api/v1/auth/register', { method: 'POST', headers: { 'content-type': type }, body: 'auth=client' });
      expect(response.status, type).toBe(415);
      expect(((await response.json()) as { code: string }).code).toBe('unsupported_media_type');
    }
  });

  it('answers a too large body with 413', async () => {
    const response = await t().http('/api/v1/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ auth: 'client', padding: 'x'.repeat(200_000) }),
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { code: string }).code).toBe('body_too_large');
  });

  it('answers malformed JSON with a 400 problem, not a 500', async () => {
    const response = await t().http('/api/v1/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"auth":',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe('malformed_body');
  });

  it('deflate-encodes a response when the client asks for zlib', async () => {
    const raw = await t().raw('/api/v1/openapi.json', { 'accept-encoding': 'deflate', authorization: `Bearer ${await t().guestToken()}` });
    expect(raw.encoding).toBe('deflate');
    expect(JSON.parse(inflateSync(raw.body).toString('utf8')).openapi).toBe('3.1.0');
  });

  it('compresses answers made per request at the quick level (the API answer cache does too: catalog-routes.test.ts)', async () => {
    const raw = await t().raw('/api/v1/openapi.json', { 'accept-encoding': 'gzip', authorization: `Bearer ${await t().guestToken()}` });
    expect(raw.encoding).toBe('gzip');
    // gzip's output is set by its input and level: the same bytes as this level's, not the default's.
    const text = gunzipSync(raw.body);
    expect(raw.body.equals(gzipSync(text, { level: ANSWER_COMPRESSION.gzipLevel }))).toBe(true);
    expect(raw.body.equals(gzipSync(text))).toBe(false);
  });

  it('sets security headers and a request id', async () => {
    const response = await t().http('/api/v1/health');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
