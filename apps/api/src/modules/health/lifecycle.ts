/**
 * An instance's life behind a proxy: ready while it serves, draining from the moment it
 * is asked to stop. Draining, it still answers every request that reaches it, but readiness says
 * 503 (the proxy's health check takes it out of rotation) and every answer carries
 * `Connection: close` (no connection is kept for a next request that might find it gone). Once the
 * proxy has stopped sending, the requests in flight are answered and nothing more waits to be
 * read, the server closes: the listener first (a connection still open {@link CLOSE_GRACE_MS}
 * later is cut), then the timed work (the sweeper and the outbox finish or give back what they
 * hold), then the database.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { type WaitingInKernel, waitingInKernel } from './kernel-queues.js';

export interface Lifecycle {
  /** True from {@link beginDrain} on: readiness answers 503. */
  readonly draining: boolean;
  /** Requests being answered now (pages rendered on the server count their API calls too). */
  readonly inFlight: number;
  /** Connections accepted and requests begun since the start: it moves while anything arrives. */
  readonly arrivals: number;
  beginDrain(): void;
  /**
   * The proxy's own health check (deploy/Caddyfile asks `/api/health/ready/?sonda=proxy`) was
   * answered 503 while draining: from then on the proxy sends nothing new here.
   */
  proxySawDrain(): void;
  /** Resolves once {@link proxySawDrain} was called. */
  readonly proxySeen: Promise<void>;
  /** Resolves once no request is in flight (at once when none is). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

export function registerLifecycle(app: FastifyInstance): Lifecycle {
  let draining = false;
  let inFlight = 0;
  let arrivals = 0;
  let waiters: (() => void)[] = [];
  let sawDrain!: () => void;
  const proxySeen = new Promise<void>((resolve) => (sawDrain = resolve));

  const settle = () => {
    if (inFlight > 0) return;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };

  app.server.on('connection', () => arrivals++);
  app.addHook('onRequest', async (req, reply) => {
    inFlight++;
    arrivals++;
    // 'close' comes once per response, whether it was sent whole or its connection was cut.
    reply.raw.once('close', () => {
      inFlight--;
      settle();
    });
  });
  app.addHook('onSend', async (_req, reply) => {
    if (draining) reply.header('connection', 'close');
  });

  const lifecycle: Lifecycle = {
    get draining() {
      return draining;
    },
    get inFlight() {
      return inFlight;
    },
    get arrivals() {
      return arrivals;
    },
    beginDrain() {
      draining = true;
    },
    proxySawDrain() {
      if (draining) sawDrain();
    },
    proxySeen,
    idle() {
      if (inFlight === 0) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
  app.decorate('lifecycle', lifecycle);
  return lifecycle;
}

export interface ShutdownTimings {
  /**
   * How long readiness says 503 before the listener closes, at most: the proxy's health check
   * must see it (deploy/Caddyfile checks every second; measured in the rehearsal, Caddy took
   * 0.3–1.0 s on a quiet machine and up to 3 s on one loaded three times over, so 5 s leaves a
   * margin). The drain ends sooner, {@link PROXY_SEEN_MARGIN_MS} after the proxy's own check was
   * answered 503: an instance restarted during a sale is back in rotation seconds earlier.
   */
  drainMs: number;
  /** The whole shutdown, drain included (SHUTDOWN_TIMEOUT_SECONDS). */
  timeoutMs: number;
}

/** The drain the proxy of deploy/Caddyfile needs, never more than half of the whole timeout. */
export function shutdownTimings(timeoutSeconds: number): ShutdownTimings {
  const timeoutMs = timeoutSeconds * 1000;
  return { drainMs: Math.min(5000, Math.floor(timeoutMs / 2)), timeoutMs };
}

/**
 * After the proxy's check was answered 503, how long requests it had already routed here may
 * still arrive: Caddy marks the instance down as it reads that answer, so this is only the
 * requests already on their way.
 */
export const PROXY_SEEN_MARGIN_MS = 1500;

/**
 * Once every request is answered and the listener closes, how long a connection may stay open
 * before it is cut: by then nothing is being answered on it (half a request, a socket the
 * proxy never used), and the listener's close would otherwise wait for it.
 */
export const CLOSE_GRACE_MS = 1000;

/**
 * Once the last request is answered, how long nothing new may arrive before the listener closes.
 * The event loop polls its sockets meanwhile, so a connection or a request the kernel was holding
 * (a busy instance reaches them late) is taken and answered instead of cut by the close.
 */
export const QUIET_MS = 200;

export type ShutdownOutcome = 'closed' | 'timed-out';

/** The connections still open to the listener (null when it cannot say). */
function openConnections(app: FastifyInstance): Promise<number | null> {
  return new Promise((resolve) =>
    app.server.getConnections((err, count) => resolve(err ? null : count)),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

function listeningPort(app: FastifyInstance): number | null {
  const address = app.server.address();
  return address && typeof address === 'object' ? (address as AddressInfo).port : null;
}

/**
 * Resolves when no request is in flight, nothing arrived for {@link QUIET_MS}, and the kernel
 * holds nothing new for the port (no connection to accept, no request to read). Measured in a
 * drop (issue 32): a saturated instance whose last counted request had just been answered still
 * had 44 connections in its listen queue and 46 holding unread requests; closing then cut them
 * all. What the kernel still holds after a quiet spell arrived in its last moment, and the next
 * spell takes it; the same reading twice is a socket Node has paused and will not read, and is not
 * waited for. `onWait` hears each reading it waited for; `read` is the kernel's (tests give theirs).
 */
export async function untilNothingWaits(
  app: FastifyInstance,
  onWait: (waiting: WaitingInKernel) => void,
  read: (port: number) => Promise<WaitingInKernel | null> = waitingInKernel,
): Promise<void> {
  const port = listeningPort(app);
  let previous = '';
  for (;;) {
    await app.lifecycle.idle();
    const before = app.lifecycle.arrivals;
    await sleep(QUIET_MS);
    if (app.lifecycle.inFlight > 0 || app.lifecycle.arrivals !== before) continue;
    const waiting = port === null ? null : await read(port);
    if (!waiting || (waiting.unaccepted === 0 && waiting.unreadConnections === 0)) return;
    const reading = JSON.stringify(waiting);
    if (reading === previous) return;
    previous = reading;
    onWait(waiting);
  }
}

/**
 * Drains and closes the app within `timeoutMs`: readiness 503 for `drainMs`, then waits for the
 * requests in flight and for what the kernel still holds, then `app.close()` (listener, timed
 * work, database). 'timed-out' when it could not finish in time (the caller then exits anyway,
 * with an error).
 */
export async function shutDownGracefully(
  app: FastifyInstance,
  timings: ShutdownTimings,
): Promise<ShutdownOutcome> {
  const started = Date.now();
  // Where it stands, for the line a timeout logs: the next engineer sees what it waited for.
  let stage: 'drain' | 'requests' | 'close' = 'drain';
  let lastWaiting: WaitingInKernel | undefined;
  app.lifecycle.beginDrain();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<ShutdownOutcome>((resolve) => {
    timer = setTimeout(() => resolve('timed-out'), timings.timeoutMs);
    timer.unref();
  });
  const closing = (async (): Promise<ShutdownOutcome> => {
    const proxyOut = app.lifecycle.proxySeen.then(() => sleep(PROXY_SEEN_MARGIN_MS));
    await Promise.race([sleep(timings.drainMs), proxyOut]);
    app.log.info(
      { inFlight: app.lifecycle.inFlight, drainMs: Date.now() - started },
      'encerrando: fora do balanceamento',
    );
    stage = 'requests';
    await untilNothingWaits(app, (waiting) => (lastWaiting = waiting));
    stage = 'close';
    const closed = app.close();
    const cutLingering = setTimeout(async () => {
      app.log.warn(
        { openConnections: await openConnections(app) },
        'encerrando: fechando conexões sem resposta pendente',
      );
      app.server.closeAllConnections();
    }, CLOSE_GRACE_MS);
    cutLingering.unref();
    await closed;
    clearTimeout(cutLingering);
    // lastWaiting: what the kernel held the last time the close had to wait for it.
    app.log.info({ ms: Date.now() - started, lastWaiting }, 'encerrada');
    return 'closed';
  })();
  try {
    const outcome = await Promise.race([closing, timedOut]);
    if (outcome === 'timed-out') {
      app.log.error(
        {
          stage,
          inFlight: app.lifecycle.inFlight,
          lastWaiting,
          openConnections: await openConnections(app),
          ms: Date.now() - started,
        },
        'encerramento parado',
      );
    }
    return outcome;
  } finally {
    clearTimeout(timer);
  }
}
