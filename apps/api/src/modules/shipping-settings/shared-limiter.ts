/**
 * Melhor Envio allows 250 requests a minute per account, whichever instance sends them. Each
 * instance's own sliding window (the client's) smooths its bursts; this counter, kept in
 * PostgreSQL (rate_limit_buckets, the table of lib/rate-limit.ts), is what every instance shares:
 * one guarded upsert per request (`... set count = count + 1 where count < limit`), so two
 * instances never pass the limit together. A request without a turn fails as 'limite' at once:
 * a shopper's quote then comes from SPEC §9's table, an owner's label is tried again later.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rateLimitBuckets } from '../../db/schema.js';
import {
  MelhorEnvioError,
  type MelhorEnvioRateLimiter,
} from '../../integrations/shipping/melhor-envio.js';

/** Ten under Melhor Envio's 250: the milliseconds between a start here and its arrival there. */
export const SHARED_REQUESTS_PER_MINUTE = 240;
const KEY = 'melhor-envio:conta';
/** One sweep of past windows per this many requests, on average. */
const SWEEP_EVERY = 200;

export interface SharedLimiterOptions {
  limit?: number;
  windowMs?: number;
  now?: () => number;
}

/** `inner` (this process's window) first, then the account's shared count. */
export function createSharedLimiter(
  db: Db,
  inner: MelhorEnvioRateLimiter,
  options: SharedLimiterOptions = {},
): MelhorEnvioRateLimiter {
  const limit = options.limit ?? SHARED_REQUESTS_PER_MINUTE;
  const windowMs = options.windowMs ?? 60_000;
  const now = options.now ?? Date.now;
  return {
    async take() {
      await inner.take();
      const t = now();
      const windowStart = new Date(Math.floor(t / windowMs) * windowMs);
      const expiresAt = new Date(windowStart.getTime() + windowMs);
      // The guard: a full window is not bumped, so no row comes back.
      const rows = await db
        .insert(rateLimitBuckets)
        .values({ key: KEY, windowStart, expiresAt, count: 1 })
        .onConflictDoUpdate({
          target: [rateLimitBuckets.key, rateLimitBuckets.windowStart],
          set: { count: sql`${rateLimitBuckets.count} + 1` },
          setWhere: lt(rateLimitBuckets.count, limit),
        })
        .returning({ count: rateLimitBuckets.count });
      if (Math.random() * SWEEP_EVERY < 1) {
        await db
          .delete(rateLimitBuckets)
          .where(and(eq(rateLimitBuckets.key, KEY), lt(rateLimitBuckets.expiresAt, new Date(t))));
      }
      if (rows.length === 0) {
        const wait = expiresAt.getTime() - t;
        throw new MelhorEnvioError('limite', `shared limit: next window in ${wait} ms`, {
          retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)),
        });
      }
    },
    pause(ms) {
      inner.pause(ms);
    },
  };
}
