/**
 * The one HTTP client of the web app: same-origin '/api/...' calls (Vite proxies them in
 * development), a 30 s timeout (SPEC §7), the bearer token when there is one, and every failure
 * as an {@link ApiError} so callers and TanStack Query see one error type.
 *
 * The session rules of SPEC §4 live here too: an access token with fewer than 120 s left is
 * refreshed before the call (one refresh shared by concurrent calls, 10 s timeout); a 401 answer
 * or a failed refresh ends the session, sends the shopper to '/' and rejects with
 * 'Authentication failed'.
 */
import { AUTHENTICATION_FAILED, isTokenExpiring } from '@semijoias/domain/session';
import type { Outcome } from '@semijoias/domain/messages';
import { DEVICE_HEADER, DEVICE_STORAGE_KEY } from '@semijoias/domain/second-factor';
import { clearSession, getAccessToken, getRefreshToken, storeTokens } from './session';
import { randomId } from './random-id';

export const API_TIMEOUT_MS = 30_000;
export const REFRESH_TIMEOUT_MS = 10_000;

/**
 * A call that did not succeed. `status` is the HTTP status, or 0 when no answer came back
 * (network down, timeout): SPEC §8 words those as connection errors. `data` is the parsed JSON
 * body when the server sent one ({error}, {message}, {errors: {field: [..]}}).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;
  readonly timedOut: boolean;

  constructor(status: number, data: unknown, message: string, timedOut = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
    this.timedOut = timedOut;
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }

  /** No answer from the server (SPEC §8 "No response"). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The rejection of a call whose session ended (SPEC §4): its message is 'Authentication failed'. */
export class AuthenticationError extends Error {
  constructor() {
    super(AUTHENTICATION_FAILED);
    this.name = 'AuthenticationError';
  }
}

/** A failed call as the domain's message functions read it. */
export function toOutcome(error: unknown): Outcome {
  if (isApiError(error))
    return error.isNetworkError
      ? { kind: 'no-response' }
      : { kind: 'response', status: error.status, data: error.data };
  return { kind: 'other' };
}

let goHome: () => void = () => {
  if (window.location.pathname !== '/') window.location.assign('/');
};

/** The app shell hands in its router's navigation, so the redirect to '/' stays in the SPA. */
export function setAuthFailureRedirect(redirect: () => void): void {
  goHome = redirect;
}

function failAuthentication(): never {
  clearSession();
  goHome();
  throw new AuthenticationError();
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | undefined>;
  /** Cancels the call (TanStack Query passes one to every query function). */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Extra request headers (the cart merge's Idempotency-Key). */
  headers?: Record<string, string>;
  /**
   * false for the calls that make a session (api/token/, api/token/refresh/): no bearer, no
   * refresh before, and a 401 is their own answer (wrong password), not an ended session.
   */
  auth?: boolean;
}

/**
 * How a request leaves: the browser's fetch, or on the server (rendering a public page) a
 * function that hands the request to the API in the same process (see entry-server.tsx).
 */
type Transport = (path: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (path, init) => fetch(path, init);

export function setApiTransport(next: Transport): void {
  transport = next;
}

function buildUrl(path: string, query: ApiRequestOptions['query']): string {
  // Only the path and query are kept: the base just lets URL encode them (no window on a server).
  const url = new URL(path.startsWith('/') ? path : `/${path}`, 'http://loja.invalid');
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return `${url.pathname}${url.search}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** One HTTP exchange: timeout, optional bearer, JSON in and out, failures as ApiError. */
async function send<T>(
  path: string,
  options: ApiRequestOptions,
  access: string | null,
): Promise<T> {
  const { method = 'GET', body, query, signal, timeoutMs = API_TIMEOUT_MS } = options;

  // AbortSignal.any is missing on older iPhones still in use, so both signals feed one controller.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', forwardAbort, { once: true });

  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (access) headers.Authorization = `Bearer ${access}`;

  try {
    let response: Response;
    try {
      response = await transport(buildUrl(path, query), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
      });
    } catch (cause) {
      // A cancellation asked for by the caller is not an error to show: rethrow it as is.
      if (signal?.aborted && !timedOut) throw cause;
      throw new ApiError(
        0,
        null,
        timedOut ? 'Tempo de resposta esgotado' : 'Sem resposta do servidor',
        timedOut,
      );
    }
    const data = await readBody(response);
    if (!response.ok)
      throw new ApiError(response.status, data, `HTTP ${response.status} em ${method} ${path}`);
    return data as T;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

interface TokenPair {
  access: string;
  refresh?: string;
}

let refreshInFlight: Promise<string> | null = null;

/**
 * Runs `task` while holding a lock shared by every tab of the store (Web Locks), so two tabs never
 * spend the same refresh token: the server would take the second use for a stolen token and end
 * the session. Without the API (an old browser, a non-secure origin) the task just runs.
 */
function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request('semijoias:token-refresh', task) as Promise<T>) : task();
}

/**
 * Trades the refresh token for a new pair. Concurrent callers of this tab share one request, and
 * tabs take turns (withRefreshLock): the refresh token is single use (rotated), so a second
 * request with the same one would revoke the family.
 */
function refreshAccessToken(refresh: string): Promise<string> {
  refreshInFlight ??= withRefreshLock(async () => {
    // Another tab may have rotated the pair while this one waited: use what it stored.
    const stored = getRefreshToken();
    const access = getAccessToken();
    if (stored && stored !== refresh && access && !isTokenExpiring(access, Date.now() / 1000))
      return access;
    const current = stored ?? refresh;
    const pair = await send<TokenPair>(
      'api/token/refresh/',
      { method: 'POST', body: { refresh: current }, timeoutMs: REFRESH_TIMEOUT_MS },
      null,
    );
    if (typeof pair?.access !== 'string') throw new Error('refresh without access token');
    storeTokens(pair.access, pair.refresh ?? current);
    return pair.access;
  }).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/** The access token to send: refreshed first when it is expiring and a refresh token exists. */
async function currentAccessToken(): Promise<string | null> {
  const access = getAccessToken();
  const refresh = getRefreshToken();
  if (!access || !refresh || !isTokenExpiring(access, Date.now() / 1000)) return access;
  try {
    return await refreshAccessToken(refresh);
  } catch {
    return failAuthentication();
  }
}

/**
 * Calls the API and returns the parsed JSON body. The caller states the type it expects; the
 * answer is not validated here (the API is ours and typed on its side), only normalized by the
 * feature's fetcher where the SPEC allows several shapes.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  if (options.auth === false) return send<T>(path, options, null);
  const access = await currentAccessToken();
  try {
    return await send<T>(path, options, access);
  } catch (error) {
    if (isApiError(error) && error.status === 401) failAuthentication();
    throw error;
  }
}

/**
 * A file behind the session (an owner's backup): the same bearer and refresh as apiRequest, the
 * answer kept as a Blob (the caller saves it). No timeout: a large file takes what it takes.
 */
export async function apiDownload(path: string): Promise<Blob> {
  const access = await currentAccessToken();
  const response = await transport(buildUrl(path, undefined), {
    headers: access ? { Authorization: `Bearer ${access}` } : {},
  }).catch(() => {
    throw new ApiError(0, null, 'Sem resposta do servidor');
  });
  if (!response.ok) {
    if (response.status === 401) failAuthentication();
    throw new ApiError(
      response.status,
      await readBody(response),
      `HTTP ${response.status} em GET ${path}`,
    );
  }
  return response.blob();
}

/**
 * A random id of this browser, made once and kept: the API e-mails an owner when her account logs
 * in from a browser it has not seen (randomId works over plain HTTP too). Blocked storage: no id, which counts as a new browser.
 */
export function deviceId(): string | undefined {
  try {
    const kept = window.localStorage.getItem(DEVICE_STORAGE_KEY);
    if (kept) return kept;
    const id = randomId();
    window.localStorage.setItem(DEVICE_STORAGE_KEY, id);
    return id;
  } catch {
    return undefined;
  }
}

/** POST api/token/ (`username` is the e-mail): stores both tokens on success. */
export async function login(email: string, password: string): Promise<void> {
  const device = deviceId();
  const pair = await apiRequest<TokenPair>('api/token/', {
    method: 'POST',
    body: { username: email.trim(), password },
    headers: device ? { [DEVICE_HEADER]: device } : undefined,
    auth: false,
  });
  storeTokens(pair.access, pair.refresh);
}

/**
 * 'Sair da Conta' (SPEC §4): both tokens go at once, and the server is asked to end the session
 * (POST api/logout/ with the refresh token: its family is revoked, docs/auth-contract.md). Best
 * effort: the browser's session is cleared whatever that call answers, even with no network; the
 * returned promise settles when the call is over and never rejects. The caller navigates to '/'.
 */
export function logout(): Promise<void> {
  const refresh = getRefreshToken();
  clearSession();
  if (!refresh) return Promise.resolve();
  return send<unknown>(
    'api/logout/',
    { method: 'POST', body: { refresh }, timeoutMs: REFRESH_TIMEOUT_MS },
    null,
  ).then(
    () => undefined,
    () => undefined,
  );
}

export function apiGet<T>(
  path: string,
  options: Omit<ApiRequestOptions, 'method' | 'body'> = {},
): Promise<T> {
  return apiRequest<T>(path, { ...options, method: 'GET' });
}
