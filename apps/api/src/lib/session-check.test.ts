// The sessions check kept in memory (lib/authenticate.ts, migration 0014): an authenticated call
// does not ask the database again, and ended sessions end at once, on every instance.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { loggedInCustomer } from '../../test/accounts.js';
import { testDatabaseUrl, useTestApp, countQueries, useOtherInstance } from '../../test/helpers.js';
import { createSessionCheck, type SessionsFeed } from './authenticate.js';

const ctx = useTestApp();
const onPostgres = testDatabaseUrl() !== undefined;

function readCart(token: string, app: FastifyInstance = ctx.app) {
  return app.inject({
    method: 'GET',
    url: '/api/cart/',
    headers: { authorization: `Bearer ${token}` },
  });
}

/** Ends her sessions the way a password reset does: the date every token must be newer than. */
async function endSessions(userId: number) {
  await ctx.database.db
    .update(users)
    .set({ sessionsValidAfter: sql`now() + interval '1 second'` })
    .where(eq(users.id, userId));
}

/** Her next calls until one is refused (a notification may take a moment on PostgreSQL). */
async function refusedWithin(token: string, ms: number, app?: FastifyInstance): Promise<boolean> {
  const deadline = performance.now() + ms;
  for (;;) {
    if ((await readCart(token, app)).statusCode === 401) return true;
    if (performance.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('an authenticated call', () => {
  it('asks the database for her sessions once, not on every call', async () => {
    const me = await loggedInCustomer(ctx.app, ctx.database);
    expect((await readCart(me.token)).statusCode).toBe(200);
    const queries = countQueries(ctx.database);
    try {
      expect((await readCart(me.token)).statusCode).toBe(200);
      const texts = queries.mock.calls.map((call) => JSON.stringify(call[0]));
      expect(texts.some((t) => t.includes('sessions_valid_after'))).toBe(false);
    } finally {
      queries.mockRestore();
    }
  });

  it('is refused as soon as her sessions are ended', async () => {
    const me = await loggedInCustomer(ctx.app, ctx.database);
    expect((await readCart(me.token)).statusCode).toBe(200);
    await endSessions(me.userId);
    // PGlite: heard before the update returned. PostgreSQL: the notification's delay.
    if (!onPostgres) expect((await readCart(me.token)).statusCode).toBe(401);
    expect(await refusedWithin(me.token, 1_000)).toBe(true);
  });

  it('is refused once her account is gone', async () => {
    const me = await loggedInCustomer(ctx.app, ctx.database);
    expect((await readCart(me.token)).statusCode).toBe(200);
    await ctx.database.db.delete(users).where(eq(users.id, me.userId));
    expect(await refusedWithin(me.token, 1_000)).toBe(true);
  });
});

describe.skipIf(!onPostgres)('two instances on one PostgreSQL database', () => {
  const other = useOtherInstance(ctx);

  it('sessions ended through one instance end on the other, which had kept them', async () => {
    const me = await loggedInCustomer(ctx.app, ctx.database);
    expect((await readCart(me.token, other.app)).statusCode).toBe(200);
    await endSessions(me.userId);
    expect(await refusedWithin(me.token, 1_000, other.app)).toBe(true);
  });
});

describe('the check itself', () => {
  function fakeFeed() {
    const feed = {} as SessionsFeed & {
      handlers?: Parameters<SessionsFeed['start']>[0];
    };
    feed.start = async (h) => {
      feed.handlers = h;
      h.listening(true);
    };
    feed.stop = async () => feed.handlers?.listening(false);
    return feed;
  }

  async function userId() {
    return (await loggedInCustomer(ctx.app, ctx.database)).userId;
  }

  it('keeps an answer only while the feed listens, and forgets one it is told of', async () => {
    const id = await userId();
    const feed = fakeFeed();
    const check = createSessionCheck(ctx.database.db, feed);
    const queries = countQueries(ctx.database);
    try {
      await check.validAfterMs(id);
      await check.validAfterMs(id);
      expect(queries).toHaveBeenCalledTimes(2); // not started: nothing kept

      await check.start();
      const kept = await check.validAfterMs(id);
      await check.validAfterMs(id);
      expect(queries).toHaveBeenCalledTimes(3);

      await endSessions(id);
      queries.mockClear();
      // Not told yet (a fake feed): the kept date, then the new one once told.
      expect(await check.validAfterMs(id)).toBe(kept);
      feed.handlers!.changed({ kind: 'session', userId: id });
      expect(await check.validAfterMs(id)).toBeGreaterThan(kept!);
      feed.handlers!.changed({ kind: 'catalog' });
      await check.validAfterMs(id);
      expect(queries).toHaveBeenCalledTimes(1); // the read after being told

      feed.handlers!.listening(false);
      await check.validAfterMs(id);
      await check.validAfterMs(id);
      expect(queries).toHaveBeenCalledTimes(3);
    } finally {
      queries.mockRestore();
      await check.stop();
    }
  });

  it('an answer read while her sessions were being ended is not kept', async () => {
    const id = await userId();
    const feed = fakeFeed();
    const check = createSessionCheck(ctx.database.db, feed);
    await check.start();
    const before = check.validAfterMs(id);
    feed.handlers!.changed({ kind: 'session', userId: null });
    const read = await before;
    await endSessions(id);
    expect(await check.validAfterMs(id)).toBeGreaterThan(read!);
    await check.stop();
  });

  it('no such user: null', async () => {
    const check = createSessionCheck(ctx.database.db);
    expect(await check.validAfterMs(987_654)).toBeNull();
  });
});
