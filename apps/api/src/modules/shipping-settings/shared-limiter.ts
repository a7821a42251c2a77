/**
 * Melhor Envio allows 250 requests a minute per account, whichever instance sends them. Each
 * instance's own sliding window (the client's) smooths its bursts; this counter, kept in
 * PostgreSQL (rate_limit_buckets, the table of lib/rate-limit.ts), is what every instance shares:
 * one guarded upsert per request (`... set count = count + 1 where count < perSlot`), so two
 * instances never pass the limit together. A request without a turn fails as 'limite' at once:
 * a shopper's quote then comes from SPEC §9's table, an owner's label is tried again later.
 *
 * The count is kept in short fixed slots (5 s), not whole minutes: with minute windows, 240 at
 * the end of one and 240 at the start of the next would be 480 in one real minute. Any 60 s
 * touches at most 60/5 + 1 = 13 slots; one more is allowed for the instances' clocks (each
 * names its slot by its own) and the time between a start here and its arrival there, up to 5 s
 * apart. So each slot may start floor(250 / 14) = 17 requests: at most 221 in any minute with
 * the clocks agreeing, 238 with them 5 s apart, never 250 (204 a minute sustained).
 *
 * A 429 (the client's `pause`) fills the slots until its Retry-After, so every instance stops.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rateLimitBuckets } from '../../db/schema.js';
import {
  MelhorEnvioError,
  type MelhorEnvioRateLimiter,
} from '../../integrations/shipping/melhor-envio.js';

/** Melhor Envio's limit: requests per account in any minute. */
export const SHARED_REQUESTS_PER_MINUTE = 250;
/** The length of one counted slot (a divisor of the window). */
export const SHARED_SLOT_MS = 5_000;
const KEY = 'melhor-envio:conta';
/** One sweep of past windows per this many requests, on average. */
const SWEEP_EVERY = 200;

export interface SharedLimiterOptions {
  /** At most this many starts in any `windowMs` (sliding), all instances together. */
  limit?: number;
  windowMs?: number;
  /** The counted slot; `windowMs` for one fixed window (then `limit` per aligned window). */
  slotMs?: number;
  now?: () => number;
  /** A pause that could not be shared (the database failed): told, never thrown. */
  onPauseError?: (err: unknown) => void;
}

export interface SharedLimiter extends MelhorEnvioRateLimiter {
  /** The last pause's write to the shared count, done (for the tests). */
  settled(): Promise<void>;
}

/** The longest pause shared with the other instances. */
const MAX_SHARED_PAUSE_MS = 5 * 60_000;

/** How many starts one slot may hold so that any `windowMs` holds at most `limit`. */
export function startsPerSlot(limit: number, windowMs: number, slotMs: number): number {
  if (slotMs >= windowMs) return limit;
  // The slots any window touches, and one for clocks and transit.
  return Math.floor(limit / (Math.ceil(windowMs / slotMs) + 2));
}

/** `inner` (this process's window) first, then the account's shared count. */
export function createSharedLimiter(
  db: Db,
  inner: MelhorEnvioRateLimiter,
  options: SharedLimiterOptions = {},
): SharedLimiter {
  const limit = options.limit ?? SHARED_REQUESTS_PER_MINUTE;
  const windowMs = options.windowMs ?? 60_000;
  const slotMs = options.slotMs ?? (options.windowMs === undefined ? SHARED_SLOT_MS : windowMs);
  const perSlot = Math.max(1, startsPerSlot(limit, windowMs, slotMs));
  const now = options.now ?? Date.now;
  let paused: Promise<void> = Promise.resolve();
  return {
    async take() {
      await inner.take();
      const t = now();
      const windowStart = new Date(Math.floor(t / slotMs) * slotMs);
      const expiresAt = new Date(windowStart.getTime() + slotMs);
      // The guard: a full window is not bumped, so no row comes back.
      const rows = await db
        .insert(rateLimitBuckets)
        .values({ key: KEY, windowStart, expiresAt, count: 1 })
        .onConflictDoUpdate({
          target: [rateLimitBuckets.key, rateLimitBuckets.windowStart],
          set: { count: sql`${rateLimitBuckets.count} + 1` },
          setWhere: lt(rateLimitBuckets.count, perSlot),
        })
        .returning({ count: rateLimitBuckets.count });
      if (Math.random() * SWEEP_EVERY < 1) {
        await db
          .delete(rateLimitBuckets)
          .where(and(eq(rateLimitBuckets.key, KEY), lt(rateLimitBuckets.expiresAt, new Date(t))));
      }
      if (rows.length === 0) {
        const wait = expiresAt.getTime() - t;
        throw new MelhorEnvioError('limite', `shared limit: next slot in ${wait} ms`, {
          retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)),
        });
      }
    },
    pause(ms) {
      inner.pause(ms);
      // Melhor Envio said 429 to this instance: the others stop too. The slots until the
      // Retry-After are filled in the shared count (at most 5 minutes of them).
      const t = now();
      const first = Math.floor(t / slotMs);
      const last = Math.floor((t + Math.min(ms, MAX_SHARED_PAUSE_MS) - 1) / slotMs);
      const rows = [];
      for (let slot = first; slot <= last; slot++)
        rows.push({
          key: KEY,
          windowStart: new Date(slot * slotMs),
          expiresAt: new Date((slot + 1) * slotMs),
          count: perSlot,
        });
      if (rows.length === 0) return;
      paused = db
        .insert(rateLimitBuckets)
        .values(rows)
        .onConflictDoUpdate({
          target: [rateLimitBuckets.key, rateLimitBuckets.windowStart],
          set: { count: sql`greatest(${rateLimitBuckets.count}, excluded.count)` },
        })
        .then(
          () => undefined,
          // This instance is paused all the same; the others may meet the 429 themselves.
          (err: unknown) => options.onPauseError?.(err),
        );
    },
    settled: () => paused,
  };
}
