/**
 * Fixed-window rate limits kept in PostgreSQL, so every instance behind a load balancer counts
 * the same hits (ARCHITECTURE: nothing shared lives in process memory). One atomic upsert per hit:
 * `insert ... on conflict do update set count = count + 1 returning count`.
 */
import { lt, sql } from 'drizzle-orm';
import { TOO_MANY_ATTEMPTS } from '@semijoias/domain/messages';
import type { RateLimitRule } from '../config.js';
import type { Db } from '../db/client.js';
import { rateLimitBuckets } from '../db/schema.js';
import { hashToken } from './secrets.js';
import { TooManyRequestsError } from './errors.js';

export const RATE_LIMITED_MESSAGE = TOO_MANY_ATTEMPTS;

/** One sweep of expired windows per this many hits, on average. */
const SWEEP_EVERY = 200;

export interface RateLimiter {
  /** Counts one hit on `key`; throws TooManyRequestsError (429) past the rule's maximum. */
  hit(name: string, parts: string[], rule: RateLimitRule): Promise<void>;
}

export function createRateLimiter(db: Db): RateLimiter {
  return {
    async hit(name, parts, rule) {
      if (rule.max <= 0) return;
      // E-mails and IPs are personal data: the table keeps only a hash of them.
      const key = `${name}:${hashToken(parts.join('\u0000'))}`;
      const windowMs = rule.windowSeconds * 1000;
      const now = Date.now();
      const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
      const expiresAt = new Date(windowStart.getTime() + windowMs);
      const [row] = await db
        .insert(rateLimitBuckets)
        .values({ key, windowStart, expiresAt, count: 1 })
        .onConflictDoUpdate({
          target: [rateLimitBuckets.key, rateLimitBuckets.windowStart],
          set: { count: sql`${rateLimitBuckets.count} + 1` },
        })
        .returning({ count: rateLimitBuckets.count });
      if (Math.random() * SWEEP_EVERY < 1) {
        await db.delete(rateLimitBuckets).where(lt(rateLimitBuckets.expiresAt, new Date()));
      }
      if ((row?.count ?? 0) > rule.max) {
        const err = new TooManyRequestsError(RATE_LIMITED_MESSAGE);
        err.retryAfterSeconds = Math.max(1, Math.ceil((expiresAt.getTime() - now) / 1000));
        throw err;
      }
    },
  };
}
