import { sql } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { describeApi, TEST_JWT_SECRET } from '../../../tests/support/test-app';

interface Pair {
  access_token: string;
  refresh_token: string;
}

function claims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

describeApi('guest tokens and refresh rotation', (t) => {
  const guest = async () => (await t().json<Pair>('POST', '/api/v1/auth/register', { body: { auth: 'client' } })).body;
  const refresh = (refreshToken: string) => t().json<Pair & { code?: string }>('POST', '/api/v1/auth/refresh_token', { body: { refreshToken } });

  it('issues a guest pair of JWTs that carry an expiry', async () => {
    const { status, body } = await t().json<Pair>('POST', '/api/v1/auth/register', { body: { auth: 'client' } });
    expect(status).toBe(200);
    const access = claims(body.access_token);
    const refreshClaims = claims(body.refresh_token);
    expect(access.kind).toBe('guest');
    expect(typeof access.exp).toBe('number');
    expect(Number(refreshClaims.exp)).toBeGreaterThan(Number(access.exp));
  });

  it('refuses a register body other than {auth: "client"} with per-field errors', async () => {
    const { status, body } = await t().json<{ code: string; errors: Record<string, string[]> }>('POST', '/api/v1/auth/register', {
      body: { auth: 'admin' },
      headers: { 'accept-language': 'en' },
    });
    expect(status).toBe(400);
    expect(body.code).toBe('validation_failed');
    expect(Object.keys(body.errors)).toContain('auth');
  });

  it('lets a guest token read the API', async () => {
    const { access_token } = await guest();
    const { status } = await t().json('GET', '/api/v1/categories', { token: access_token });
    expect(status).toBe(200);
  });

  it('rotates: a refresh answers a new pair whose refresh token differs', async () => {
    const first = await guest();
    const { status, body } = await refresh(first.refresh_token);
    expect(status).toBe(200);
    expect(body.refresh_token).not.toBe(first.refresh_token);
    expect((await t().json('GET', '/api/v1/tags', { token: body.access_token })).status).toBe(200);
  });

  it('answers the same new pair to a concurrent refresh inside the grace window', async () => {
    const first = await guest();
    const [a, b] = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.refresh_token).toBe(b.body.refresh_token);
    expect(a.body.access_token).toBe(b.body.access_token);
  });

  it('refuses a rotated refresh token after the grace window and revokes its whole family', async () => {
    const first = await guest();
    const second = (await refresh(first.refresh_token)).body;
    // Age the use of the first token past the 10 s grace window.
    await t().services.database.db.execute(sql`UPDATE refresh_tokens SET used_at = now() - interval '11 seconds' WHERE used_at IS NOT NULL`);
    const reuse = await refresh(first.refresh_token);
    expect(reuse.status).toBe(401);
    expect(reuse.body.code).toBe('refresh_token_reused');
    // The legitimate successor is now dead too: the family is revoked.
    const successor = await refresh(second.refresh_token);
    expect(successor.status).toBe(401);
  });

  it('refuses a refresh token signed with another key', async () => {
    const forged = await new SignJWT({ kind: 'guest', fam: 'x', typ: 'refresh' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('someone')
      .setJti('00000000-0000-0000-0000-000000000000')
      .setIssuer('kuda')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await refresh(forged)).status).toBe(401);
  });
});

describeApi('bearer tokens on every call', (t) => {
  it('answers 401 problem details without a token', async () => {
    const response = await t().http('/api/v1/categories', { headers: { 'accept-language': 'sr' } });
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    const body = (await response.json()) as { code: string; detail: string; status: number };
    expect(body).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(body.detail).toBe('Potreban je važeći pristupni token.');
  });

  it('refuses an "alg: none" token', async () => {
    const unsigned = new UnsecuredJWT({ kind: 'user', fam: 'f', typ: 'access', role: 'admin' })
      .setSubject('00000000-0000-0000-0000-000000000000')
      .setIssuer('kuda')
      .setExpirationTime('1h')
      .encode();
    const { status, body } = await t().json<{ code: string }>('GET', '/api/v1/categories', { token: unsigned });
    expect(status).toBe(401);
    expect(body.code).toBe('token_invalid');
  });

  it('refuses an expired token', async () => {
    const expired = await new SignJWT({ kind: 'guest', fam: 'f', typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('guest')
      .setIssuer('kuda')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect((await t().json('GET', '/api/v1/categories', { token: expired })).status).toBe(401);
  });

  it('refuses a refresh token presented as an access token', async () => {
    const { body } = await t().json<Pair>('POST', '/api/v1/auth/register', { body: { auth: 'client' } });
    expect((await t().json('GET', '/api/v1/categories', { token: body.refresh_token })).status).toBe(401);
  });

  it('refuses a user token whose sign-in does not exist', async () => {
    const token = await new SignJWT({ kind: 'user', fam: '00000000-0000-0000-0000-000000000001', typ: 'access', role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('00000000-0000-0000-0000-000000000002')
      .setIssuer('kuda')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect((await t().json('GET', '/api/v1/categories', { token })).status).toBe(401);
  });
});

describe('token signer', () => {
  it('signs the same claims at the same time to the same token (what the grace window relies on)', async () => {
    const { TokenSigner } = await import('./tokens');
    const signer = new TokenSigner(TEST_JWT_SECRET);
    const a = await signer.signAccess({ sub: 's', kind: 'guest', fam: 'f' }, 1_800_000_000);
    const b = await signer.signAccess({ sub: 's', kind: 'guest', fam: 'f' }, 1_800_000_000);
    expect(a).toBe(b);
  });
});
