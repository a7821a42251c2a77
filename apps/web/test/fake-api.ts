/**
 * A fake of the store's API at the `fetch` boundary, for the web's unit tests: each route answers
 * what the test gives it, in the API's shapes (docs/*-contract.md), and every call is recorded.
 * A call to a route the test did not arrange fails the test (see `unhandled`).
 */
import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  /** The path without the query, always with its leading slash: '/api/pay/'. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  /** The parsed JSON body, when there was one. */
  body: unknown;
}

/** What a route answers: a status and JSON body, or no answer at all (network down). */
export type FakeAnswer = { status?: number; body?: unknown } | 'no-response';
export type FakeRoute = FakeAnswer | ((call: ApiCall) => FakeAnswer | Promise<FakeAnswer>);

export interface FakeApi {
  /** Sets (or replaces) what 'METHOD /path/' answers. */
  on: (route: string, answer: FakeRoute) => void;
  calls: ApiCall[];
  /** The calls to one route, in order. */
  callsTo: (route: string) => ApiCall[];
  /** Calls no route was arranged for. */
  unhandled: string[];
}

/** Installs the fake as the global fetch (restored after each test by `unstubGlobals`). */
export function installFakeApi(routes: Record<string, FakeRoute> = {}): FakeApi {
  const table = new Map(Object.entries(routes));
  const calls: ApiCall[] = [];
  const unhandled: string[] = [];

  async function fakeFetch(input: string | URL | Request, init: RequestInit = {}) {
    const url = new URL(String(input), 'http://loja.test');
    const method = (init.method ?? 'GET').toUpperCase();
    const call: ApiCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: { ...(init.headers as Record<string, string> | undefined) },
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    const key = `${method} ${url.pathname}`;
    const route = table.get(key);
    if (route === undefined) {
      unhandled.push(key);
      return new Response(JSON.stringify({ error: `Rota não simulada: ${key}` }), { status: 500 });
    }
    const answer = typeof route === 'function' ? await route(call) : route;
    if (answer === 'no-response') throw new TypeError('Failed to fetch');
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  }

  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  return {
    on: (route, answer) => void table.set(route, answer),
    calls,
    callsTo: (route) => calls.filter((c) => `${c.method} ${c.path}` === route),
    unhandled,
  };
}

/** An access token (a JWT, unsigned) the web app will not refresh: it expires in an hour. */
export function accessToken(subject = 'ana@exemplo.com.br'): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: subject, exp })}.assinatura`;
}
