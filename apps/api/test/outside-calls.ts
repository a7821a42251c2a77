/**
 * Vitest setup of the API tests (vitest.config.ts `setupFiles`): an outside call that a test did
 * not arrange fails that test, even when the code under test swallows the error (ViaCEP's adapter
 * turns it into 'Erro ao validar CEP', the health check into 'unreachable', the outbox worker
 * into a retry).
 *
 * Unarranged is the closed local port testConfig() points ViaCEP and PagBank at
 * (test/outside-services.ts) and any other machine than this one; the fakes a test starts on a
 * free local port, the app under test (`app.inject`, local servers) and the PostgreSQL of
 * TEST_DATABASE_URL are arranged and left alone. Such a call is recorded and answered at once
 * with a refused connection, the way it would fail on a machine without network, and `afterEach`
 * (and, for a file's hooks, `afterAll`) throws `Chamada externa não preparada no teste: <service>
 * <url>`. Three doors are watched:
 *
 * - `globalThis.fetch`, the path of the ViaCEP and PagBank adapters (`options.fetch ?? fetch`,
 *   read when the app is built, so after this file has run);
 * - nodemailer's `createTransport`, the SMTP client's (the mailer's `sendMail` and `verify`),
 *   before nodemailer resolves a host name;
 * - `net.Socket.prototype.connect`, under both and under anything else (http.request, a raw
 *   socket, TLS): whatever reaches the network.
 *
 * A test whose code must call a service arranges it: it starts the fake (test/fake-viacep.ts,
 * test/fake-pagbank.ts, test/smtp-sink.ts) and points the setting at it, or hands the app a fake
 * (memoryMailer, a PaymentProvider of its own). The guard is never the thing to loosen.
 */
import net from 'node:net';
import nodemailer from 'nodemailer';
import { afterAll, afterEach } from 'vitest';
import { isUnarranged, serviceOf } from './outside-services.js';

export interface OutsideCall {
  service: string;
  url: string;
}

interface GuardState {
  calls: OutsideCall[];
  installed: boolean;
}

// On globalThis: a worker that runs several files installs the guard once; each file starts clean.
const STATE = Symbol.for('semijoias.test.outside-calls');
const scope = globalThis as typeof globalThis & { [STATE]?: GuardState };
const state: GuardState = (scope[STATE] ??= { calls: [], installed: false });
state.calls.length = 0;

/** `host:port` arranged outside this machine: the PostgreSQL of TEST_DATABASE_URL. */
function arrangedElsewhere(): string[] {
  const url = process.env.TEST_DATABASE_URL?.trim();
  if (!url) return [];
  try {
    const u = new URL(url);
    return [`${u.hostname.replace(/^\[|\]$/g, '').toLowerCase()}:${Number(u.port || 5432)}`];
  } catch {
    return [];
  }
}
const ALLOWED = arrangedElsewhere();

function record(service: string, url: string): void {
  state.calls.push({ service, url });
}

/** A refused connection, shaped like Node's (`code`, `syscall`, `address`, `port`). */
function refused(host: string, port: number): Error {
  return Object.assign(
    new Error(`connect ECONNREFUSED ${host}:${port} (chamada externa não preparada no teste)`),
    { code: 'ECONNREFUSED', errno: -111, syscall: 'connect', address: host, port },
  );
}

function defaultPort(protocol: string): number {
  return ({ 'http:': 80, 'https:': 443, 'smtp:': 587, 'smtps:': 465 } as const)[protocol] ?? 0;
}

function installFetchGuard(): void {
  const realFetch = globalThis.fetch;
  globalThis.fetch = async function guardedFetch(input, init) {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    let url: URL | undefined;
    try {
      url = new URL(href);
    } catch {
      // Not an absolute URL: fetch refuses it by itself.
    }
    if (url && (url.protocol === 'http:' || url.protocol === 'https:')) {
      const port = Number(url.port || defaultPort(url.protocol));
      if (isUnarranged(url.hostname, port, ALLOWED)) {
        record(serviceOf(url), url.href);
        // What undici throws when nothing listens: `TypeError('fetch failed')`, the reason as cause.
        throw new TypeError('fetch failed', { cause: refused(url.hostname, port) });
      }
    }
    return realFetch(input, init);
  };
}

type Transporter = ReturnType<typeof nodemailer.createTransport>;

/** The SMTP server a nodemailer transport would talk to, when it is one (not a stream, JSON...). */
function smtpTarget(options: unknown): URL | undefined {
  try {
    if (typeof options === 'string') return new URL(options);
    if (!options || typeof options !== 'object') return undefined;
    const o = options as { url?: unknown; host?: unknown; port?: unknown; secure?: unknown };
    if (typeof o.url === 'string') return new URL(o.url);
    if (typeof o.host !== 'string') return undefined;
    const url = new URL(`${o.secure ? 'smtps' : 'smtp'}://localhost`);
    url.hostname = o.host;
    if (o.port !== undefined) url.port = String(o.port);
    return url;
  } catch {
    return undefined;
  }
}

function installSmtpGuard(): void {
  const mailer = nodemailer as { createTransport: typeof nodemailer.createTransport };
  const realCreate = mailer.createTransport;
  mailer.createTransport = function guardedCreateTransport(
    ...args: Parameters<typeof realCreate>
  ): Transporter {
    const transport = realCreate(...args);
    const target = smtpTarget(args[0]);
    if (!target) return transport;
    const port = Number(target.port || defaultPort(target.protocol));
    if (!isUnarranged(target.hostname, port, ALLOWED)) return transport;
    // Recorded when the mailer is used (a config that only names a server calls nothing).
    const refuse = (callback: unknown): Promise<never> | undefined => {
      record('SMTP', `${target.protocol}//${target.host}`);
      const err = refused(target.hostname, port);
      if (typeof callback === 'function') {
        process.nextTick(() => (callback as (e: Error) => void)(err));
        return undefined;
      }
      return Promise.reject(err);
    };
    const guarded = transport as unknown as Record<'sendMail' | 'verify', unknown>;
    guarded.sendMail = (_mail: unknown, callback?: unknown) => refuse(callback);
    guarded.verify = (callback?: unknown) => refuse(callback);
    return transport;
  } as typeof realCreate;
}

/** Where a `socket.connect(...)` call goes; undefined for a local (unix) socket. */
function destination(args: unknown[]): { host: string; port: number } | undefined {
  // net.connect() hands its arguments over already normalized: `[[options, listener]]`.
  const first: unknown = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
  if (first && typeof first === 'object') {
    const o = first as { path?: unknown; host?: unknown; port?: unknown };
    if (o.path !== undefined && o.path !== null) return undefined;
    return { host: typeof o.host === 'string' ? o.host : 'localhost', port: Number(o.port) };
  }
  if (typeof first === 'string' && !/^\d+$/.test(first)) return undefined;
  return { host: typeof args[1] === 'string' ? args[1] : 'localhost', port: Number(first) };
}

function installSocketGuard(): void {
  const proto = net.Socket.prototype as unknown as { connect: (...args: unknown[]) => net.Socket };
  const realConnect = proto.connect;
  proto.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
    const to = destination(args);
    if (to && isUnarranged(to.host, to.port, ALLOWED)) {
      const host = to.host.includes(':') ? `[${to.host}]` : to.host;
      record(serviceOf(new URL(`tcp://${host}:${to.port}`)), `tcp://${host}:${to.port}`);
      // Never connected: the socket fails the way a refused one does, on the next tick.
      process.nextTick(() => this.destroy(refused(to.host, to.port)));
      return this;
    }
    return realConnect.apply(this, args);
  };
}

if (!state.installed) {
  installFetchGuard();
  installSmtpGuard();
  installSocketGuard();
  state.installed = true;
}

/** The outside calls recorded since the last check, which are forgotten. */
export function takeOutsideCalls(): OutsideCall[] {
  return state.calls.splice(0);
}

/** Throws (once) when an unarranged outside call was made since the last check. */
export function assertNoOutsideCalls(): void {
  const calls = takeOutsideCalls();
  if (calls.length === 0) return;
  throw new Error(
    calls.map((c) => `Chamada externa não preparada no teste: ${c.service} ${c.url}`).join('\n'),
  );
}

afterEach(() => assertNoOutsideCalls());
// Calls from a file's own hooks after its last test (closing an app, a last sweep).
afterAll(() => assertNoOutsideCalls());
