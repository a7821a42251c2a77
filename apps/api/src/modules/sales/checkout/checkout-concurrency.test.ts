/**
 * Checkouts at the same time: never more sold than the stock, one welcome discount per
 * customer, one order per Idempotency-Key. On PGlite the calls interleave on one connection;
 * with TEST_DATABASE_URL they run on several PostgreSQL connections at once, which is the case
 * that matters.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  cartItems,
  couponRedemptions,
  coupons,
  orders,
  outboxEmails,
  sandboxCheckouts,
} from '../../../db/schema.js';
import { testDatabaseUrl, useTestApp } from '../../../../test/helpers.js';
import { times } from '../../../../test/racing.js';
import { memoryMailer } from '../../../integrations/mail/mailer.js';
import {
  ADDRESS,
  addToCart,
  call,
  orderCount,
  setProduct,
  shopper,
  stockOf,
} from '../../../../test/checkout.js';

const ctx = useTestApp({}, { mailer: memoryMailer() });

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

  // Above, her checkouts share her cart's products, so the stock statement alone would line
  // them up. Here they do not: the first checkout is held in its redeem (another connection
  // holds the coupon's row) while she swaps her cart for another product and pays again. For
  // BOASVINDAS the lock on her (the second waits before its checks) and, behind it, the
  // redemption's unique index stand between her and a second discount; for a first-purchase
  // coupon that is not once per customer, that lock alone.
  const FIRST_ONLY = 'PRIMEIRACOMPRA';
  it.runIf(testDatabaseUrl()).each([
    ['BOASVINDAS', 'Cupom já utilizado.'],
    [FIRST_ONLY, 'Este cupom é válido apenas para a primeira compra.'],
  ])(
    '(b) %s: a second checkout with another cart while the first is in flight (PostgreSQL): one discount',
    async (code, refusal) => {
      if (ctx.database.kind !== 'postgres') throw new Error('PostgreSQL only');
      const { pool, db } = ctx.database;
      if (code === FIRST_ONLY)
        await db.insert(coupons).values({
          code,
          kind: 'percent',
          percentBasisPoints: 1500,
          firstPurchaseOnly: true,
          oncePerCustomer: false,
        });
      const me = await shopper(ctx.app, ctx.database);
      await setProduct(ctx.database, 4, { priceCents: 10000, stock: 100 });
      await setProduct(ctx.database, 6, { priceCents: 20000, stock: 100 });
      await addToCart(ctx.app, me.token, 4, 1);
      const lockWaiters = async () => {
        const r = await pool.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return r.rows[0]!.n;
      };
      const untilWaiting = async (n: number) => {
        for (let i = 0; i < 200 && (await lockWaiters()) < n; i++)
          await new Promise((resolve) => setTimeout(resolve, 25));
        expect(await lockWaiters()).toBeGreaterThanOrEqual(n);
      };
      const holder = await pool.connect();
      let answers;
      try {
        await holder.query('begin');
        await holder.query(`select id from coupons where code = $1 for update`, [code]);
        const body = { cep: '01310100', cupom: code };
        const first = call(ctx.app, '/api/pay/', body, { token: me.token, key: 'tab-1' });
        await untilWaiting(1); // the first checkout waits in its redeem
        await db.delete(cartItems).where(eq(cartItems.userId, me.userId));
        await db.insert(cartItems).values({ userId: me.userId, productId: 6, quantidade: 1 });
        const second = call(ctx.app, '/api/pay/', body, { token: me.token, key: 'tab-2' });
        await untilWaiting(2); // the second waits too (on her row, or without it on the coupon)
        await holder.query('commit');
        answers = await Promise.all([first, second]);
      } finally {
        holder.release();
      }
      const mine = await db.select().from(orders).where(eq(orders.userId, me.userId));
      expect(mine.filter((o) => o.discountCents > 0)).toHaveLength(1);
      // With the lock on her the second is the one refused; without it (the index alone) either.
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400]);
      const refused = answers.find((r) => r.statusCode === 400)!;
      expect(refused.json<{ error: string }>().error).toBe(refusal);
      expect(mine).toHaveLength(1);
    },
  );

  it('(b) a coupon with one use left, four customers at once (different products): one discount', async () => {
    const code = 'ULTIMAVEZ';
    await ctx.database.db
      .insert(coupons)
      .values({ code, kind: 'fixed', amountCents: 500, usageLimit: 1 });
    const customers = await times(4, () => shopper(ctx.app, ctx.database));
    for (const [i, c] of customers.entries()) {
      await setProduct(ctx.database, 16 + i, { priceCents: 10000, stock: 10 });
      await addToCart(ctx.app, c.token, 16 + i, 1);
    }
    const answers = await times(4, (i) =>
      call(ctx.app, '/api/pay/', { cep: '01310100', cupom: code }, { token: customers[i]!.token }),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400, 400, 400]);
    for (const r of answers.filter((a) => a.statusCode === 400))
      expect(r.json<{ error: string }>().error).toBe('Cupom já utilizado.');
    const [row] = await ctx.database.db.select().from(coupons).where(eq(coupons.code, code));
    expect(row!.timesUsed).toBe(1);
    const discounted = await ctx.database.db
      .select()
      .from(orders)
      .where(eq(orders.couponCode, code));
    expect(discounted).toHaveLength(1);
  });

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

    // A guest's key too (no customer to lock: only the key's index serializes them).
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

  it("(d) one api/pagamento key sent 5 times at once: five equal answers, the order's one checkout", async () => {
    const id = 15;
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
    // Twins racing to the provider may each create a checkout there (PostgreSQL runs them at
    // once); the order keeps one, the one every call answers, and the others are never shown.
    const [stored] = await ctx.database.db
      .select({ url: orders.paymentUrl, checkout: orders.providerCheckoutId, id: orders.id })
      .from(orders)
      .where(eq(orders.reference, o.reference));
    expect(stored!.url).toBe(url);
    expect(url).toBe(`http://loja.test/sandbox/checkout/${stored!.checkout}`);
    const checkouts = await ctx.database.db
      .select({ id: sandboxCheckouts.id })
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.orderReference, o.reference));
    expect(checkouts.map((c) => c.id)).toContain(stored!.checkout);
    const [received] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outboxEmails)
      .where(eq(outboxEmails.dedupeKey, `order:${stored!.id}:received`));
    expect(received!.n).toBe(1);
  });

  // PostgreSQL only: on PGlite's one connection nothing can change between the order's reading
  // of a price and its taking of the stock.
  it.skipIf(!testDatabaseUrl())(
    '(e) a price the owners change while an order waits for the stock: the order is made at the new price',
    async () => {
      const id = 6;
      await setProduct(ctx.database, id, { priceCents: 10000, stock: 5 });
      if (ctx.database.kind !== 'postgres') throw new Error('PostgreSQL only');
      // The owners' edit holds the product's row while the shopper's order is placed.
      const owner = await ctx.database.pool.connect();
      try {
        await owner.query('begin');
        await owner.query('select id from products where id = $1 for update', [id]);
        const placing = call(ctx.app, '/api/pay/', {
          produtos: [{ id, quantidade: 1 }],
          cep: '01310100',
        });
        // The order waits on the row: it read 100,00 and wrote its lines before taking the stock.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await owner.query('update products set price_cents = 12000 where id = $1', [id]);
        await owner.query('commit');
        const answer = await placing;
        expect(answer.statusCode).toBe(201);
        const { reference } = answer.json<{ reference: string }>();
        const [order] = await ctx.database.db
          .select({ subtotal: orders.subtotalCents })
          .from(orders)
          .where(eq(orders.reference, reference));
        expect(order!.subtotal).toBe(12000);
        expect(await stockOf(ctx.database, id)).toBe(4);
      } finally {
        owner.release();
      }
    },
  );
});
