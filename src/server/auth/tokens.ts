import { createHash, randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/** DESIGN §4: a concurrent refresh (two tabs) within this window gets the same new pair. At most 10 s. */
export const REFRESH_GRACE_SECONDS = 10;
const ISSUER = 'kuda';
/**
 * How many verified access tokens are remembered (issue #13): every API call carries one, and checking the
 * HMAC of the same token again on each call was a quarter of a cached listing's CPU. A token is a few hundred
 * bytes, so a full cache holds a few MB.
 */
const VERIFIED_ACCESS_TOKENS = 20_000;

export type TokenKind = 'guest' | 'user';

export interface AccessClaims {
  sub: string;
  kind: TokenKind;
  fam: string;
  role?: 'user' | 'organizer' | 'admin';
}

export interface RefreshClaims {
  sub: string;
  kind: TokenKind;
  fam: string;
  jti: string;
}

export interface TokenPair {
  access_token: string;
  refresh_token: string;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export const newId = () => randomUUID();

/**
 * Signs and verifies Kuda's JWTs (HS256 only: a token naming any other algorithm, including "none", is
 * refused by jose because the accepted list is fixed). Signing is deterministic for the same claims and
 * issue time, which is what lets a refresh inside the grace window hand out the very same pair again.
 */
export class TokenSigner {
  private readonly key: Promise<CryptoKey>;
  /**
   * Access tokens whose signature and claims were already checked, by their exact text, each until its own
   * `exp`. Only valid tokens enter (a stream of forged ones costs a verification each, as before, and cannot
   * evict much: LRU). What a token grants is still decided per request by the caller (a user's session is
   * read from the database on every call), so a revoked session stops at once; only the signature check is
   * remembered, and a signature cannot become invalid while the key stays the same.
   */
  private readonly verifiedAccess = new LRUCache<string, AccessClaims & { expiresAtMs: number }>({ max: VERIFIED_ACCESS_TOKENS });

  constructor(secret: string) {
    // Imported once: handing jose raw bytes would import the key again on every sign and verify.
    this.key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
  }

  async signAccess(claims: AccessClaims, issuedAtSeconds: number): Promise<string> {
    const payload: Record<string, string> = { kind: claims.kind, fam: claims.fam, typ: 'access' };
    if (claims.role) payload.role = claims.role;
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setIssuedAt(issuedAtSeconds)
      .setExpirationTime(issuedAtSeconds + ACCESS_TOKEN_TTL_SECONDS)
      .sign(await this.key);
  }

  async signRefresh(claims: RefreshClaims, issuedAtSeconds: number): Promise<string> {
    return new SignJWT({ kind: claims.kind, fam: claims.fam, typ: 'refresh' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setJti(claims.jti)
      .setIssuer(ISSUER)
      .setIssuedAt(issuedAtSeconds)
      .setExpirationTime(issuedAtSeconds + REFRESH_TOKEN_TTL_SECONDS)
      .sign(await this.key);
  }

  async verifyAccess(token: string): Promise<AccessClaims | null> {
    const known = this.verifiedAccess.get(token);
    if (known) {
      // jose refuses a token at its `exp` second; so does the cache.
      if (Date.now() < known.expiresAtMs) return { sub: known.sub, kind: known.kind, fam: known.fam, role: known.role };
      this.verifiedAccess.delete(token);
    }
    const payload = await this.verify(token, 'access');
    if (!payload) return null;
    const role = payload.role;
    const claims: AccessClaims = {
      sub: String(payload.sub),
      kind: payload.kind === 'user' ? 'user' : 'guest',
      fam: String(payload.fam),
      role: role === 'admin' || role === 'organizer' || role === 'user' ? role : undefined,
    };
    // requiredClaims makes `exp` present and jose has checked it is a number in the future.
    this.verifiedAccess.set(token, { ...claims, expiresAtMs: Number(payload.exp) * 1000 });
    return claims;
  }

  async verifyRefresh(token: string): Promise<RefreshClaims | null> {
    const payload = await this.verify(token, 'refresh');
    if (!payload || typeof payload.jti !== 'string') return null;
    return {
      sub: String(payload.sub),
      kind: payload.kind === 'user' ? 'user' : 'guest',
      fam: String(payload.fam),
      jti: payload.jti,
    };
  }

  private async verify(token: string, typ: 'access' | 'refresh') {
    try {
      // jose checks `exp` only when present: a token without one would never expire.
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'], issuer: ISSUER, requiredClaims: ['exp'] });
      if (payload.typ !== typ || typeof payload.sub !== 'string' || typeof payload.fam !== 'string') return null;
      return payload;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}
