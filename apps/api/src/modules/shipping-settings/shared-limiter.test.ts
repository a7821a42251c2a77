/**
 * Melhor Envio's 250 a minute is the account's, whichever instance asks: two instances (two
 * connections on PostgreSQL) racing for the same window pass exactly the shared limit, never
 * more, in any minute (the count is kept in 5 s slots). Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL. Checked to fail (all 60 pass) when the upsert's guard
 * (`setWhere`) is removed.
 */
import { describe, expect, it } from 'vitest';
import { secondConnection, useTestDatabase } from '../../../test/helpers.js';
import {
  isMelhorEnvioError,
  type MelhorEnvioRateLimiter,
} from '../../integrations/shipping/melhor-envio.js';
import { createSharedLimiter } from './shared-limiter.js';

const ctx = useTestDatabase({ seed: false });

/** This process's own window, out of the way: the shared count is what is tested. */
const unlimited: MelhorEnvioRateLimiter = { take: async () => {}, pause: () => {} };

async function outcomes(limiters: MelhorEnvioRateLimiter[], perLimiter: number) {
  const tries = limiters.flatMap((limiter) =>
    Array.from({ length: perLimiter }, () =>
      limiter.take().then(
        () => 'passou' as const,
        (err: unknown) => {
          if (isMelhorEnvioError(err) && err.kind === 'limite') return 'limite' as const;
          throw err;
        },
      ),
    ),
  );
  return Promise.all(tries);
}

describe('the shared Melhor Envio limiter', () => {
  it('lets two instances together start at most the limit in a window', async () => {
    const other = await secondConnection(ctx.database);
    try {
      // A window of its own: one hour from a fixed instant no other test uses.
      const now = () => Date.UTC(2031, 0, 1, 12, 0, 30);
      const options = { limit: 12, windowMs: 3_600_000, now };
      const a = createSharedLimiter(ctx.database.db, unlimited, options);
      const b = createSharedLimiter(other.db, unlimited, options);
      const results = await outcomes([a, b], 30);
      expect(results.filter((r) => r === 'passou')).toHaveLength(12);
      expect(results.filter((r) => r === 'limite')).toHaveLength(48);

      // The next window starts counting again.
      const later = createSharedLimiter(ctx.database.db, unlimited, {
        ...options,
        now: () => now() + 3_600_000,
      });
      await expect(later.take()).resolves.toBeUndefined();
    } finally {
      if (other !== ctx.database) await other.close();
    }
  });

  it('never passes the limit in any minute, across slot boundaries (the sliding guarantee)', async () => {
    const other = await secondConnection(ctx.database);
    try {
      // 28 a minute in 5 s slots: 2 a slot (60/5 + 1 = 13 slots touch any minute, and one more
      // for the clocks).
      let t = Date.UTC(2032, 0, 1, 12, 0, 0);
      const options = { limit: 28, windowMs: 60_000, slotMs: 5_000, now: () => t };
      const a = createSharedLimiter(ctx.database.db, unlimited, options);
      const b = createSharedLimiter(other.db, unlimited, options);
      const starts: number[] = [];
      for (let step = 0; step < 150; step++, t += 1_000) {
        const results = await outcomes([a, b], 2);
        for (const r of results) if (r === 'passou') starts.push(t);
      }
      let most = 0;
      for (const s of starts)
        most = Math.max(most, starts.filter((x) => x >= s && x < s + 60_000).length);
      expect(most).toBeLessThanOrEqual(28);
      // And the slots are used: 2 in each of the 30 slots of those 150 s.
      expect(starts).toHaveLength(60);
    } finally {
      if (other !== ctx.database) await other.close();
    }
  });

  it('stops every instance when one meets a 429, until its Retry-After', async () => {
    const other = await secondConnection(ctx.database);
    try {
      let t = Date.UTC(2033, 0, 1, 12, 0, 1);
      const options = { limit: 26, windowMs: 60_000, slotMs: 5_000, now: () => t };
      const a = createSharedLimiter(ctx.database.db, unlimited, options);
      const b = createSharedLimiter(other.db, unlimited, options);
      await b.take();
      a.pause(10_000);
      await a.settled();
      const refused = await b.take().catch((err: unknown) => err);
      expect(isMelhorEnvioError(refused) && refused.kind).toBe('limite');
      t += 9_000;
      expect(await outcomes([b], 1)).toEqual(['limite']);
      // Whole slots: the pause ends with the slot its Retry-After falls in (12:00:15).
      t += 5_000;
      await expect(b.take()).resolves.toBeUndefined();
    } finally {
      if (other !== ctx.database) await other.close();
    }
  });

  it("says when the next turn comes, and waits on this process's own window first", async () => {
    const order: string[] = [];
    const inner: MelhorEnvioRateLimiter = {
      take: async () => {
        order.push('inner');
      },
      pause: (ms) => order.push(`pause ${ms}`),
    };
    const now = () => Date.UTC(2031, 0, 2, 12, 0, 0);
    const limiter = createSharedLimiter(ctx.database.db, inner, {
      limit: 1,
      windowMs: 60_000,
      now,
    });
    await limiter.take();
    const refused = await limiter.take().catch((err: unknown) => err);
    expect(isMelhorEnvioError(refused) && refused.kind).toBe('limite');
    expect(isMelhorEnvioError(refused) && refused.retryAfterSeconds).toBe(60);
    limiter.pause(5_000);
    expect(order).toEqual(['inner', 'inner', 'pause 5000']);
  });
});
