import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TokenSigner } from './tokens';

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
