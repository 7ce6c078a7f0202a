import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';

/**
 * Local stand-ins for the social sign-in providers (DESIGN §4), each a real HTTP server on 127.0.0.1 and
 * a random port, so tests exercise the same network code as production: OpenID discovery + JWKS for
 * Google, debug_token + /me for Facebook's Graph API.
 */

async function listen(handler: (request: IncomingMessage, url: URL, response: ServerResponse) => void): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    try {
      handler(request, url, response);
    } catch (error) {
      response.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}` };
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

export interface FakeGoogle {
  /** The issuer URL: set GOOGLE_ISSUER to it. */
  url: string;
  clientId: string;
  /**
   * Signs an ID token with the published key. Defaults: our client id as audience, this issuer,
   * `email_verified: true`, one hour of validity. `signWith: 'rogue'` uses a key the JWKS does not hold.
   */
  idToken: (claims: JWTPayload & { email?: string; email_verified?: boolean | string; given_name?: string; family_name?: string }, options?: { signWith?: 'published' | 'rogue'; expiresIn?: string }) => Promise<string>;
  requests: string[];
  close: () => Promise<void>;
}

export async function startFakeGoogle(clientId = 'kuda-test.apps.googleusercontent.com'): Promise<FakeGoogle> {
  const published = await generateKeyPair('RS256');
  const rogue = await generateKeyPair('RS256');
  const kid = `fake-${randomBytes(4).toString('hex')}`;
  const jwk = { ...(await exportJWK(published.publicKey)), kid, alg: 'RS256', use: 'sig' };
  const requests: string[] = [];
  let issuer = '';
  const { server, url } = await listen((_request, requestUrl, response) => {
    requests.push(requestUrl.pathname);
    if (requestUrl.pathname === '/.well-known/openid-configuration') {
      return sendJson(response, 200, { issuer, jwks_uri: `${issuer}/oauth2/v3/certs`, id_token_signing_alg_values_supported: ['RS256'] });
    }
    if (requestUrl.pathname === '/oauth2/v3/certs') return sendJson(response, 200, { keys: [jwk] });
    return sendJson(response, 404, { error: 'not_found' });
  });
  issuer = url;
  return {
    url,
    clientId,
    requests,
    idToken: async (claims, options = {}) => {
      const key = options.signWith === 'rogue' ? rogue.privateKey : published.privateKey;
      const { aud, iss, ...rest } = claims;
      return new SignJWT({ email_verified: true, ...rest })
        .setProtectedHeader({ alg: 'RS256', kid })
        .setIssuer(iss ?? issuer)
        .setAudience(aud ?? clientId)
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '1h')
        .sign(key);
    },
    close: () => close(server),
  };
}

export interface FakeFacebookUser {
  id: string;
  email?: string;
  first_name?: string;
  last_name?: string;
}

export interface FakeFacebook {
  /** The Graph base URL: set FACEBOOK_GRAPH_URL to it. */
  url: string;
  appId: string;
  appSecret: string;
  /** Issues a user access token; `appId` other than ours makes a token of another app. */
  issueToken: (user: FakeFacebookUser, options?: { appId?: string; valid?: boolean }) => string;
  /** Every Graph call received, with its query (tests check the app secret proof was sent). */
  requests: { path: string; query: Record<string, string> }[];
  close: () => Promise<void>;
}

export async function startFakeFacebook(appId = '1234567890', appSecret = 'fake-app-secret'): Promise<FakeFacebook> {
  const tokens = new Map<string, { user: FakeFacebookUser; appId: string; valid: boolean }>();
  const requests: FakeFacebook['requests'] = [];
  const { server, url } = await listen((_request, requestUrl, response) => {
    const query = Object.fromEntries(requestUrl.searchParams);
    requests.push({ path: requestUrl.pathname, query });
    if (requestUrl.pathname === '/debug_token') {
      // Graph answers 400 when the app credentials in access_token are wrong, 200 + is_valid otherwise.
      if (query.access_token !== `${appId}|${appSecret}`) {
        return sendJson(response, 400, { error: { message: 'Invalid OAuth access token - Cannot parse access token', code: 190 } });
      }
      const entry = query.input_token ? tokens.get(query.input_token) : undefined;
      if (!entry) return sendJson(response, 200, { data: { is_valid: false, error: { code: 190, message: 'Invalid token' } } });
      return sendJson(response, 200, {
        data: { app_id: entry.appId, type: 'USER', application: 'Kuda', is_valid: entry.valid, user_id: entry.user.id, scopes: ['email', 'public_profile'] },
      });
    }
    if (requestUrl.pathname === '/me') {
      const entry = query.access_token ? tokens.get(query.access_token) : undefined;
      if (!entry || !entry.valid) return sendJson(response, 400, { error: { message: 'Invalid OAuth access token', code: 190 } });
      const fields = (query.fields ?? 'id').split(',');
      const user = entry.user as unknown as Record<string, unknown>;
      return sendJson(response, 200, Object.fromEntries(fields.filter((f) => user[f] !== undefined).map((f) => [f, user[f]])));
    }
    return sendJson(response, 404, { error: { message: 'Unknown path', code: 803 } });
  });
  return {
    url,
    appId,
    appSecret,
    requests,
    issueToken: (user, options = {}) => {
      const token = `EAA${randomBytes(24).toString('hex')}`;
      tokens.set(token, { user, appId: options.appId ?? appId, valid: options.valid ?? true });
      return token;
    },
    close: () => close(server),
  };
}
