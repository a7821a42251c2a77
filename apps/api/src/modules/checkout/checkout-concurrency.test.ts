/**
 * Checkouts at the same time: never more sold than the stock, one welcome discount per
 * customer, one order per Idempotency-Key. On PGlite the calls interleave on one connection;
 * with TEST_DATABASE_URL they run on several PostgreSQL connections at once, which is the case
 * that matters.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { couponRedemptions, orders, sandboxCheckouts } from '../../db/schema.js';
import { testDatabaseUrl, useTestApp } from '../../../test/helpers.js';
import { memoryMailer } from '../mail/mailer.js';
import { ADDRESS, addToCart, call, orderCount, setProduct, shopper, stockOf } from './fixtures.js';

const ctx = useTestApp({}, { mailer: memoryMailer() });

const times = <T>(n: number, f: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => f(i)));

describe('concurrent checkouts', () => {
  it('(a) more buyers than stock: exactly the stock is sold, the others get 409', async () => {
    const STOCK = 3;
    const BUYERS = 10;
    const id = 1;
    const p = await setProduct(ctx.database, id, { priceCents: 5000, stock: STOCK });
    // Half are guests, half logged-in customers (each with her own cart).
    const customers = await times(BUYERS / 2, () => shopper(ctx.app, ctx.database));
    for (const c of customers) await addToCart(ctx.app, c.token, id, 1);
    const before = await orderCount(ctx.database);
    const answers = await times(BUYERS, (i) =>
      i % 2
        ? call(ctx.app, '/api/pay/', { produtos: [{ id, quantidade: 1 }], cep: '01310100' })
        : call(ctx.app, '/api/pay/', { cep: '01310100' }, { token: customers[i / 2]!.token }),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([
      ...Array<number>(STOCK).fill(201),
      ...Array<number>(BUYERS - STOCK).fill(409),
    ]);
    for (const r of answers.filter((a) => a.statusCode === 409))
      expect(r.json<{ error: string }>().error).toBe(
        `O produto "${p.name}" não tem estoque suficiente (disponível: 0).`,
      );
    expect(await stockOf(ctx.database, id)).toBe(0);
    expect(await orderCount(ctx.database)).toBe(before + STOCK);
  });

  it('(b) two pays of one customer with BOASVINDAS at once: one discount', async () => {
    const me = await shopper(ctx.app, ctx.database);
    const id = 2;
    await setProduct(ctx.database, id, { priceCents: 10000, stock: 100 });
    await addToCart(ctx.app, me.token, id, 1);
    const N = 6;
    const answers = await times(N, (i) =>
      call(
        ctx.app,
        '/api/pay/',
        { cep: '01310100', cupom: 'BOASVINDAS' },
        { token: me.token, key: `b-${i}` },
      ),
    );
    // The money first: one discounted order, one redemption.
    const mine = await ctx.database.db.select().from(orders).where(eq(orders.userId, me.userId));
    expect(mine.filter((o) => o.discountCents > 0)).toHaveLength(1);
    const redemptions = await ctx.database.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.userId, me.userId));
    expect(redemptions).toHaveLength(1);
    // Then the answers: the others are refused with the coupon's message, nothing else sold.
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, ...Array<number>(N - 1).fill(400)]);
    for (const r of answers.filter((a) => a.statusCode === 400))
      expect(r.json<{ error: string }>().error).toBe('Cupom já utilizado.');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.discountCents).toBe(1000);
    expect(await stockOf(ctx.database, id)).toBe(99);
  });

  // The calls above may happen not to overlap; here they certainly do: the BOASVINDAS row is
  // held by another connection, so the first checkout stops in its redeem with the others queued
  // behind it (on her user row; without that lock they would all pass the coupon's checks and
  // only the redemption's unique index would refuse them).
  it.runIf(testDatabaseUrl())(
    '(b) lined up behind a held coupon row (PostgreSQL): still one discount',
    async () => {
      if (ctx.database.kind !== 'postgres') throw new Error('PostgreSQL only');
      const me = await shopper(ctx.app, ctx.database);
      const id = 4;
      await setProduct(ctx.database, id, { priceCents: 10000, stock: 100 });
      await addToCart(ctx.app, me.token, id, 1);
      const holder = await ctx.database.pool.connect();
      let answers;
      try {
        await holder.query('begin');
        await holder.query(`select id from coupons where code = 'BOASVINDAS' for update`);
        const pending = times(6, (i) =>
          call(
            ctx.app,
            '/api/pay/',
            { cep: '01310100', cupom: 'BOASVINDAS' },
            { token: me.token, key: `held-${i}` },
          ),
        );
        await new Promise((resolve) => setTimeout(resolve, 700));
        await holder.query('commit');
        answers = await pending;
      } finally {
        holder.release();
      }
      const mine = await ctx.database.db.select().from(orders).where(eq(orders.userId, me.userId));
      expect(mine.filter((o) => o.discountCents > 0)).toHaveLength(1);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400, 400, 400, 400, 400]);
      for (const r of answers.filter((a) => a.statusCode === 400))
        expect(r.json<{ error: string }>().error).toBe('Cupom já utilizado.');
    },
  );

  it('(c) one Idempotency-Key sent 5 times at once: one order, five equal answers', async () => {
    const me = await shopper(ctx.app, ctx.database);
    const id = 3;
    await setProduct(ctx.database, id, { priceCents: 10000, stock: 100 });
    await addToCart(ctx.app, me.token, id, 2);
    const answers = await times(5, () =>
      call(ctx.app, '/api/pay/', { cep: '01310100' }, { token: me.token, key: 'same-key' }),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(5).fill(201));
    const first = answers[0]!.json<{ reference: string; chave: string }>();
    for (const r of answers) expect(r.json()).toEqual(first);
    expect(await orderCount(ctx.database, me.userId)).toBe(1);
    expect(await stockOf(ctx.database, id)).toBe(98);

    // A guest's key too (no user row to lock: only the key's index serializes them).
    const guestAnswers = await times(5, () =>
      call(
        ctx.app,
        '/api/pay/',
        { produtos: [{ id, quantidade: 1 }], cep: '01310100' },
        { key: 'guest-same-key' },
      ),
    );
    expect(guestAnswers.map((r) => r.statusCode)).toEqual(Array(5).fill(201));
    const g = guestAnswers[0]!.json();
    for (const r of guestAnswers) expect(r.json()).toEqual(g);
    expect(await stockOf(ctx.database, id)).toBe(97);
  });

  it('(d) one api/pagamento key sent 5 times at once: one hosted checkout, five equal answers', async () => {
    const id = 5;
    await setProduct(ctx.database, id, { priceCents: 10000, stock: 100 });
    const order = await call(ctx.app, '/api/pay/', {
      produtos: [{ id, quantidade: 1 }],
      cep: '01310100',
    });
    const o = order.json<{ reference: string; chave: string; total: string }>();
    const answers = await times(5, () =>
      call(
        ctx.app,
        '/api/pagamento/',
        {
          reference: o.reference,
          chave: o.chave,
          shippingInfo: ADDRESS,
          totais: { total: o.total },
        },
        { key: 'pg-same' },
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    const url = answers[0]!.json<{ payment_url: string }>().payment_url;
    for (const r of answers) expect(r.json<{ payment_url: string }>().payment_url).toBe(url);
    const checkouts = await ctx.database.db
      .select({ id: sandboxCheckouts.id })
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.orderReference, o.reference));
    expect(checkouts).toHaveLength(1);
  });
});
