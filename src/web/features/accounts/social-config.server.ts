import type { SocialConfig } from './lib/social';
import { HOUR_MS } from '../../../shared/constants';

/** The settings social sign-in reads (DESIGN §8); only public values ever leave the server. */
export interface SocialSettings {
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_ISSUER: string;
  FACEBOOK_APP_ID?: string;
  FACEBOOK_APP_SECRET?: string;
  FACEBOOK_GRAPH_URL: string;
  FACEBOOK_DIALOG_URL?: string;
}

const DEFAULT_FACEBOOK_DIALOG_URL = 'https://www.facebook.com/v19.0/dialog/oauth';
const DISCOVERY_TTL_MS = HOUR_MS;
const DISCOVERY_RETRY_MS = 60_000;
const DISCOVERY_TIMEOUT_MS = 3_000;

const endpoints = new Map<string, { url: string; until: number }>();

/** Google's own path, used when the issuer's discovery document cannot be read. */
function fallbackEndpoint(issuer: string): string {
  return `${issuer}/o/oauth2/v2/auth`;
}

/**
 * The issuer's `authorization_endpoint` from its OpenID discovery document, cached for an hour (a failed
 * fetch for a minute, answering the fallback meanwhile) so sign-in pages never wait on the issuer twice.
 */
export async function authorizationEndpoint(issuerSetting: string, fetchFn: typeof fetch = fetch): Promise<string> {
  const issuer = issuerSetting.replace(/\/+$/, '');
  const cached = endpoints.get(issuer);
  if (cached && cached.until > Date.now()) return cached.url;
  try {
    const response = await fetchFn(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`discovery answered ${response.status}`);
    const document = (await response.json()) as { authorization_endpoint?: unknown };
    if (typeof document.authorization_endpoint !== 'string' || !/^https?:\/\//.test(document.authorization_endpoint)) {
      throw new Error('discovery document without authorization_endpoint');
    }
    endpoints.set(issuer, { url: document.authorization_endpoint, until: Date.now() + DISCOVERY_TTL_MS });
    return document.authorization_endpoint;
  } catch {
    const url = cached?.url ?? fallbackEndpoint(issuer);
    endpoints.set(issuer, { url, until: Date.now() + DISCOVERY_RETRY_MS });
    return url;
  }
}

/** Which social sign-ins the deployment offers: a provider is offered only when the server can verify it. */
export async function socialConfig(settings: SocialSettings): Promise<SocialConfig> {
  const google = settings.GOOGLE_CLIENT_ID
    ? { clientId: settings.GOOGLE_CLIENT_ID, authorizationEndpoint: await authorizationEndpoint(settings.GOOGLE_ISSUER) }
    : null;
  const facebook =
    settings.FACEBOOK_APP_ID && settings.FACEBOOK_APP_SECRET
      ? {
          appId: settings.FACEBOOK_APP_ID,
          dialogUrl: settings.FACEBOOK_DIALOG_URL ?? DEFAULT_FACEBOOK_DIALOG_URL,
          graphUrl: settings.FACEBOOK_GRAPH_URL,
        }
      : null;
  return { google, facebook };
}
