import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, TokenSigner } from './tokens';

const SECRET = 'tokens-test-secret-tokens-test-secret-0123';
const key = new TextEncoder().encode(SECRET);
const now = () => Math.floor(Date.now() / 1000);

/** Signed with the server's own key and otherwise valid: only the claims under test differ. */
function signed(claims: Record<string, string>, withExpiry: boolean) {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject('someone').setIssuer('kuda').setIssuedAt(now());
  if (withExpiry) jwt.setExpirationTime(now() + 60);
  return jwt.sign(key);
}

describe('token verification', () => {
  const signer = new TokenSigner(SECRET);

  it('accepts a correctly signed access token that expires', async () => {
    const token = await signed({ kind: 'user', fam: 'family', typ: 'access' }, true);
    await expect(signer.verifyAccess(token)).resolves.toMatchObject({ sub: 'someone', kind: 'user', fam: 'family' });
  });

  it('refuses a correctly signed access token without an expiry', async () => {
    const token = await signed({ kind: 'user', fam: 'family', typ: 'access' }, false);
    await expect(signer.verifyAccess(token)).resolves.toBeNull();
  });

  it('refuses a correctly signed refresh token without an expiry', async () => {
    const token = await new SignJWT({ kind: 'user', fam: 'family', typ: 'refresh' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('someone')
      .setJti('token-id')
      .setIssuer('kuda')
      .setIssuedAt(now())
      .sign(key);
    await expect(signer.verifyRefresh(token)).resolves.toBeNull();
  });
});

describe('remembered verifications of access tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('checks the signature of a token once, and still answers the same claims', async () => {
    const signer = new TokenSigner(SECRET);
    const token = await signer.signAccess({ sub: 'guest-1', kind: 'guest', fam: 'family-1' }, now());
    const verify = vi.spyOn(crypto.subtle, 'verify');
    const first = await signer.verifyAccess(token);
    const second = await signer.verifyAccess(token);
    expect(second).toEqual(first);
    expect(second).toMatchObject({ sub: 'guest-1', kind: 'guest', fam: 'family-1' });
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('refuses a remembered token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const issuedAt = now();
    const signer = new TokenSigner(SECRET);
    const token = await signer.signAccess({ sub: 'someone', kind: 'user', fam: 'family', role: 'user' }, issuedAt);
    await expect(signer.verifyAccess(token)).resolves.toMatchObject({ sub: 'someone', role: 'user' });
    vi.setSystemTime((issuedAt + ACCESS_TOKEN_TTL_SECONDS) * 1000);
    await expect(signer.verifyAccess(token)).resolves.toBeNull();
  });

  it('does not take a token that differs from a remembered one only in its signature', async () => {
    const signer = new TokenSigner(SECRET);
    const token = await signer.signAccess({ sub: 'someone', kind: 'guest', fam: 'family' }, now());
    await signer.verifyAccess(token);
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    await expect(signer.verifyAccess(forged)).resolves.toBeNull();
    const otherKey = await new TokenSigner(`${SECRET}-other`).signAccess({ sub: 'someone', kind: 'guest', fam: 'family' }, now());
    await expect(signer.verifyAccess(otherKey)).resolves.toBeNull();
  });
});
