/**
 * The one HTTP client of the web app: same-origin '/api/...' calls (Vite proxies them in
 * development), a 30 s timeout (SPEC §7), the bearer token when there is one, and every failure
 * as an {@link ApiError} so callers and TanStack Query see one error type.
 */
import { getAccessToken } from './session';

export const API_TIMEOUT_MS = 30_000;

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

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | undefined>;
  /** Cancels the call (TanStack Query passes one to every query function). */
  signal?: AbortSignal;
  timeoutMs?: number;
}

function buildUrl(path: string, query: ApiRequestOptions['query']): string {
  const url = new URL(path.startsWith('/') ? path : `/${path}`, window.location.origin);
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

/**
 * Calls the API and returns the parsed JSON body. The caller states the type it expects; the
 * answer is not validated here (the API is ours and typed on its side), only normalized by the
 * feature's fetcher where the SPEC allows several shapes.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal, timeoutMs = API_TIMEOUT_MS } = options;

  // AbortSignal.any is missing on older iPhones still in use, so both signals feed one controller.
  const controller = new AbortController();
  let timedOut = false;
  const timer = window.setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', forwardAbort, { once: true });

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const access = getAccessToken();
  if (access) headers.Authorization = `Bearer ${access}`;

  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(path, query), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
      });
    } catch (cause) {
      // A cancellation asked for by the caller is not an error to show: rethrow it as is.
      if (signal?.aborted && !timedOut) throw cause;
      throw new ApiError(0, null, timedOut ? 'Tempo de resposta esgotado' : 'Sem resposta do servidor', timedOut);
    }
    const data = await readBody(response);
    if (!response.ok) throw new ApiError(response.status, data, `HTTP ${response.status} em ${method} ${path}`);
    return data as T;
  } finally {
    window.clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

export function apiGet<T>(path: string, options: Omit<ApiRequestOptions, 'method' | 'body'> = {}): Promise<T> {
  return apiRequest<T>(path, { ...options, method: 'GET' });
}
