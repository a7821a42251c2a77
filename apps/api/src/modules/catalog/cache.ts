/**
 * Catalog answers from memory (contract in docs/catalog-cache.md). The catalog is read
 * far more often than it changes, so its answers are kept serialized — the text, its ETag and,
 * made on first demand, its brotli and gzip bytes — and a hit runs no query, no serializer and no
 * compression. Everything is dropped the moment the database says the catalog changed
 * (change-feed.ts); while nobody listens (start-up, a lost connection) nothing is kept, so a
 * missed notification can never pin a stale answer.
 *
 * Generic on purpose: a key and a text. The catalog calls use `api:` keys; server-rendered pages
 * may use their own prefix (`html:`) and the same sendCached.
 */
import { createHash, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeFeed } from './change-feed.js';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type ContentCoding = 'br' | 'gzip';

/** Below this size compression saves less than it costs (the same threshold as app.ts's). */
export const COMPRESS_MIN_BYTES = 1024;
/** Room for answers; the least recently used go first. Search keys are the shopper's words. */
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
/** Browsers and CDNs may keep an answer but must ask again every time (a cheap 304). */
export const CATALOG_CACHE_CONTROL = 'public, no-cache';

export interface CachedAnswer {
  readonly body: string;
  /** The body in UTF-8, encoded once: what is written to the socket. */
  readonly bytes: Buffer;
  /** Strong validator of the body as text: `"<sha-256, base64url>"`. */
  readonly etag: string;
  /** The body compressed once, on first demand (async, off the event loop), then kept. */
  encoded(coding: ContentCoding): Promise<Buffer>;
}

export interface CatalogCache {
  /**
   * The answer kept under `key`, or `compute`'s (kept when the catalog did not change meanwhile).
   * Concurrent misses of one key share one computation. A throw (a 404) is not kept.
   */
  memo(
    key: string,
    compute: () => Promise<string | ComputedAnswer>,
    options?: MemoOptions,
  ): Promise<CachedAnswer>;
  /** The answer kept under `key`, if any (never while not listening). */
  get(key: string): CachedAnswer | undefined;
  /**
   * Runs `work` with a token and gathers what the kept answers sent (sendCached) to requests
   * carrying it in {@link GATHER_HEADER} show: how many, and the products whose stock they show
   * together (null: one of them may show any). A server-rendered page kept in this cache is made
   * of the API's answers (web-app.ts): it shows what they show.
   */
  collect<T>(work: (token: string) => Promise<T>): Promise<Collected<T>>;
  /** Bumped on every change of the catalog (not of stock alone), (re)connect and loss. */
  readonly version: number;
  /** Changes heard so far, of the catalog or of stock alone (for tests and logs). */
  readonly heard: number;
  /** Whether changes are being heard; answers are kept only then. */
  readonly listening: boolean;
  /** Entries and approximate bytes held (for tests and logs). */
  readonly stats: { entries: number; bytes: number };
  /** Called after every drop of the whole cache; returns the unsubscribe function. */
  onChange(listener: () => void): () => void;
  /** Drops every answer now (what a notification of a catalog change does). */
  invalidate(): void;
  /** Starts listening (app onReady); resolves after the first attempt. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * An answer with the products whose stock it shows, known once it is computed (a category's page:
 * its pieces). Takes the place of {@link MemoOptions.shows}.
 */
export interface ComputedAnswer {
  body: string;
  /** Null: it may show any product's stock. */
  shows: readonly number[] | null;
  /** Made of answers read inside `collect`: its `since`, so the stock changes they had not seen count. */
  since?: number;
}

export interface Collected<T> {
  value: T;
  answers: number;
  shows: readonly number[] | null;
  /** Where the stock changes the oldest of them had seen end (for {@link ComputedAnswer.since}). */
  since: number;
}

export interface MemoOptions {
  /**
   * The products whose stock or sales count the answer shows (a product's own detail). Omitted:
   * it may show any (lists, searches, pages), so any stock change refreshes it.
   */
  shows?: readonly number[];
  /**
   * Kept at most this long, whatever changes (a page made with a random draw, drawn again this
   * often). Omitted: until the catalog or its stock changes.
   */
  maxAgeMs?: number;
  /**
   * It shows the stock of the products it names only as a band ('Esgotado', 'Últimas unidades',
   * 'Em estoque': a storefront page's HTML): it stays through their stock changes and goes when
   * one of them changes band (migration 0034's 'shown'). An answer that may show any product's
   * stock (shows null) goes with every stock change all the same: a page in the order of sales
   * changes with any sale.
   */
  stockAsShown?: boolean;
}

export interface CatalogCacheOptions {
  feed: ChangeFeed;
  log: Pick<FastifyBaseLogger, 'error'>;
  maxBytes?: number;
  /**
   * How long a kept answer may go on showing a stock that changed (CATALOG_STOCK_DELAY_MS):
   * stock changes are gathered and the answers showing them dropped together this long after the
   * first. 0: at once, like a change of the catalog.
   */
  stockDelayMs?: number;
}

interface Entry extends CachedAnswer {
  cost: number;
  /** The stock changes its data had seen: the `stockSeq` when its computation began. */
  seenStockSeq: number;
  shows: ReadonlySet<number> | null;
  /** {@link MemoOptions.stockAsShown}, for an answer that names what it shows. */
  byBand: boolean;
  /** When it stops being answered (Date.now() ms; Infinity without {@link MemoOptions.maxAgeMs}). */
  expiresAt: number;
}

/**
 * A stock change heard: its sequence number, the products it named (null: any), and whether it
 * is a change of band ('shown', heard after the same statement's 'stock').
 */
interface StockChange {
  seq: number;
  products: ReadonlySet<number> | null;
  band: boolean;
}

/**
 * The request header naming a `collect` (the server's own renderer sends it through
 * app.inject; from anyone else it names nothing and is ignored).
 */
export const GATHER_HEADER = 'x-semijoias-leitura';

/** What the answers sent for a `collect` showed (null: any product's stock). */
interface Gathering {
  answers: number;
  shows: Set<number> | null;
  since: number;
}
const gatherings = new Map<string, Gathering>();

/** An answer sent to a request of a `collect` adds what it shows. */
function gathered(req: FastifyRequest, answer: CachedAnswer): void {
  const token = req.headers[GATHER_HEADER];
  const into = typeof token === 'string' ? gatherings.get(token) : undefined;
  if (!into) return;
  // Every CachedAnswer is made by makeAnswer.
  const entry = answer as Entry;
  into.answers++;
  into.since = Math.min(into.since, entry.seenStockSeq);
  if (!entry.shows) into.shows = null;
  else if (into.shows) for (const id of entry.shows) into.shows.add(id);
}

/** Stock changes remembered for answers still being computed; an older answer is refreshed. */
const STOCK_HISTORY = 1_000;

/** `"<sha-256 of the text, base64url>"`. */
export function strongEtag(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url')}"`;
}

export function createCatalogCache(options: CatalogCacheOptions): CatalogCache {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  // Map order is use order: a hit moves its key to the end, eviction takes from the front.
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<Entry>>();
  const listeners = new Set<() => void>();
  let version = 0;
  let listening = false;
  let heldBytes = 0;
  const stockDelayMs = options.stockDelayMs ?? 0;
  let stockSeq = 0;
  let stockHistory: StockChange[] = [];
  let stockTimer: NodeJS.Timeout | undefined;
  let heard = 0;

  function dropAll(): void {
    version++;
    entries.clear();
    inFlight.clear();
    heldBytes = 0;
    stockHistory = [];
    clearTimeout(stockTimer);
    stockTimer = undefined;
    for (const listener of listeners) {
      try {
        listener();
      } catch (err) {
        options.log.error({ err }, 'catálogo: erro num ouvinte de mudanças do cache');
      }
    }
  }

  /** Whether a stock change after the entry's data was read touches what it shows. */
  function staleByStock(entry: Entry): boolean {
    if (entry.seenStockSeq >= stockSeq) return false;
    const oldest = stockHistory[0];
    if (!oldest || oldest.seq > entry.seenStockSeq + 1) return true; // forgotten: refresh
    for (const change of stockHistory) {
      if (change.seq <= entry.seenStockSeq) continue;
      // An answer by band hears only changes of band; the others, every change but those (each
      // 'shown' follows the 'stock' that names the same products).
      if (change.band !== entry.byBand) continue;
      if (!change.products || !entry.shows) return true;
      for (const id of change.products) if (entry.shows.has(id)) return true;
    }
    return false;
  }

  /** Drops the answers the stock changes heard so far make wrong; the others are kept. */
  function refreshStock(): void {
    clearTimeout(stockTimer);
    stockTimer = undefined;
    for (const [key, entry] of entries) {
      if (entry.seenStockSeq >= stockSeq) continue;
      if (staleByStock(entry)) {
        entries.delete(key);
        heldBytes -= entry.cost;
      } else {
        entry.seenStockSeq = stockSeq;
      }
    }
    // Computations still running began after the oldest change they may need: keep the recent.
    if (stockHistory.length > STOCK_HISTORY) stockHistory = stockHistory.slice(-STOCK_HISTORY);
  }

  function scheduleStockRefresh(): void {
    if (stockDelayMs === 0) return refreshStock();
    stockTimer ??= setTimeout(refreshStock, stockDelayMs);
    stockTimer.unref?.();
  }

  function stockChanged(products: readonly number[] | null, band: boolean): void {
    stockSeq++;
    stockHistory.push({ seq: stockSeq, products: products ? new Set(products) : null, band });
    scheduleStockRefresh();
  }

  function evict(): void {
    for (const [key, entry] of entries) {
      if (heldBytes <= maxBytes) break;
      entries.delete(key);
      heldBytes -= entry.cost;
    }
  }

  function makeAnswer(
    key: string,
    computed: string | ComputedAnswer,
    seenStockSeq: number,
    memoOptions: MemoOptions | undefined,
  ): Entry {
    const body = typeof computed === 'string' ? computed : computed.body;
    const shows = typeof computed === 'string' ? memoOptions?.shows : (computed.shows ?? undefined);
    const maxAgeMs = memoOptions?.maxAgeMs;
    const made = new Map<ContentCoding, Promise<Buffer>>();
    const bytes = Buffer.from(body, 'utf8');
    const entry: Entry = {
      body,
      bytes,
      etag: strongEtag(body),
      seenStockSeq,
      shows: shows ? new Set(shows) : null,
      byBand: shows !== undefined && memoOptions?.stockAsShown === true,
      expiresAt: maxAgeMs === undefined ? Infinity : Date.now() + maxAgeMs,
      // The text (a JavaScript string may take two bytes a character) and its UTF-8 bytes.
      cost: 2 * body.length + bytes.length + key.length,
      encoded(coding) {
        let bytesOf = made.get(coding);
        if (!bytesOf) {
          bytesOf = compress(bytes, coding);
          made.set(coding, bytesOf);
          void bytesOf.then(
            (buf) => {
              if (entries.get(key) !== entry) return;
              entry.cost += buf.length;
              heldBytes += buf.length;
              evict();
            },
            () => made.delete(coding),
          );
        }
        return bytesOf;
      },
    };
    return entry;
  }

  /** The entry kept under `key`, unless it is past its age (then dropped) or nobody listens. */
  function kept(key: string): Entry | undefined {
    if (!listening) return undefined;
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      entries.delete(key);
      heldBytes -= entry.cost;
      return undefined;
    }
    return entry;
  }

  /** The answer kept under `key`, else `compute`'s, kept unless the catalog changed meanwhile. */
  async function answerOf(
    key: string,
    compute: () => Promise<string | ComputedAnswer>,
    memoOptions: MemoOptions | undefined,
  ): Promise<Entry> {
    const hit = kept(key);
    if (hit) {
      entries.delete(key);
      entries.set(key, hit);
      return hit;
    }
    if (!listening) {
      return makeAnswer(key, await compute(), stockSeq, memoOptions);
    }
    const pending = inFlight.get(key);
    if (pending) return pending;

    const startedAt = version;
    const startedAtStock = stockSeq;
    const computed = (async () => {
      const result = await compute();
      // Made of answers read earlier: the stock changes they had not seen are not seen by it.
      const seen =
        typeof result === 'object' && result.since !== undefined
          ? Math.min(startedAtStock, result.since)
          : startedAtStock;
      const answer = makeAnswer(key, result, seen, memoOptions);
      // A change of the catalog heard while computing may have come after the rows were read:
      // not kept. A stock change is different (a sale makes one every few milliseconds, and
      // nothing would ever be kept): the answer is kept and refreshed with that change.
      if (listening && version === startedAt) {
        entries.set(key, answer);
        heldBytes += answer.cost;
        evict();
        if (seen < stockSeq) scheduleStockRefresh();
      }
      return answer;
    })();
    inFlight.set(key, computed);
    try {
      return await computed;
    } finally {
      if (inFlight.get(key) === computed) inFlight.delete(key);
    }
  }

  return {
    memo: answerOf,

    async collect(work) {
      const into: Gathering = { answers: 0, shows: new Set(), since: stockSeq };
      const token = randomUUID();
      gatherings.set(token, into);
      let value;
      try {
        value = await work(token);
      } finally {
        gatherings.delete(token);
      }
      return {
        value,
        answers: into.answers,
        shows: into.shows ? [...into.shows] : null,
        since: into.since,
      };
    },

    get(key) {
      return kept(key);
    },

    get version() {
      return version;
    },
    get heard() {
      return heard;
    },
    get listening() {
      return listening;
    },
    get stats() {
      return { entries: entries.size, bytes: heldBytes };
    },

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    invalidate: dropAll,

    start() {
      return options.feed.start({
        changed(change) {
          // The sessions check's and the carts', not the catalog's.
          if (change.kind === 'session' || change.kind === 'cart') return;
          heard++;
          if (change.kind === 'stock') stockChanged(change.products, false);
          else if (change.kind === 'shown') stockChanged(change.products, true);
          else dropAll();
        },
        listening(on) {
          listening = on;
          // Connected: whatever was kept may have missed notifications. Lost: keep nothing.
          dropAll();
        },
      });
    },

    stop() {
      clearTimeout(stockTimer);
      stockTimer = undefined;
      return options.feed.stop();
    },
  };
}

function compress(body: Buffer, coding: ContentCoding): Promise<Buffer> {
  // Made once per answer and change, then served many times. During a sale an answer that shows
  // the stock is made again every CATALOG_STOCK_DELAY_MS.
  // Brotli's quality 5 is eight times quicker than 9 for 3 % more bytes (a 116 KB product page:
  // 5 ms and 19.2 KB against 40 ms and 18.7 KB, measured here).
  return coding === 'br'
    ? brotliAsync(body, {
        params: {
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_QUALITY]: 5,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipAsync(body, { level: 9 });
}

/**
 * The coding to answer with, from Accept-Encoding: brotli, else gzip, else none. `q=0` refuses a
 * coding; `*` stands for any not named.
 */
export function preferredCoding(acceptEncoding: string | undefined): ContentCoding | undefined {
  if (!acceptEncoding) return undefined;
  let br: number | undefined;
  let gz: number | undefined;
  let any: number | undefined;
  for (const part of acceptEncoding.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    let q = 1;
    for (const param of params) {
      const [k, v] = param.split('=');
      if (k?.trim().toLowerCase() === 'q') q = Number(v) || 0;
    }
    if (name === 'br') br = q;
    else if (name === 'gzip' || name === 'x-gzip') gz = q;
    else if (name === '*') any = q;
  }
  br ??= any;
  gz ??= any;
  if (br !== undefined && br > 0 && br >= (gz ?? 0)) return 'br';
  if (gz !== undefined && gz > 0) return 'gzip';
  if (br !== undefined && br > 0) return 'br';
  return undefined;
}

/** The ETag of the answer as sent: one representation per coding, so one tag per coding. */
export function codedEtag(etag: string, coding: ContentCoding | undefined): string {
  return coding ? `${etag.slice(0, -1)}-${coding}"` : etag;
}

/**
 * Whether If-None-Match names this answer (any of its codings, weak or strong: RFC 9110 compares
 * If-None-Match weakly), or is `*`.
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.slice(1, -1);
  for (const raw of header.split(',')) {
    const tag = raw.trim();
    if (tag === '*') return true;
    const value = tag.startsWith('W/') ? tag.slice(2) : tag;
    if (value.length < 2 || value[0] !== '"' || value[value.length - 1] !== '"') continue;
    const inner = value.slice(1, -1);
    if (inner === opaque || inner === `${opaque}-br` || inner === `${opaque}-gzip`) return true;
  }
  return false;
}

/**
 * Answers `answer` as is: 304 when the client holds it, else its text or its precompressed bytes
 * (a Buffer with Content-Encoding set, which the compress plugin leaves alone). No serializer
 * runs and nothing is encoded again.
 */
export async function sendCached(
  req: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  contentType: string,
): Promise<FastifyReply> {
  const coding =
    answer.bytes.length >= COMPRESS_MIN_BYTES
      ? preferredCoding(req.headers['accept-encoding'])
      : undefined;
  gathered(req, answer);
  reply
    .header('cache-control', CATALOG_CACHE_CONTROL)
    .header('vary', 'Accept-Encoding')
    .header('etag', codedEtag(answer.etag, coding));
  if (matchesIfNoneMatch(req.headers['if-none-match'], answer.etag)) {
    return reply.code(304).send();
  }
  reply.type(contentType);
  if (!coding) return reply.send(answer.bytes);
  const compressed = await answer.encoded(coding);
  return reply.header('content-encoding', coding).send(compressed);
}
