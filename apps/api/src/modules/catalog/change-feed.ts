/**
 * Hears the database say "the catalog changed" (migration 0005: statement triggers on the tables
 * the catalog answers read call `pg_notify('catalog_changed', '')` at commit).
 *
 * - PGlite (embedded, one process): `client.listen`. Its notifications ride on the answer of the
 *   committing query, so the cache is dropped before the writer's `await` returns.
 * - PostgreSQL: a dedicated `pg.Client`, never a pool connection (a pooled one would be handed to
 *   queries and released: LISTEN belongs to one session for its whole life). It reconnects with a
 *   growing delay when the connection is lost, and a periodic `select 1` finds a connection that
 *   died silently (a network cut sends no FIN): until then notifications would be lost unseen.
 *
 * The feed reports whether it is listening; the cache is bypassed while it is not and dropped on
 * each (re)connect, because notifications sent meanwhile went nowhere.
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../../db/client.js';

export const CATALOG_CHANNEL = 'catalog_changed';
/** How the listening session shows in pg_stat_activity (and how the tests find it). */
export const LISTENER_APPLICATION_NAME = 'semijoias-catalog-listener';

/**
 * What a notification says changed (migration 0013): anything a shopper sees, or only the stock
 * and sales counts of some products (`products` null: too many to name).
 */
export type CatalogChange =
  | { kind: 'catalog' }
  | { kind: 'stock'; products: readonly number[] | null }
  /**
   * Of these products (null: too many to name), a stock changed band on the storefront's pages
   * ('Esgotado', 'Últimas unidades', 'Em estoque': migration 0034). Always after its 'stock'.
   */
  | { kind: 'shown'; products: readonly number[] | null }
  /** A customer's sessions were ended (password reset, factor reset, anonymised): migration 0014. */
  | { kind: 'session'; userId: number | null }
  /** These customers' server carts changed (migration 0015); `users` null: anyone's. */
  | { kind: 'cart'; users: readonly number[] | null };

/** `1,2,3` as ids, or null when it is anything else. */
function idList(text: string): number[] | null {
  const ids = text.split(',').map(Number);
  return ids.every((id) => Number.isSafeInteger(id) && id > 0) ? ids : null;
}

/** A notification's payload read: '' (or anything unknown) is a change of the catalog. */
export function parseCatalogChange(payload: string | undefined): CatalogChange {
  if (payload === 'stock') return { kind: 'stock', products: null };
  if (payload === 'session') return { kind: 'session', userId: null };
  if (payload?.startsWith('session:')) {
    const userId = Number(payload.slice(8));
    if (Number.isSafeInteger(userId) && userId > 0) return { kind: 'session', userId };
  }
  if (payload?.startsWith('stock:')) {
    const products = idList(payload.slice(6));
    if (products) return { kind: 'stock', products };
  }
  if (payload === 'shown') return { kind: 'shown', products: null };
  if (payload?.startsWith('shown:')) {
    const products = idList(payload.slice(6));
    if (products) return { kind: 'shown', products };
  }
  if (payload === 'cart') return { kind: 'cart', users: null };
  if (payload?.startsWith('cart:')) {
    const users = idList(payload.slice(5));
    if (users) return { kind: 'cart', users };
  }
  return { kind: 'catalog' };
}

export interface ChangeFeedHandlers {
  /** The catalog changed (a notification arrived). */
  changed(change: CatalogChange): void;
  /** Listening started (true) or stopped (false): connected and LISTEN done, or lost. */
  listening(on: boolean): void;
}

export interface ChangeFeed {
  /** Resolves after the first attempt to listen, whether it worked or not (it retries). */
  start(handlers: ChangeFeedHandlers): Promise<void>;
  stop(): Promise<void>;
}

export interface PostgresFeedTimings {
  /** First retry after a lost connection; it doubles up to maxReconnectDelayMs. */
  reconnectDelayMs: number;
  maxReconnectDelayMs: number;
  /** How often the session is checked, and how long the check may take before it counts as lost. */
  pingIntervalMs: number;
  pingTimeoutMs: number;
}

export const DEFAULT_FEED_TIMINGS: PostgresFeedTimings = {
  reconnectDelayMs: 100,
  maxReconnectDelayMs: 5_000,
  pingIntervalMs: 15_000,
  pingTimeoutMs: 5_000,
};

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

export function createChangeFeed(
  database: Database,
  log: Log,
  timings: PostgresFeedTimings = DEFAULT_FEED_TIMINGS,
): ChangeFeed {
  if (database.kind === 'pglite') return pgliteFeed(database.client, log);
  return postgresFeed(database.pool.options, log, timings);
}

function pgliteFeed(client: Extract<Database, { kind: 'pglite' }>['client'], log: Log): ChangeFeed {
  let unlisten: (() => Promise<void>) | undefined;
  let handlers: ChangeFeedHandlers | undefined;
  return {
    async start(h) {
      handlers = h;
      try {
        unlisten = await client.listen(CATALOG_CHANNEL, (payload) =>
          handlers?.changed(parseCatalogChange(payload)),
        );
      } catch (err) {
        // Not listening means not caching: slower, never wrong.
        log.warn({ err }, 'catálogo: sem escuta de mudanças; respostas sempre do banco');
        return;
      }
      h.listening(true);
    },
    async stop() {
      handlers?.listening(false);
      handlers = undefined;
      const stopListening = unlisten;
      unlisten = undefined;
      if (stopListening && !client.closed) await stopListening();
    },
  };
}

function postgresFeed(
  poolOptions: pg.PoolOptions,
  log: Log,
  timings: PostgresFeedTimings,
): ChangeFeed {
  let handlers: ChangeFeedHandlers | undefined;
  let current: pg.Client | undefined;
  let stopped = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let pingTimer: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    if (stopped) return;
    const client = new pg.Client({
      ...poolOptions,
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
      query_timeout: timings.pingTimeoutMs,
    });
    current = client;
    client.on('notification', (message) => {
      if (message.channel === CATALOG_CHANNEL && client === current) {
        handlers?.changed(parseCatalogChange(message.payload));
      }
    });
    // An error on a client already given up is expected (we ended it); never let it crash.
    client.on('error', (err) => lost(client, err));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CATALOG_CHANNEL}`);
    } catch (err) {
      lost(client, err);
      return;
    }
    if (client !== current) return;
    if (failures > 0) log.info({ failures }, 'catálogo: escuta de mudanças restabelecida');
    failures = 0;
    handlers?.listening(true);
    pingTimer = setInterval(() => {
      client.query('select 1').catch((err: unknown) => lost(client, err));
    }, timings.pingIntervalMs);
    pingTimer.unref();
  }

  /** The session is gone (or useless): stop trusting the cache and try again later. */
  function lost(client: pg.Client, err?: unknown): void {
    if (client !== current) return;
    current = undefined;
    clearInterval(pingTimer);
    handlers?.listening(false);
    client.end().catch(() => {});
    if (stopped) return;
    const delay = Math.min(
      timings.maxReconnectDelayMs,
      timings.reconnectDelayMs * 2 ** Math.min(failures, 16),
    );
    failures++;
    log.warn(
      { err, retryInMs: delay },
      'catálogo: escuta de mudanças perdida; respostas do banco até reconectar',
    );
    retryTimer = setTimeout(() => void connect(), delay);
    retryTimer.unref();
  }

  return {
    async start(h) {
      handlers = h;
      stopped = false;
      await connect();
    },
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      handlers?.listening(false);
      handlers = undefined;
      const client = current;
      current = undefined;
      if (client) await client.end().catch(() => {});
    },
  };
}

/**
 * One listening session shared by several consumers (the catalog cache, the sessions check): the
 * database's feed starts with the first consumer and stops with the last; each consumer hears
 * every change and whether the feed listens.
 */
export function shareChangeFeed(feed: ChangeFeed): { consumer(): ChangeFeed } {
  const consumers = new Set<ChangeFeedHandlers>();
  let listening = false;
  let started: Promise<void> | undefined;
  const fanOut: ChangeFeedHandlers = {
    changed(change) {
      for (const consumer of consumers) consumer.changed(change);
    },
    listening(on) {
      listening = on;
      for (const consumer of consumers) consumer.listening(on);
    },
  };
  return {
    consumer() {
      let mine: ChangeFeedHandlers | undefined;
      return {
        async start(handlers) {
          const alreadyStarted = started !== undefined;
          mine = handlers;
          consumers.add(handlers);
          started ??= feed.start(fanOut);
          await started;
          // A late consumer missed the feed's own word that it listens.
          if (alreadyStarted && listening && consumers.has(handlers)) handlers.listening(true);
        },
        async stop() {
          if (mine && consumers.delete(mine)) mine.listening(false);
          mine = undefined;
          if (consumers.size === 0 && started) {
            started = undefined;
            await feed.stop();
          }
        },
      };
    },
  };
}
