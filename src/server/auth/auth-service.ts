import type { Db, DbOrTx } from '../db/client';
import { unauthorized } from '../lib/errors';
import * as repo from './auth-repository';
import {
  hashToken,
  newId,
  REFRESH_GRACE_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  type TokenKind,
  type TokenPair,
  type TokenSigner,
} from './tokens';

export interface Principal {
  kind: TokenKind;
  /** The guest's random id or the user's id. */
  subject: string;
  familyId: string;
  userId?: string;
  role?: 'user' | 'organizer' | 'admin';
}

export interface AuthServiceDeps {
  db: Db;
  signer: TokenSigner;
  now?: () => Date;
}

/** Guest and user token pairs, rotation with reuse detection, and per-request authentication (DESIGN §4). */
export class AuthService {
  private readonly now: () => Date;

  constructor(private readonly deps: AuthServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async issueGuestPair(): Promise<TokenPair> {
    return this.startFamily({ kind: 'guest', subject: newId() });
  }

  /** `userAgent` names the device in the person's list of sessions (trimmed: it is only shown). */
  async issueUserPair(user: { id: string; role: 'user' | 'organizer' | 'admin' }, options: { userAgent?: string } = {}): Promise<TokenPair> {
    return this.startFamily({ kind: 'user', subject: user.id, userId: user.id, role: user.role, userAgent: options.userAgent?.slice(0, 400) });
  }

  private async startFamily(input: {
    kind: TokenKind;
    subject: string;
    userId?: string;
    role?: Principal['role'];
    userAgent?: string;
  }): Promise<TokenPair> {
    const familyId = newId();
    const tokenId = newId();
    const issuedAt = this.nowSeconds();
    const pair = await this.sign({ ...input, familyId, tokenId, issuedAt });
    await this.deps.db.transaction(async (tx) => {
      await repo.createFamily(tx, { id: familyId, userId: input.userId ?? null, kind: input.kind, userAgent: input.userAgent ?? null });
      await repo.insertRefreshToken(tx, this.tokenRow(familyId, tokenId, issuedAt, pair.refresh_token));
    });
    return pair;
  }

  /**
   * Rotates a refresh token. A token already used answers the same successor pair within the grace window
   * (two tabs refreshing at once); later, its reuse means it leaked, so the whole family is revoked.
   */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const claims = await this.deps.signer.verifyRefresh(refreshToken);
    if (!claims) throw unauthorized('refresh_token_invalid');
    const outcome = await this.deps.db.transaction(async (tx) => {
      const row = await repo.lockRefreshToken(tx, claims.jti);
      if (!row || row.tokenHash !== hashToken(refreshToken) || row.familyId !== claims.fam) {
        return { error: 'refresh_token_invalid' } as const;
      }
      if (row.familyRevokedAt) return { error: 'refresh_token_invalid' } as const;
      const subject = claims.sub;
      const userId = row.userId ?? undefined;
      if (row.usedAt && row.replacedBy) {
        const ageSeconds = (this.now().getTime() - row.usedAt.getTime()) / 1000;
        if (ageSeconds <= REFRESH_GRACE_SECONDS) {
          const successor = await repo.findRefreshToken(tx, row.replacedBy);
          if (successor) {
            const issuedAt = Math.floor(successor.issuedAt.getTime() / 1000);
            return { reissue: { familyId: row.familyId, tokenId: successor.id, issuedAt, subject, userId, kind: row.kind } };
          }
        }
        await repo.revokeFamily(tx, row.familyId, 'refresh_token_reused');
        return { error: 'refresh_token_reused' } as const;
      }
      const role = userId ? await this.currentRole(tx, row.familyId, userId) : undefined;
      if (userId && !role) return { error: 'refresh_token_invalid' } as const;
      const tokenId = newId();
      const issuedAt = this.nowSeconds();
      const pair = await this.sign({ kind: row.kind, subject, userId, role, familyId: row.familyId, tokenId, issuedAt });
      await repo.insertRefreshToken(tx, this.tokenRow(row.familyId, tokenId, issuedAt, pair.refresh_token));
      await repo.markRefreshTokenUsed(tx, row.id, tokenId, this.now());
      if (userId) await repo.touchFamily(tx, row.familyId, this.now());
      return { pair };
    });
    if ('error' in outcome) throw unauthorized(outcome.error);
    if (outcome.pair) return outcome.pair;
    const { reissue } = outcome;
    if (!reissue) throw unauthorized('refresh_token_invalid');
    const role = reissue.userId ? await this.currentRole(this.deps.db, reissue.familyId, reissue.userId) : undefined;
    return this.sign({ ...reissue, role });
  }

  /** Verifies a bearer token; user tokens also need a live sign-in and an account in good standing. */
  async authenticate(accessToken: string): Promise<Principal> {
    const claims = await this.deps.signer.verifyAccess(accessToken);
    if (!claims) throw unauthorized('token_invalid');
    if (claims.kind === 'guest') return { kind: 'guest', subject: claims.sub, familyId: claims.fam };
    const role = await this.currentRole(this.deps.db, claims.fam, claims.sub);
    if (!role) throw unauthorized('token_invalid');
    return { kind: 'user', subject: claims.sub, userId: claims.sub, familyId: claims.fam, role };
  }

  async signOut(principal: Principal): Promise<void> {
    await repo.revokeFamily(this.deps.db, principal.familyId, 'signed_out');
  }

  /** Signs a user out everywhere at once: every family, so every access token stops at its next request. */
  async signOutEverywhere(userId: string, reason: string): Promise<void> {
    await repo.revokeUserFamilies(this.deps.db, userId, reason);
  }

  private async currentRole(db: DbOrTx, familyId: string, userId: string) {
    const session = await repo.findActiveSession(db, familyId, userId);
    return session && session.status === 'active' ? session.role : undefined;
  }

  private async sign(input: {
    kind: TokenKind;
    subject: string;
    userId?: string;
    role?: Principal['role'];
    familyId: string;
    tokenId: string;
    issuedAt: number;
  }): Promise<TokenPair> {
    const { signer } = this.deps;
    const [access_token, refresh_token] = await Promise.all([
      signer.signAccess({ sub: input.subject, kind: input.kind, fam: input.familyId, role: input.role }, input.issuedAt),
      signer.signRefresh({ sub: input.subject, kind: input.kind, fam: input.familyId, jti: input.tokenId }, input.issuedAt),
    ]);
    return { access_token, refresh_token };
  }

  private tokenRow(familyId: string, tokenId: string, issuedAt: number, refreshToken: string) {
    return {
      id: tokenId,
      familyId,
      tokenHash: hashToken(refreshToken),
      issuedAt: new Date(issuedAt * 1000),
      expiresAt: new Date((issuedAt + REFRESH_TOKEN_TTL_SECONDS) * 1000),
    };
  }

  private nowSeconds() {
    return Math.floor(this.now().getTime() / 1000);
  }
}
