import { createHmac } from 'node:crypto';
import { createRemoteJWKSet, errors as joseErrors, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { AppError } from '../lib/errors';
import { HOUR_MS } from '../../shared/constants';

/** What a provider vouches for about the person signing in. */
export interface ProviderIdentity {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  firstName: string | undefined;
  lastName: string | undefined;
}

const PROVIDER_TIMEOUT_MS = 5_000;
const DISCOVERY_TTL_MS = HOUR_MS;

// A deployment without the provider simply does not offer it: nothing is down, nothing to alert on.
const notConfigured = (provider: string) => new AppError('not_found', 'provider_not_configured', { params: { provider } });
const unavailable = (provider: string) => new AppError('unavailable', 'provider_unavailable', { params: { provider } });

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/**
 * Google sign-in (DESIGN §4): only an ID token signed by the issuer's keys, for our client id, counts.
 * The keys are found through the issuer's OpenID discovery document, so tests point GOOGLE_ISSUER at a
 * local fake issuer.
 */
export class GoogleVerifier {
  private discovery: { keys: JWTVerifyGetKey; issuers: string[]; fetchedAt: number } | undefined;

  constructor(private readonly config: { clientId?: string; issuer: string; fetchImpl?: typeof fetch }) {}

  get configured(): boolean {
    return Boolean(this.config.clientId);
  }

  async verify(idToken: string): Promise<ProviderIdentity> {
    const { clientId } = this.config;
    if (!clientId) throw notConfigured('Google');
    const { keys, issuers } = await this.discover();
    let payload;
    try {
      ({ payload } = await jwtVerify(idToken, keys, {
        issuer: issuers,
        audience: clientId,
        algorithms: ['RS256', 'ES256'],
        clockTolerance: 30,
        requiredClaims: ['exp'],
      }));
    } catch (error) {
      // A key set that cannot be fetched is the provider's outage; anything else is a bad token.
      if (error instanceof joseErrors.JWKSTimeout || !(error instanceof joseErrors.JOSEError)) throw unavailable('Google');
      throw new AppError('unauthenticated', 'google_token_invalid');
    }
    const subject = optionalString(payload.sub);
    if (!subject) throw new AppError('unauthenticated', 'google_token_invalid');
    return {
      subject,
      email: optionalString(payload.email)?.toLowerCase(),
      // Google sends a boolean; some issuers send the string "true".
      emailVerified: payload.email_verified === true || payload.email_verified === 'true',
      firstName: optionalString(payload.given_name),
      lastName: optionalString(payload.family_name),
    };
  }

  private async discover() {
    const cached = this.discovery;
    if (cached && Date.now() - cached.fetchedAt < DISCOVERY_TTL_MS) return cached;
    const issuer = this.config.issuer.replace(/\/+$/, '');
    let document: { issuer?: unknown; jwks_uri?: unknown };
    try {
      const response = await (this.config.fetchImpl ?? fetch)(`${issuer}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`discovery answered ${response.status}`);
      document = (await response.json()) as typeof document;
    } catch {
      if (cached) return cached;
      throw unavailable('Google');
    }
    const jwksUri = optionalString(document.jwks_uri);
    if (!jwksUri) throw unavailable('Google');
    const declared = optionalString(document.issuer) ?? issuer;
    // Google's own tokens name their issuer with or without the scheme.
    const issuers = [...new Set([declared, issuer, declared.replace(/^https:\/\//, '')])];
    this.discovery = {
      keys: createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: PROVIDER_TIMEOUT_MS }),
      issuers,
      fetchedAt: Date.now(),
    };
    return this.discovery;
  }
}

/**
 * Facebook sign-in (DESIGN §4): the access token must be one the Graph API says is valid, issued to our
 * app, for the very `user_id` the client named. Only then is the profile read with it.
 */
export class FacebookVerifier {
  constructor(
    private readonly config: { appId?: string; appSecret?: string; graphUrl: string; fetchImpl?: typeof fetch },
  ) {}

  get configured(): boolean {
    return Boolean(this.config.appId && this.config.appSecret);
  }

  async verify(accessToken: string, userId: string): Promise<ProviderIdentity> {
    const { appId, appSecret } = this.config;
    if (!appId || !appSecret) throw notConfigured('Facebook');
    const debug = await this.get('/debug_token', { input_token: accessToken, access_token: `${appId}|${appSecret}` });
    const data = (debug as { data?: { is_valid?: unknown; app_id?: unknown; user_id?: unknown } } | undefined)?.data;
    if (!data || data.is_valid !== true || String(data.app_id) !== appId || String(data.user_id) !== userId) {
      throw new AppError('unauthenticated', 'facebook_token_invalid');
    }
    // appsecret_proof ties the call to our app secret (required when the app enables "Require App Secret").
    const proof = createHmac('sha256', appSecret).update(accessToken).digest('hex');
    const me = (await this.get('/me', {
      fields: 'id,email,first_name,last_name',
      access_token: accessToken,
      appsecret_proof: proof,
    })) as { id?: unknown; email?: unknown; first_name?: unknown; last_name?: unknown } | undefined;
    if (!me || String(me.id) !== userId) throw new AppError('unauthenticated', 'facebook_token_invalid');
    return {
      subject: userId,
      email: optionalString(me.email)?.toLowerCase(),
      // Facebook does not state that an address is verified, so it is never trusted to link accounts.
      emailVerified: false,
      firstName: optionalString(me.first_name),
      lastName: optionalString(me.last_name),
    };
  }

  /** A Graph call; a refusal (4xx) means the token is not good, anything else that Facebook is down. */
  private async get(path: string, query: Record<string, string>): Promise<unknown> {
    const url = new URL(`${this.config.graphUrl.replace(/\/+$/, '')}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    let response: Response;
    try {
      response = await (this.config.fetchImpl ?? fetch)(url, { signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
    } catch {
      throw unavailable('Facebook');
    }
    if (response.status >= 400 && response.status < 500) throw new AppError('unauthenticated', 'facebook_token_invalid');
    if (!response.ok) throw unavailable('Facebook');
    try {
      return await response.json();
    } catch {
      throw unavailable('Facebook');
    }
  }
}
