/**
 * Guessing slowed per account, whatever the addresses (docs/auth-contract.md, "Guessing slowed
 * per account"): after `max` wrong passwords for one e-mail (5 by default), each further attempt
 * waits 1, 2, 4... minutes after the last wrong one, an hour at most; a right password waits too,
 * else the wait would slow nothing. It is no lockout: the browser that last logged in to the
 * account, or that opened the e-mailed reset link, is not asked to wait, and a reset clears the
 * count.
 *
 * Kept in rate_limit_buckets, so every instance sees it, under keys of SHA-256s (an e-mail or a
 * browser's id is never stored): `login-account:` one row per e-mail, its `count` the wrong
 * passwords, its `expires_at` the last one plus the rule's window (a day: then forgotten, and the
 * housekeeping sweep deletes it); `login-browser:` one row per (e-mail, browser) let through.
 *
 * Each attempt is counted before its password is checked, under the row's lock, in one
 * transaction: many attempts at once cannot all pass while the count is read (exactly `max` are
 * checked). A right password then clears the count.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { RateLimitRule } from '../../config.js';
import type { Db } from '../../db/client.js';
import { rateLimitBuckets } from '../../db/schema.js';
import { TooManyRequestsError } from '../../lib/errors.js';
import { hashToken } from '../../lib/secrets.js';
import { loginDelayedMessage } from './messages.js';

/** The first wait, doubled at each further wrong password, up to the cap. */
export const FIRST_WAIT_MS = 60_000;
export const LONGEST_WAIT_MS = 60 * 60_000;
/** How long a browser that got in (or opened the reset link) is let through a wait. */
export const BROWSER_KEPT_MS = 30 * 24 * 60 * 60_000;

/** The fixed window start of these rows: one row per key. */
const ONE_ROW = new Date(0);

/** The wait after `failures` wrong passwords, in ms (0 below `free`). */
export function waitAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.min(failures - free, 20));
}

/**
 * How an attempt was let in: `counted` (its password checked as one more wrong one until it
 * proves right), `browser` (her browser, during a wait: not counted), `off` (no limit).
 */
export type Attempt = 'counted' | 'browser' | 'off';

const accountKey = (email: string) => `login-account:${hashToken(email)}`;
const browserKey = (email: string, deviceId: string) =>
  `login-browser:${hashToken(`${email}\u0000${deviceId}`)}`;

export function createLoginDelay(db: Db, rule: RateLimitRule) {
  const windowMs = rule.windowSeconds * 1000;

  async function knowsBrowser(tx: Db, email: string, deviceId: string, now: Date) {
    const [row] = await tx
      .select({ expiresAt: rateLimitBuckets.expiresAt })
      .from(rateLimitBuckets)
      .where(
        and(
          eq(rateLimitBuckets.key, browserKey(email, deviceId)),
          eq(rateLimitBuckets.windowStart, ONE_ROW),
        ),
      );
    return row !== undefined && row.expiresAt > now;
  }

  async function keepBrowser(tx: Db, email: string, deviceId: string | null) {
    if (!deviceId) return;
    const expiresAt = new Date(Date.now() + BROWSER_KEPT_MS);
    await tx
      .insert(rateLimitBuckets)
      .values({ key: browserKey(email, deviceId), windowStart: ONE_ROW, count: 1, expiresAt })
      .onConflictDoUpdate({
        target: [rateLimitBuckets.key, rateLimitBuckets.windowStart],
        set: { expiresAt },
      });
  }

  async function clearCount(tx: Db, email: string) {
    await tx
      .delete(rateLimitBuckets)
      .where(
        and(eq(rateLimitBuckets.key, accountKey(email)), eq(rateLimitBuckets.windowStart, ONE_ROW)),
      );
  }

  return {
    /**
     * Before the password of `email` (normalized) is checked: throws 429 during a wait unless
     * the attempt comes from her known browser; else counts it as a wrong password.
     */
    async attempt(email: string, deviceId: string | null): Promise<Attempt> {
      if (rule.max <= 0) return 'off';
      const key = accountKey(email);
      const outcome = await db.transaction(async (tx) => {
        const now = new Date();
        await tx
          .insert(rateLimitBuckets)
          .values({ key, windowStart: ONE_ROW, count: 0, expiresAt: now })
          .onConflictDoNothing();
        const [row] = await tx
          .select({ count: rateLimitBuckets.count, expiresAt: rateLimitBuckets.expiresAt })
          .from(rateLimitBuckets)
          .where(and(eq(rateLimitBuckets.key, key), eq(rateLimitBuckets.windowStart, ONE_ROW)))
          .for('update');
        // A day after the last wrong password the count is forgotten.
        const failures = row && row.expiresAt > now ? row.count : 0;
        const lastWrongMs = (row?.expiresAt.getTime() ?? 0) - windowMs;
        const waitMs = lastWrongMs + waitAfter(failures, rule.max) - now.getTime();
        if (failures >= rule.max && waitMs > 0) {
          if (deviceId && (await knowsBrowser(tx, email, deviceId, now))) return 'browser';
          return waitMs;
        }
        await tx
          .update(rateLimitBuckets)
          .set({ count: failures + 1, expiresAt: new Date(now.getTime() + windowMs) })
          .where(and(eq(rateLimitBuckets.key, key), eq(rateLimitBuckets.windowStart, ONE_ROW)));
        return 'counted';
      });
      if (typeof outcome === 'number') {
        const seconds = Math.ceil(outcome / 1000);
        const err = new TooManyRequestsError(loginDelayedMessage(Math.ceil(seconds / 60)));
        err.retryAfterSeconds = seconds;
        throw err;
      }
      return outcome;
    },

    /**
     * Her password was right: the count is cleared (unless she came through a wait from her
     * browser: the guesser keeps waiting), and this browser is let through the next waits.
     */
    async passed(email: string, deviceId: string | null, attempt: Attempt): Promise<void> {
      if (attempt === 'off') return;
      await db.transaction(async (tx) => {
        if (attempt === 'counted') await clearCount(tx, email);
        await keepBrowser(tx, email, deviceId);
      });
    },

    /** A wrong password from her browser during a wait: counted, the wait grows for others. */
    async failed(email: string, attempt: Attempt): Promise<void> {
      if (attempt !== 'browser') return;
      const now = Date.now();
      await db
        .update(rateLimitBuckets)
        .set({
          count: sql`${rateLimitBuckets.count} + 1`,
          expiresAt: new Date(now + windowMs),
        })
        .where(
          and(
            eq(rateLimitBuckets.key, accountKey(email)),
            eq(rateLimitBuckets.windowStart, ONE_ROW),
          ),
        );
    },

    /**
     * A password reset by the e-mailed link, in its transaction: the count is cleared and the
     * browser that opened the link (when it says its id) is let through later waits.
     */
    async reset(tx: Db, email: string, deviceId: string | null): Promise<void> {
      if (rule.max <= 0) return;
      await clearCount(tx, email);
      await keepBrowser(tx, email, deviceId);
    },
  };
}

export type LoginDelay = ReturnType<typeof createLoginDelay>;
