/**
 * Where the browser tests' fake social sign-in providers listen (a fixed port, so the Kuda server under
 * test can be given their URLs in its environment before either starts), and the settings that point
 * Kuda at them. Shared by playwright.config.ts, the fake server and the specs.
 */
// Derived from the app's port, so two runs given different E2E_PORTs do not fight over this one.
export const FAKE_PROVIDERS_PORT = Number(process.env.E2E_FAKE_PROVIDERS_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 89);
export const FAKE_PROVIDERS_URL = `http://127.0.0.1:${FAKE_PROVIDERS_PORT}`;

export const FAKE_GOOGLE = {
  issuer: `${FAKE_PROVIDERS_URL}/google`,
  clientId: 'kuda-e2e.apps.googleusercontent.com',
} as const;

export const FAKE_FACEBOOK = {
  appId: '4242424242',
  appSecret: 'kuda-e2e-fake-secret',
  graphUrl: `${FAKE_PROVIDERS_URL}/facebook/graph`,
  dialogUrl: `${FAKE_PROVIDERS_URL}/facebook/dialog`,
} as const;

/**
 * Who signs in at the fake providers: a test sets this cookie (JSON) in its browser context before it
 * presses "Continue with …". Cookies ignore ports, so one on 127.0.0.1 reaches the fakes.
 */
export const FAKE_GOOGLE_USER_COOKIE = 'fake_google_user';
export const FAKE_FACEBOOK_USER_COOKIE = 'fake_facebook_user';

export interface FakeGoogleUser {
  email: string;
  given_name?: string;
  family_name?: string;
  /** Simulates the person pressing "Cancel" at the provider. */
  cancel?: boolean;
}

export interface FakeFacebookUser {
  id: string;
  email?: string;
  first_name?: string;
  last_name?: string;
  cancel?: boolean;
}

/** The Kuda server's environment for the fakes (DESIGN §8 settings). */
export function fakeProvidersEnv(): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: FAKE_GOOGLE.clientId,
    GOOGLE_ISSUER: FAKE_GOOGLE.issuer,
    FACEBOOK_APP_ID: FAKE_FACEBOOK.appId,
    FACEBOOK_APP_SECRET: FAKE_FACEBOOK.appSecret,
    FACEBOOK_GRAPH_URL: FAKE_FACEBOOK.graphUrl,
    FACEBOOK_DIALOG_URL: FAKE_FACEBOOK.dialogUrl,
  };
}

/**
 * A tiny MapLibre style (a background layer, no tiles) the fake server serves, so the journeys' maps load
 * without the network; playwright.config.ts points MAP_STYLE_URL at it.
 */
export const FAKE_MAP_STYLE_URL = `${FAKE_PROVIDERS_URL}/map/style.json`;
