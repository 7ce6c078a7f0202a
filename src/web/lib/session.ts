import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Problem } from '../../shared/schemas/problem';
import type { LoggedIn, SignInResponse, UserResponse } from '../../shared/schemas/users';
import { useSnackbarStore } from '../stores/snackbar-store';
import { useUserStore } from '../stores/user-store';
import { ApiClient, getApiClient, setApiClient } from './api-client';
import { STORAGE_KEYS } from './token-storage';

/**
 * The browser session (spec §4): the API client wired to the app's snackbar and user store, the start-up
 * "is the user logged in?" question, and sign-in / sign-out as the rest of the app performs them.
 *
 * Problems reach the person through one channel: the client's onProblem shows every failed call's
 * translated `detail` in the snackbar, while forms put the problem's per-field errors on their fields.
 */

type Translate = (key: string) => string;

/** Problems the client makes up itself (no server answer to show): their text is English, never shown. */
const SYNTHETIC_CODE = /^(network|invalid_response|http_\d+)$/;

let translate: Translate | null = null;
let installed = false;
let sessionCheck: Promise<void> | null = null;
/**
 * Bumped by every sign-in and sign-out in this tab: an answer asked for before one of them (say, the
 * start-up check still in flight while a social sign-in completes) describes a session that is gone.
 */
let sessionVersion = 0;

/** What the snackbar says for a problem: the server's translated detail, or a translated generic text. */
export function problemMessage(problem: Problem, t: Translate): string {
  if (problem.code === 'network') return t('accounts:problem.network');
  if (SYNTHETIC_CODE.test(problem.code) || !problem.detail) return t('accounts:problem.generic');
  return problem.detail;
}

function reportProblem(problem: Problem): void {
  // Before the app has rendered once there is no snackbar to show it in; the caller still gets the problem.
  if (!translate) return;
  // Offline, the offline banner (src/web/pwa) already says so, once; no snackbar for every failed call.
  if (problem.code === 'network' && typeof navigator !== 'undefined' && !navigator.onLine) return;
  useSnackbarStore.getState().show(problemMessage(problem, translate), 'error');
}

/** The client changed the stored loggedIn flag (signed in, signed out, or a revoked session fell back to guest). */
function onSessionChange(loggedIn: boolean): void {
  const store = useUserStore.getState();
  store.setLoggedIn(loggedIn);
  if (loggedIn && !store.user) void loadUser();
}

/**
 * Replaces the default browser client with one wired to the snackbar and the user store. Called once,
 * before the app hydrates, so no component ever holds an unwired client.
 */
export function installSessionClient(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  setApiClient(new ApiClient({ onProblem: reportProblem, onSessionChange }));
}

/**
 * GET /users/get_user into the user store; answers the user, or null when it could not be loaded (or the
 * session changed while it was asked for, given the `version` it was asked under).
 */
export async function loadUser(version = sessionVersion): Promise<UserResponse['user'] | null> {
  const answer = await getApiClient().get<UserResponse>('/users/get_user');
  if (!answer.ok || version !== sessionVersion) return null;
  useUserStore.getState().setUser(answer.data.user);
  return answer.data.user;
}

/**
 * Spec §4: on app start the app asks the server whether the user is logged in and sets the logged-in
 * flag to the answer; a logged-in user is then loaded. Concurrent callers share one check.
 */
export function checkSession(): Promise<void> {
  sessionCheck ??= (async () => {
    const version = sessionVersion;
    const answer = await getApiClient().get<LoggedIn>('/users/is_logged_in');
    if (version !== sessionVersion) return;
    // Unreachable server: keep what this browser last knew, so a brief outage does not sign anyone out.
    const loggedIn = answer.ok ? answer.data.logged_in : getApiClient().isLoggedIn();
    useUserStore.getState().setLoggedIn(loggedIn);
    if (loggedIn) await loadUser(version);
  })().finally(() => {
    useUserStore.getState().setChecked(true);
    sessionCheck = null;
  });
  return sessionCheck;
}

/** Spec §4 "login stores both tokens and sets the loggedIn flag"; the answer's user goes to the store. */
export function completeSignIn(answer: SignInResponse): void {
  sessionVersion += 1;
  const store = useUserStore.getState();
  // The user first, so that the client's onSessionChange finds it and does not fetch it again.
  store.setUser(answer.user);
  getApiClient().signIn({ access_token: answer.access_token, refresh_token: answer.refresh_token });
  store.setChecked(true);
}

type SignOutStep = () => Promise<void>;
const signOutSteps: SignOutStep[] = [];

/**
 * Work a feature must do while the session still holds, before it ends (a shared device must not keep
 * the person's push subscription). Registered by the app layer, which may know features; best effort.
 */
export function addSignOutStep(step: SignOutStep): void {
  signOutSteps.push(step);
}

/**
 * Sign out: the registered steps, then the server revokes this session's refresh family (while the tokens
 * still exist), then spec §4: both tokens are removed and a fresh guest token fetched.
 */
export async function signOut(): Promise<void> {
  const client = getApiClient();
  await Promise.all(signOutSteps.map((step) => step().catch(() => undefined)));
  await client.post<unknown>('/users/logout');
  await endSession();
}

/** Ends the session in this browser only: for an account the server already signed out everywhere. */
export async function endSession(): Promise<void> {
  sessionVersion += 1;
  await getApiClient().signOut();
  useUserStore.getState().setUser(null);
}

/** Another tab signed in or out: follow it (localStorage is shared between the tabs). */
function onStorage(event: StorageEvent): void {
  if (event.key !== STORAGE_KEYS.loggedIn || event.oldValue === event.newValue) return;
  if (event.newValue === 'true') void checkSession();
  else useUserStore.getState().setLoggedIn(false);
}

/** Mounted once by the root: the snackbar's texts, the start-up session check, and cross-tab sign-in/out. */
export function useSessionStart(): void {
  const { i18n } = useTranslation();
  useEffect(() => {
    translate = (key) => i18n.t(key);
  }, [i18n]);
  useEffect(() => {
    installSessionClient();
    // What this browser last knew, shown at once (the app bar), until the server answers.
    if (getApiClient().isLoggedIn()) useUserStore.getState().setLoggedIn(true);
    void checkSession();
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}
