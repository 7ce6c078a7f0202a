import { API_BASE } from '../../shared/constants';
import type { TokenPair } from '../../shared/schemas/auth';
import type { Problem } from '../../shared/schemas/problem';
import { asTokenPair } from './api-guards';
import { isAbort, isDefinitiveRefusal, isExpectedRefusal, isJsonType, networkProblem, syntheticProblem, toProblem } from './api-problem';
import { createMemoryStorage, TokenStorage } from './token-storage';
import { decideToken, REFRESH_PATH, REGISTER_PATH, TOKEN_LOCK_NAME } from './token-table';

/**
 * The web's single API client (spec §4, §6, §7, §8; DESIGN §4, §7, §10).
 *
 * Before every call it runs the spec's token table, with one in-flight token acquisition shared by every
 * caller in the tab and, through the Web Locks API, across tabs. Every call carries the bearer token and
 * the JSON and language headers. It never throws to UI code: every outcome is an ApiResult.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; problem: Problem };

export type QueryParams = Record<string, string | number | boolean | undefined>;

export interface ApiRequestInit {
  /** Spec §7 (is_eligible_for_reservation): "called with an explicit token"; the token table is skipped. */
  token?: string;
  signal?: AbortSignal;
  query?: QueryParams;
}

/** Only `request` is used, so any LockManager (or a small fake in tests) fits. */
export interface TokenLockManager {
  request<T>(name: string, callback: (lock: Lock | null) => T): Promise<T>;
}

export interface ApiClientOptions {
  /** Defaults to API_BASE ('/api/v1'); paths given to the client are relative to it. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Defaults to localStorage when there is one, else an in-memory storage. */
  storage?: Storage;
  /** Current time in milliseconds; defaults to Date.now. */
  now?: () => number;
  /** Defaults to navigator.locks when there is one; null turns cross-tab locking off. */
  locks?: TokenLockManager | null;
  /** Called with the problem of every failed call returned to a caller (not for aborted calls). */
  onProblem?: (problem: Problem) => void;
  /** Called when this client changes the stored loggedIn flag. */
  onSessionChange?: (loggedIn: boolean) => void;
}

/** What getAccessToken rejects with when no token could be obtained (request() never throws). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem,
  ) {
    super(problem.detail || problem.title);
    this.name = 'ApiError';
  }
}

type TokenOutcome = { ok: true; token: string } | { ok: false; status: number; problem: Problem };

/** Callbacks are UI code: one that throws must not break the call that triggered it. */
function notify<A>(callback: ((arg: A) => void) | undefined, arg: A): void {
  try {
    callback?.(arg);
  } catch (error) {
    console.error('API client callback failed', error);
  }
}

function defaultStorage(): Storage {
  try {
    if (typeof window !== 'undefined' && window.localStorage) return window.localStorage;
  } catch {
    // Accessing localStorage itself can throw (storage disabled); fall through to memory.
  }
  return createMemoryStorage();
}

function defaultLocks(): TokenLockManager | null {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;
}

export class ApiClient {
  private readonly baseUrl: string;
  private readonly fetchFn: typeof fetch;
  private readonly tokens: TokenStorage;
  private readonly now: () => number;
  private readonly locks: TokenLockManager | null;
  private readonly onProblem?: (problem: Problem) => void;
  private readonly onSessionChange?: (loggedIn: boolean) => void;
  /** The one token acquisition (refresh or guest registration) in flight in this tab, shared by every caller. */
  private inflight: Promise<TokenOutcome> | null = null;
  /** Bumped by signIn/signOut so that an acquisition started before them does not overwrite their tokens. */
  private generation = 0;

  constructor(options: ApiClientOptions = {}) {
    this.baseUrl = (options.baseUrl ?? API_BASE).replace(/\/+$/, '');
    // Called detached (never as this.fetchFn(...)): window.fetch throws "Illegal invocation" on a foreign `this`.
    this.fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.tokens = new TokenStorage(options.storage ?? defaultStorage());
    this.now = options.now ?? Date.now;
    this.locks = options.locks === undefined ? defaultLocks() : options.locks;
    this.onProblem = options.onProblem;
    this.onSessionChange = options.onSessionChange;
  }

  get<T>(path: string, init?: ApiRequestInit): Promise<ApiResult<T>> {
    return this.request<T>('GET', path, undefined, init);
  }

  post<T>(path: string, body?: unknown, init?: ApiRequestInit): Promise<ApiResult<T>> {
    return this.request<T>('POST', path, body, init);
  }

  put<T>(path: string, body?: unknown, init?: ApiRequestInit): Promise<ApiResult<T>> {
    return this.request<T>('PUT', path, body, init);
  }

  patch<T>(path: string, body?: unknown, init?: ApiRequestInit): Promise<ApiResult<T>> {
    return this.request<T>('PATCH', path, body, init);
  }

  delete<T>(path: string, body?: unknown, init?: ApiRequestInit): Promise<ApiResult<T>> {
    return this.request<T>('DELETE', path, body, init);
  }

  /**
   * One API call. Runs the token table first (unless `init.token` is given), sends the spec's headers,
   * and answers an ApiResult: a non-OK answer is logged and its problem returned (spec §8). A 401 with
   * code `token_invalid` (a revoked session) clears the tokens, obtains a guest set and retries once.
   */
  async request<T>(method: HttpMethod, path: string, body?: unknown, init: ApiRequestInit = {}): Promise<ApiResult<T>> {
    const explicit = init.token !== undefined;
    const first: TokenOutcome = explicit ? { ok: true, token: init.token ?? '' } : await this.acquire({});
    if (!first.ok) return this.finish(method, path, first);

    let result = await this.send<T>(method, path, body, init, first.token);
    if (!explicit && !result.ok && result.status === 401 && result.problem.code === 'token_invalid') {
      this.logFailure(method, path, result);
      const replaced = await this.acquire({ rejected: first.token });
      if (!replaced.ok) return this.finish(method, path, replaced);
      result = await this.send<T>(method, path, body, init, replaced.token);
    }
    return this.finish(method, path, result);
  }

  /**
   * Runs the token table and answers the access token to use; rejects with ApiError when none could be
   * obtained (the server unreachable, say).
   */
  async getAccessToken(): Promise<string> {
    const outcome = await this.acquire({});
    if (!outcome.ok) throw new ApiError(outcome.status, outcome.problem);
    return outcome.token;
  }

  /** Spec §4: login stores both tokens and sets the loggedIn flag. */
  signIn(pair: { access_token: string; refresh_token: string }): void {
    this.generation += 1;
    this.tokens.setTokens(pair);
    this.setLoggedIn(true);
  }

  /** Spec §4: logout removes both tokens, then fetches a fresh guest token. */
  async signOut(): Promise<void> {
    this.generation += 1;
    this.tokens.clearTokens();
    this.setLoggedIn(false);
    // A fresh acquisition, not one already in flight (that one may still be refreshing the user's tokens).
    await this.acquire({ fresh: true });
  }

  isLoggedIn(): boolean {
    return this.tokens.isLoggedIn();
  }

  /** Whether this browser holds a token at all (a guest's or a user's); one that never had any has no private state. */
  hasTokens(): boolean {
    return Boolean(this.tokens.getRefreshToken() || this.tokens.getAccessToken());
  }

  /** The language every call asks for (Accept-Language), for a request sent outside the client (an upload). */
  getLocale(): string {
    return this.tokens.getLocale();
  }

  private nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }

  private setLoggedIn(loggedIn: boolean): void {
    const before = this.tokens.isLoggedIn();
    this.tokens.setLoggedIn(loggedIn);
    if (before !== loggedIn) notify(this.onSessionChange, loggedIn);
  }

  /**
   * The token to use for a call. A stored token that the table says to use is used at once; otherwise
   * (or while an acquisition is already in flight) every caller shares a single acquisition.
   * `rejected`: the server refused this access token; `fresh`: do not join the acquisition in flight.
   */
  private async acquire(options: { rejected?: string; fresh?: boolean }): Promise<TokenOutcome> {
    const { rejected, fresh = false } = options;
    if (!fresh && this.inflight) {
      const shared = await this.inflight;
      // The acquisition we joined answered the very token the server just refused: start our own.
      if (rejected !== undefined && shared.ok && shared.token === rejected) return this.acquire(options);
      return shared;
    }
    if (!fresh && rejected === undefined) {
      const decision = decideToken(this.tokens.getTokens(), this.nowSeconds());
      if (decision.action === 'use') return { ok: true, token: decision.access };
    }
    return this.startAcquisition(rejected);
  }

  private startAcquisition(rejected: string | undefined): Promise<TokenOutcome> {
    const run = async (): Promise<TokenOutcome> => {
      try {
        return await this.withTokenLock(() => this.acquireLocked(rejected));
      } finally {
        // Cleared before the promise settles, so a waiter that needs another acquisition starts one.
        if (this.inflight === pending) this.inflight = null;
      }
    };
    const pending = run();
    this.inflight = pending;
    return pending;
  }

  /** Runs `task` holding the cross-tab lock when the Web Locks API is there; otherwise just runs it. */
  private async withTokenLock(task: () => Promise<TokenOutcome>): Promise<TokenOutcome> {
    const guarded = async (): Promise<TokenOutcome> => {
      try {
        return await task();
      } catch (error) {
        return { ok: false, status: 0, problem: networkProblem(error) };
      }
    };
    if (!this.locks) return guarded();
    let started = false;
    try {
      return await this.locks.request(TOKEN_LOCK_NAME, () => {
        started = true;
        return guarded();
      });
    } catch {
      // The lock itself failed (e.g. refused in this context): do the work without it.
      return started ? { ok: false, status: 0, problem: networkProblem(null) } : guarded();
    }
  }

  /**
   * Inside the lock: re-read storage first, since another tab may have stored a fresh pair meanwhile,
   * then refresh or register a guest as the table says.
   */
  private async acquireLocked(rejected: string | undefined): Promise<TokenOutcome> {
    const generation = this.generation;
    const stored = this.tokens.getTokens();
    if (rejected !== undefined && stored.access === rejected) {
      // Spec: a revoked session → clear the tokens, become a guest.
      this.tokens.clearTokens();
      this.setLoggedIn(false);
      return this.obtainGuest(generation);
    }
    const decision = decideToken(stored, this.nowSeconds());
    if (decision.action === 'use') return { ok: true, token: decision.access };
    if (decision.action === 'guest') return this.obtainGuest(generation);

    const refreshed = await this.tokenCall(REFRESH_PATH, { refreshToken: decision.refresh });
    if (refreshed.ok) return this.store(refreshed.pair, generation);
    // A transient failure (server down, rate limited) keeps the tokens; the next call tries again.
    if (!isDefinitiveRefusal(refreshed.status)) return refreshed;
    // The refresh token was refused: fall back to a guest set, signed out.
    if (generation === this.generation) this.setLoggedIn(false);
    return this.obtainGuest(generation);
  }

  private async obtainGuest(generation: number): Promise<TokenOutcome> {
    const registered = await this.tokenCall(REGISTER_PATH, { auth: 'client' });
    if (!registered.ok) return registered;
    if (generation === this.generation) this.setLoggedIn(false);
    return this.store(registered.pair, generation);
  }

  /** Saves a new pair, unless signIn/signOut happened meanwhile (then the token serves only this call). */
  private store(pair: TokenPair, generation: number): TokenOutcome {
    if (generation === this.generation) this.tokens.setTokens(pair);
    return { ok: true, token: pair.access_token };
  }

  /** POST to a token endpoint (no bearer token needed) and validate the pair it answers. */
  private async tokenCall(
    path: string,
    body: unknown,
  ): Promise<{ ok: true; pair: TokenPair } | { ok: false; status: number; problem: Problem }> {
    const result = await this.send<unknown>('POST', path, body, {}, null);
    if (!result.ok) {
      this.logFailure('POST', path, result);
      return result;
    }
    const pair = asTokenPair(result.data);
    if (pair) return { ok: true, pair };
    const problem = syntheticProblem(result.status, 'invalid_response', 'The server answered without a token pair');
    this.logFailure('POST', path, { status: result.status, problem });
    return { ok: false, status: result.status, problem };
  }

  private url(path: string, query: QueryParams | undefined): string {
    const url = `${this.baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
    if (!query) return url;
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) params.append(key, String(value));
    }
    const search = params.toString();
    if (!search) return url;
    return `${url}${url.includes('?') ? '&' : '?'}${search}`;
  }

  private headers(token: string | null): Record<string, string> {
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      // Spec §7: reads send the stored language (default sr); harmless on every other call, so always sent.
      'Accept-Language': this.tokens.getLocale(),
    };
    // Spec §7 "most ask for zlib encoding": Accept-Encoding is a forbidden header the browser sets itself.
    if (token !== null) headers.Authorization = `Bearer ${token}`;
    return headers;
  }

  /** One HTTP exchange, never throwing: network failures and aborts become problems with status 0. */
  private async send<T>(
    method: HttpMethod,
    path: string,
    body: unknown,
    init: ApiRequestInit,
    token: string | null,
  ): Promise<ApiResult<T>> {
    const requestInit: RequestInit = { method, headers: this.headers(token), signal: init.signal };
    // A JSON content type with an empty body is a 400 (malformed_body), so a bodiless write sends {}.
    if (method !== 'GET') requestInit.body = JSON.stringify(body === undefined ? {} : body);
    const fetchFn = this.fetchFn;
    let response: Response;
    try {
      response = await fetchFn(this.url(path, init.query), requestInit);
    } catch (error) {
      if (isAbort(error) || init.signal?.aborted) {
        return { ok: false, status: 0, problem: syntheticProblem(0, 'aborted', 'The request was cancelled') };
      }
      return { ok: false, status: 0, problem: networkProblem(error) };
    }

    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      if (isAbort(error) || init.signal?.aborted) {
        return { ok: false, status: 0, problem: syntheticProblem(0, 'aborted', 'The request was cancelled') };
      }
      return { ok: false, status: response.status, problem: networkProblem(error) };
    }

    let parsed: unknown = null;
    let parseFailed = false;
    if (text !== '') {
      if (isJsonType(response.headers.get('content-type'))) {
        try {
          parsed = JSON.parse(text);
        } catch {
          parseFailed = true;
        }
      } else {
        parsed = text;
      }
    }

    if (!response.ok) return { ok: false, status: response.status, problem: toProblem(response.status, parsed) };
    if (parseFailed) {
      return {
        ok: false,
        status: response.status,
        problem: syntheticProblem(response.status, 'invalid_response', 'The server answered unreadable JSON'),
      };
    }
    // The body is trusted to be T (the server validates its answers against the same shared schemas).
    return { ok: true, status: response.status, data: parsed as T };
  }

  /**
   * Spec §8 logs every non-OK answer; only the unexpected ones (server errors, network failures, a request
   * the server could not read) are console errors. A refusal the app expects and handles itself (a wrong
   * code or password, a conflict, a lapsed session the client renews) is an info line, so that error
   * monitoring and the browser journeys' console checks see only what needs a look.
   */
  private logFailure(method: HttpMethod, path: string, failure: { status: number; problem: Problem }): void {
    if (failure.problem.code === 'aborted') return;
    const log = isExpectedRefusal(failure) ? console.info : console.error;
    log(`API ${method} ${path} failed: ${failure.status} ${failure.problem.code}`, failure.problem);
  }

  /** Spec §8: a non-OK answer is logged, handed to onProblem, and still returned to the caller. */
  private finish<T>(method: HttpMethod, path: string, result: ApiResult<T>): ApiResult<T> {
    if (result.ok) return result;
    this.logFailure(method, path, result);
    if (result.problem.code !== 'aborted') notify(this.onProblem, result.problem);
    return result;
  }
}

let browserClient: ApiClient | null = null;

/**
 * The browser-wide client (window.fetch, localStorage, navigator.locks), created on first use. During
 * server rendering there is no browser: each call then answers a new client over in-memory storage, so
 * no token is ever shared between two visitors' renders.
 */
export function getApiClient(): ApiClient {
  if (typeof window === 'undefined') return new ApiClient({ storage: createMemoryStorage(), locks: null });
  browserClient ??= new ApiClient({
    fetch: (input, init) => window.fetch(input, init),
    storage: defaultStorage(),
    locks: defaultLocks(),
  });
  return browserClient;
}

/** Replaces the browser-wide client (component tests, or wiring onProblem/onSessionChange at start-up). */
export function setApiClient(client: ApiClient | null): void {
  browserClient = client;
}
