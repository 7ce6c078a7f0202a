import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import {
  FAKE_FACEBOOK,
  FAKE_FACEBOOK_USER_COOKIE,
  FAKE_GOOGLE,
  FAKE_GOOGLE_USER_COOKIE,
  FAKE_PROVIDERS_PORT,
  type FakeFacebookUser,
  type FakeGoogleUser,
} from './fake-providers-config';

/**
 * A standalone stand-in for Google (OpenID discovery, JWKS and an authorization endpoint that signs the
 * person in at once) and Facebook (login dialog and the Graph API's debug_token and /me), started by
 * playwright.config.ts before the Kuda server. The browser really leaves Kuda, reaches these endpoints and
 * comes back with a credential in the URL fragment, exactly as with the real providers.
 *
 * Run: npx tsx tests/e2e/support/fake-providers-server.ts (E2E_FAKE_PROVIDERS_PORT, default 3299).
 */

const { publicKey, privateKey } = await generateKeyPair('RS256');
const kid = `e2e-${randomBytes(4).toString('hex')}`;
const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
const facebookTokens = new Map<string, FakeFacebookUser>();

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

function redirect(response: ServerResponse, location: string) {
  response.writeHead(302, { location, 'cache-control': 'no-store' }).end();
}

function cookie<T>(request: IncomingMessage, name: string): T | null {
  const match = (request.headers.cookie ?? '').match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`));
  if (!match?.[1]) return null;
  try {
    return JSON.parse(decodeURIComponent(match[1])) as T;
  } catch {
    return null;
  }
}

/** Only local Kuda pages may receive credentials from these fakes. */
function localRedirect(value: string | null): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.hostname === '127.0.0.1' || url.hostname === 'localhost' ? url : null;
  } catch {
    return null;
  }
}

function withFragment(target: URL, params: Record<string, string>): string {
  return `${target.origin}${target.pathname}#${new URLSearchParams(params).toString()}`;
}

async function google(request: IncomingMessage, url: URL, response: ServerResponse) {
  const path = url.pathname.slice('/google'.length);
  if (path === '/.well-known/openid-configuration') {
    return send(response, 200, {
      issuer: FAKE_GOOGLE.issuer,
      authorization_endpoint: `${FAKE_GOOGLE.issuer}/auth`,
      jwks_uri: `${FAKE_GOOGLE.issuer}/certs`,
      response_types_supported: ['id_token'],
      id_token_signing_alg_values_supported: ['RS256'],
    });
  }
  if (path === '/certs') return send(response, 200, { keys: [jwk] });
  if (path === '/auth') {
    const q = url.searchParams;
    const target = localRedirect(q.get('redirect_uri'));
    if (!target || q.get('client_id') !== FAKE_GOOGLE.clientId || q.get('response_type') !== 'id_token' || !q.get('nonce') || !q.get('state')) {
      return send(response, 400, { error: 'invalid_request' });
    }
    const state = q.get('state') ?? '';
    const user = cookie<FakeGoogleUser>(request, FAKE_GOOGLE_USER_COOKIE);
    if (!user || user.cancel) return redirect(response, withFragment(target, { error: 'access_denied', state }));
    const idToken = await new SignJWT({
      email: user.email,
      email_verified: true,
      given_name: user.given_name,
      family_name: user.family_name,
      nonce: q.get('nonce') ?? '',
    })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(FAKE_GOOGLE.issuer)
      .setAudience(FAKE_GOOGLE.clientId)
      .setSubject(`google-${user.email}`)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    return redirect(response, withFragment(target, { state, id_token: idToken, token_type: 'Bearer' }));
  }
  return send(response, 404, { error: 'not_found' });
}

function facebook(request: IncomingMessage, url: URL, response: ServerResponse) {
  const q = url.searchParams;
  if (url.pathname === '/facebook/dialog') {
    const target = localRedirect(q.get('redirect_uri'));
    if (!target || q.get('client_id') !== FAKE_FACEBOOK.appId || q.get('response_type') !== 'token' || !q.get('state')) {
      return send(response, 400, { error: { message: 'Invalid dialog request' } });
    }
    const state = q.get('state') ?? '';
    const user = cookie<FakeFacebookUser>(request, FAKE_FACEBOOK_USER_COOKIE);
    if (!user || user.cancel) return redirect(response, withFragment(target, { error: 'access_denied', error_reason: 'user_denied', state }));
    const token = `EAA${randomBytes(24).toString('hex')}`;
    facebookTokens.set(token, user);
    return redirect(response, withFragment(target, { access_token: token, expires_in: '3600', state }));
  }
  // The browser calls /me itself (cross-origin), as with graph.facebook.com.
  const cors = { 'access-control-allow-origin': '*' };
  const path = url.pathname.slice('/facebook/graph'.length);
  if (path === '/debug_token') {
    if (q.get('access_token') !== `${FAKE_FACEBOOK.appId}|${FAKE_FACEBOOK.appSecret}`) {
      return send(response, 400, { error: { message: 'Invalid OAuth access token', code: 190 } }, cors);
    }
    const user = facebookTokens.get(q.get('input_token') ?? '');
    if (!user) return send(response, 200, { data: { is_valid: false } }, cors);
    return send(response, 200, { data: { app_id: FAKE_FACEBOOK.appId, type: 'USER', is_valid: true, user_id: user.id, scopes: ['email', 'public_profile'] } }, cors);
  }
  if (path === '/me') {
    const user = facebookTokens.get(q.get('access_token') ?? '');
    if (!user) return send(response, 400, { error: { message: 'Invalid OAuth access token', code: 190 } }, cors);
    const record = user as unknown as Record<string, unknown>;
    const fields = (q.get('fields') ?? 'id').split(',').filter((field) => field !== 'cancel' && record[field] !== undefined);
    return send(response, 200, Object.fromEntries(fields.map((field) => [field, record[field]])), cors);
  }
  return send(response, 404, { error: { message: 'Unknown path', code: 803 } }, cors);
}

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const handle = async () => {
    if (url.pathname === '/health') return send(response, 200, { status: 'ok' });
    // The Graph API answers CORS preflights, as graph.facebook.com does: the journeys' browsers send a
    // header of their own (X-Forwarded-For, support/client-address.ts) with every request, so the
    // cross-origin /me call is preflighted.
    if (request.method === 'OPTIONS' && url.pathname.startsWith('/facebook/graph/')) {
      response.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET',
        'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '',
        'access-control-max-age': '600',
      });
      return void response.end();
    }
    // The map style of the journeys (FAKE_MAP_STYLE_URL): cross-origin like a real style host, so CORS
    // (and the preflight the journeys' X-Forwarded-For header brings) is answered as such a host does.
    if (url.pathname === '/map/style.json') {
      if (request.method === 'OPTIONS') {
        response.writeHead(204, {
          'access-control-allow-origin': '*',
          'access-control-allow-methods': 'GET',
          'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '',
        });
        return void response.end();
      }
      const style = { version: 8, name: 'kuda-e2e', sources: {}, layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#dfe9e2' } }] };
      return send(response, 200, style, { 'access-control-allow-origin': '*' });
    }
    if (url.pathname.startsWith('/google/')) return google(request, url, response);
    if (url.pathname.startsWith('/facebook/')) return facebook(request, url, response);
    return send(response, 404, { error: 'not_found' });
  };
  handle().catch((error: unknown) => send(response, 500, { error: String(error) }));
});

server.listen(FAKE_PROVIDERS_PORT, '127.0.0.1', () => {
  console.log(`fake social providers on http://127.0.0.1:${FAKE_PROVIDERS_PORT}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}
