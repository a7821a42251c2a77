/**
 * The order sweeper (docs/orders-lifecycle.md) with a clock the tests move: unpaid orders are
 * cancelled at their deadline with their stock and coupon given back, never before, never when
 * paid; a payment the provider took but never notified (sandbox and PagBank) is settled instead;
 * a provider that cannot be reached leaves the order for the next round.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  couponRedemptions,
  coupons,
  orders,
  paymentNotifications,
  sandboxCheckouts,
} from '../../db/schema.js';
import { createPagBankProvider } from '../../integrations/payments/pagbank.js';
import { startFakePagBank, type FakePagBank } from '../../../test/fake-pagbank.js';
import { testConfig, useTestApp } from '../../../test/helpers.js';
import {
  catalogTail,
  insertOrder,
  orderByReference,
  orderOutbox,
  testOrderSweeper,
  testSandboxProvider,
  ofOrders,
  withSandboxCheckout,
} from '../../../test/orders.js';
import {
  addToCart,
  call,
  giveAddress,
  placeOrder,
  setProduct,
  shopper,
  stockOf,
} from '../../../test/checkout.js';
import { hostedCheckoutFor } from './payments/hosted-checkout.js';
import type { OrderSweeperOptions } from './sweeper.js';

const TTL_MINUTES = 2;
const ctx = useTestApp({ unpaidOrderTtlMinutes: TTL_MINUTES });
const config = testConfig({ unpaidOrderTtlMinutes: TTL_MINUTES });

let fake: FakePagBank;
beforeAll(async () => {
  fake = await startFakePagBank('fake-pagbank-token');
});
afterAll(() => fake?.close());

const sandbox = () => testSandboxProvider(ctx.database);

/** A sweeper whose clock is `clock.now` (the tests move it). */
function sweeperWith(overrides: Partial<OrderSweeperOptions> = {}) {
  const { sweeper, clock, log } = testOrderSweeper(ctx.database, config, overrides);
  /** Moves the clock `minutes` past the real now. */
  const at = (minutes: number) => {
    clock.now = new Date(Date.now() + minutes * 60_000);
  };
  return { sweeper, clock, at, log };
}

// Each test takes its own products (from the end of the catalog), so stock counts never see
// another test's orders being cancelled.
const ownProducts = catalogTail(() => ctx.database);
const stocks = (ids: number[]) => Promise.all(ids.map((id) => stockOf(ctx.database, id)));
const outboxOf = (orderId: number) => orderOutbox(ctx.database, orderId);

describe('an unpaid order at its deadline', () => {
  it('her order through api/pay and api/pagamento is cancelled: stock and BOASVINDAS come back', async () => {
    const me = await shopper(ctx.app, ctx.database);
    const [a] = await ownProducts(1);
    await setProduct(ctx.database, a!, { priceCents: 10_000 });
    await addToCart(ctx.app, me.token, a!, 3);
    const placed = await placeOrder(ctx.app, { cep: '01310100', cupom: 'BOASVINDAS' }, me.token);
    const { reference } = placed;
    const order = await orderByReference(ctx.database, reference);
    expect(order.expiresAt.getTime() - order.createdAt.getTime()).toBe(TTL_MINUTES * 60_000);
    expect(await stockOf(ctx.database, a!)).toBe(7);
    const [couponBefore] = await ctx.database.db
      .select()
      .from(coupons)
      .where(eq(coupons.code, 'BOASVINDAS'));

    await giveAddress(ctx.app, placed, { token: me.token });
    await giveAddress(ctx.app, placed, { token: me.token });
    // One 'received' e-mail for the two pagamentos, to the address she gave.
    expect(await outboxOf(order.id)).toEqual([
      {
        kind: 'order_received',
        recipient: 'ana@exemplo.com.br',
        dedupeKey: `order:${order.id}:received`,
      },
    ]);

    const { sweeper, at } = sweeperWith();
    at(TTL_MINUTES - 1);
    expect(await sweeper.runOnce()).toMatchObject({ cancelled: 0 });
    expect((await orderByReference(ctx.database, reference)).status).toBe('awaiting_payment');

    at(TTL_MINUTES + 1);
    const result = await sweeper.runOnce();
    expect(result.cancelled).toBeGreaterThanOrEqual(1);
    const cancelled = await orderByReference(ctx.database, reference);
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancelReason: 'expired',
      paymentUrl: null,
      paymentUrlExpiresAt: null,
    });
    expect(cancelled.cancelledAt).not.toBeNull();
    expect(await stockOf(ctx.database, a!)).toBe(10);
    const [couponAfter] = await ctx.database.db
      .select()
      .from(coupons)
      .where(eq(coupons.code, 'BOASVINDAS'));
    expect(couponAfter!.timesUsed).toBe(couponBefore!.timesUsed - 1);
    expect(
      await ctx.database.db
        .select()
        .from(couponRedemptions)
        .where(eq(couponRedemptions.orderId, order.id)),
    ).toEqual([]);
    expect((await outboxOf(order.id)).map((m) => [m.kind, m.recipient])).toEqual([
      ['order_received', 'ana@exemplo.com.br'],
      ['order_cancelled', 'ana@exemplo.com.br'],
    ]);

    // Her first purchase is still to come: the coupon validates and is taken again.
    const check = await call(
      ctx.app,
      '/api/validar-cupom/',
      { codigo_cupom: 'BOASVINDAS' },
      { token: me.token },
    );
    expect(check.statusCode, check.body).toBe(200);
    await placeOrder(ctx.app, { cep: '01310100', cupom: 'BOASVINDAS' }, me.token);

    // The order answers 'Cancelado' and offers no link.
    const shown = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${reference}/`,
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(shown.json()).toMatchObject({ status: 'Cancelado', status_code: 'cancelled' });
    const link = await ctx.app.inject({
      method: 'GET',
      url: `/api/payment-status/${reference}/`,
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(link.statusCode).toBe(409);
    expect(link.json()).toEqual({
      error: 'Este pedido não aguarda pagamento.',
      status: 'Cancelado',
    });

    // A second pass, or another sweeper: nothing more comes back.
    expect(await sweeperWith().sweeper.runOnce()).toEqual({
      cancelled: 0,
      settled: 0,
      skipped: 0,
      reminded: 0,
    });
    expect(await stockOf(ctx.database, a!)).toBe(7); // her second order's 3 units
  });

  it('a paid order is never touched; a declined one is cancelled at the deadline', async () => {
    const ids = await ownProducts(2);
    const paid = await insertOrder(ctx.database, {
      productIds: ids,
      status: 'paid',
      ttlMinutes: TTL_MINUTES,
    });
    const declined = await insertOrder(ctx.database, {
      productIds: ids,
      status: 'payment_failed',
      ttlMinutes: TTL_MINUTES,
    });
    const { sweeper, at } = sweeperWith();
    at(TTL_MINUTES + 1);
    await sweeper.runOnce();
    expect(await orderByReference(ctx.database, paid.order.reference)).toMatchObject({
      status: 'paid',
      cancelledAt: null,
    });
    expect((await orderByReference(ctx.database, declined.order.reference)).status).toBe(
      'cancelled',
    );
    // Only the declined order's units came back (2 of the first product, 1 of the second).
    expect(await stocks(ids)).toEqual([12, 11]);
    expect(await outboxOf(paid.order.id)).toEqual([]);
    expect((await outboxOf(declined.order.id)).map((m) => m.kind)).toEqual(['order_cancelled']);
  });

  it('orders are taken in batches, oldest deadline first, each once', async () => {
    const ids = await ownProducts(1, 0);
    const placed = [];
    for (let i = 0; i < 7; i++)
      placed.push(await insertOrder(ctx.database, { productIds: ids, ttlMinutes: i + 1 }));
    const { sweeper, at } = sweeperWith({ batchSize: 3 });
    at(10);
    const result = await sweeper.runOnce();
    expect(result.cancelled).toBeGreaterThanOrEqual(7);
    const rows = await ctx.database.db
      .select({ status: orders.status, cancelledAt: orders.cancelledAt })
      .from(orders)
      .where(
        sql`${orders.id} in (${sql.join(
          placed.map((p) => sql`${p.order.id}`),
          sql`, `,
        )})`,
      )
      .orderBy(orders.expiresAt);
    expect(rows.every((r) => r.status === 'cancelled')).toBe(true);
    const times = rows.map((r) => r.cancelledAt!.getTime());
    expect([...times].sort((x, y) => x - y)).toEqual(times);
    expect(await stocks(ids)).toEqual([14]);
  });
  it('orders left for later are read once per pass, even with deadlines in one millisecond', async () => {
    const ids = await ownProducts(1);
    const placed = [];
    for (let i = 0; i < 7; i++)
      placed.push(await insertOrder(ctx.database, { productIds: ids, ttlMinutes: TTL_MINUTES }));
    // Microseconds JavaScript's dates cannot hold, like api/pay's `now() + interval`.
    await withSandboxCheckout(ctx.database, placed, {
      expiresAt: sql`date_trunc('second', now()) + interval '2 minutes 0.000123 seconds'`,
    });
    const paymentStatus = vi.fn(() => Promise.reject(new Error('down')));
    const { sweeper, at } = sweeperWith({
      provider: { ...sandbox(), paymentStatus },
      batchSize: 3,
    });
    at(TTL_MINUTES + 1);
    expect(await sweeper.runOnce()).toEqual({ cancelled: 0, settled: 0, skipped: 7, reminded: 0 });
    await ctx.database.db.update(orders).set({ providerCheckoutId: null }).where(ofOrders(placed));
    expect(await sweeper.runOnce()).toEqual({ cancelled: 7, settled: 0, skipped: 0, reminded: 0 });
  });
});

describe('a sweeper stopped in the middle of a pass (the instance shutting down)', () => {
  it('finishes the order it holds, leaves the others for the next pass, and holds no lock', async () => {
    const ids = await ownProducts(1);
    const placed = [];
    for (let i = 0; i < 3; i++)
      placed.push(await insertOrder(ctx.database, { productIds: ids, ttlMinutes: TTL_MINUTES }));
    await withSandboxCheckout(ctx.database, placed);
    // The provider answers the first question only when the test says so.
    let answer!: () => void;
    let asked!: () => void;
    const firstAsked = new Promise<void>((resolve) => (asked = resolve));
    const paymentStatus = vi.fn(async () => {
      asked();
      await new Promise<void>((resolve) => (answer = resolve));
      return { state: 'pending' as const, paymentId: null, amountCents: null };
    });
    const { sweeper, at } = sweeperWith({ provider: { ...sandbox(), paymentStatus } });
    at(TTL_MINUTES + 1);
    const pass = sweeper.runOnce();
    await firstAsked;
    const stopped = sweeper.stop();
    answer();
    await stopped;
    expect(await pass).toEqual({ cancelled: 1, settled: 0, skipped: 0, reminded: 0 });
    expect(paymentStatus).toHaveBeenCalledTimes(1);
    const statuses = await ctx.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(ofOrders(placed))
      .orderBy(orders.expiresAt, orders.id);
    expect(statuses.map((r) => r.status)).toEqual([
      'cancelled',
      'awaiting_payment',
      'awaiting_payment',
    ]);
    // Nothing held: another sweeper (the next instance) takes the other two at once.
    const next = sweeperWith({
      provider: {
        ...sandbox(),
        paymentStatus: async () => ({ state: 'pending', paymentId: null, amountCents: null }),
      },
    });
    next.at(TTL_MINUTES + 1);
    expect(await next.sweeper.runOnce()).toMatchObject({ cancelled: 2, skipped: 0 });
  });
});

describe('a payment the provider took but never notified', () => {
  it('sandbox: found paid by the sweeper, the order is paid, not cancelled', async () => {
    const ids = await ownProducts(2);
    const placed = await insertOrder(ctx.database, { productIds: ids, ttlMinutes: TTL_MINUTES });
    const deps = { db: ctx.database.db, provider: sandbox(), config };
    await hostedCheckoutFor(deps, placed.order.id);
    const { providerCheckoutId } = await orderByReference(ctx.database, placed.order.reference);
    // The page recorded the payment; its notification never reached the store.
    await ctx.database.db
      .update(sandboxCheckouts)
      .set({ status: 'paid', method: 'pix', paymentId: 'SBX_missed' })
      .where(eq(sandboxCheckouts.id, providerCheckoutId!));

    const { sweeper, at } = sweeperWith();
    at(TTL_MINUTES + 1);
    const result = await sweeper.runOnce();
    expect(result.settled).toBe(1);
    const order = await orderByReference(ctx.database, placed.order.reference);
    expect(order).toMatchObject({ status: 'paid', paymentId: 'SBX_missed', cancelledAt: null });
    expect(await stocks(ids)).toEqual([10, 10]); // still hers
    const [note] = await ctx.database.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderId, order.id));
    expect(note).toMatchObject({
      provider: 'sandbox',
      eventKey: `sweeper:${providerCheckoutId}:paid`,
      outcome: 'paid',
    });
    expect(JSON.parse(note!.rawBody)).toMatchObject({ state: 'paid', paymentId: 'SBX_missed' });
    expect((await outboxOf(order.id)).map((m) => [m.kind, m.recipient])).toEqual([
      ['order_paid', 'ana.comprador@exemplo.com.br'],
      ['order_paid_store', config.storeEmail],
    ]);

    // The notification arriving after all changes nothing.
    expect(await sweeper.runOnce()).toMatchObject({ settled: 0 });
  });

  it('sandbox: pending or declined at the provider is cancelled', async () => {
    const ids = await ownProducts(1);
    const pending = await insertOrder(ctx.database, { productIds: ids, ttlMinutes: TTL_MINUTES });
    const declined = await insertOrder(ctx.database, { productIds: ids, ttlMinutes: TTL_MINUTES });
    const deps = { db: ctx.database.db, provider: sandbox(), config };
    await hostedCheckoutFor(deps, pending.order.id);
    await hostedCheckoutFor(deps, declined.order.id);
    const { providerCheckoutId } = await orderByReference(ctx.database, declined.order.reference);
    await ctx.database.db
      .update(sandboxCheckouts)
      .set({ status: 'declined', method: 'card', paymentId: 'SBX_no' })
      .where(eq(sandboxCheckouts.id, providerCheckoutId!));
    const { sweeper, at } = sweeperWith();
    at(TTL_MINUTES + 1);
    await sweeper.runOnce();
    for (const o of [pending, declined])
      expect((await orderByReference(ctx.database, o.order.reference)).status).toBe('cancelled');
    expect(await stocks(ids)).toEqual([14]);
  });

  it('PagBank: the checkout read through its orders and charges settles the order', async () => {
    const pagbank = createPagBankProvider({ token: fake.token, apiUrl: fake.url });
    const ids = await ownProducts(2);
    const paid = await insertOrder(ctx.database, { productIds: ids, ttlMinutes: TTL_MINUTES });
    const unpaid = await insertOrder(ctx.database, { productIds: ids, ttlMinutes: TTL_MINUTES });
    const deps = { db: ctx.database.db, provider: pagbank, config };
    await hostedCheckoutFor(deps, paid.order.id);
    await hostedCheckoutFor(deps, unpaid.order.id);
    const checkout = (await orderByReference(ctx.database, paid.order.reference))
      .providerCheckoutId!;
    expect(checkout).toMatch(/^CHEC_/);
    // A first attempt declined, then a second one paid; no notification reaches the store.
    fake.settle(checkout, 'DECLINED');
    fake.settle(checkout, 'PAID', undefined, { newOrder: true });

    const { sweeper, at } = sweeperWith({ provider: pagbank });
    at(TTL_MINUTES + 1);
    const result = await sweeper.runOnce();
    expect(result).toMatchObject({ settled: 1 });
    const order = await orderByReference(ctx.database, paid.order.reference);
    expect(order.status).toBe('paid');
    expect(order.paymentId).toMatch(/^CHAR_/);
    expect((await orderByReference(ctx.database, unpaid.order.reference)).status).toBe('cancelled');
    const [note] = await ctx.database.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderId, order.id));
    expect(note).toMatchObject({ provider: 'pagbank', eventKey: `sweeper:${checkout}:paid` });
  });

  it('the provider unreachable leaves the order alone (a warning without personal data), settled next round', async () => {
    const ids = await ownProducts(1);
    const placed = await insertOrder(ctx.database, { productIds: ids, ttlMinutes: TTL_MINUTES });
    const second = await insertOrder(ctx.database, { productIds: ids, ttlMinutes: TTL_MINUTES });
    const noCheckout = await insertOrder(ctx.database, {
      productIds: ids,
      ttlMinutes: TTL_MINUTES,
    });
    const working = sandbox();
    for (const o of [placed, second])
      await hostedCheckoutFor({ db: ctx.database.db, provider: working, config }, o.order.id);
    const paymentStatus = vi.fn(() =>
      Promise.reject(new Error('connect ECONNREFUSED ana.comprador@exemplo.com.br')),
    );
    const down = sweeperWith({ provider: { ...working, paymentStatus } });
    down.at(TTL_MINUTES + 1);
    const result = await down.sweeper.runOnce();
    expect(result.skipped).toBeGreaterThanOrEqual(2);
    for (const o of [placed, second])
      expect((await orderByReference(ctx.database, o.order.reference)).status).toBe(
        'awaiting_payment',
      );
    // Asked once: the second order waits for the next pass without a timeout of its own. The
    // order without a checkout needs no provider and is cancelled.
    expect(paymentStatus).toHaveBeenCalledTimes(1);
    expect((await orderByReference(ctx.database, noCheckout.order.reference)).status).toBe(
      'cancelled',
    );
    expect(await stocks(ids)).toEqual([12]);
    expect(down.log.warn).toHaveBeenCalledWith(
      { reference: placed.order.reference },
      'sweeper: provedor de pagamento indisponível',
    );
    const logged = JSON.stringify([down.log.warn.mock.calls, down.log.info.mock.calls]);
    expect(logged).not.toMatch(/ana\.comprador|52998224725|11987654321|ECONNREFUSED/);

    const up = sweeperWith();
    up.at(TTL_MINUTES + 1);
    await up.sweeper.runOnce();
    for (const o of [placed, second])
      expect((await orderByReference(ctx.database, o.order.reference)).status).toBe('cancelled');
    expect(await stocks(ids)).toEqual([16]);
  });
});

describe('the sweeper itself', () => {
  it('runs the housekeeping when due, and survives it failing', async () => {
    const housekeeping = { runOnce: vi.fn().mockResolvedValueOnce(undefined) };
    const { sweeper, at, log } = sweeperWith({ housekeeping, housekeepingEveryMs: 60 * 60_000 });
    at(0);
    await sweeper.runOnce();
    at(30);
    await sweeper.runOnce();
    expect(housekeeping.runOnce).toHaveBeenCalledTimes(1);
    housekeeping.runOnce.mockRejectedValueOnce(new Error('disk full'));
    at(61);
    await sweeper.runOnce();
    expect(housekeeping.runOnce).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledTimes(1);
  });

  it('start() sweeps on its interval, one pass at a time; stop() waits for the pass', async () => {
    const ids = await ownProducts(1);
    const placed = await insertOrder(ctx.database, { productIds: ids, ttlMinutes: TTL_MINUTES });
    const { sweeper, at } = sweeperWith({
      config: { orderSweepIntervalSeconds: 0.05 } as typeof config,
    });
    at(TTL_MINUTES + 1);
    // Joined, not doubled: both callers get the one pass's answer.
    const [x, y] = await Promise.all([sweeper.runOnce(), sweeper.runOnce()]);
    expect(x).toBe(y);
    const again = await insertOrder(ctx.database, { productIds: ids, ttlMinutes: TTL_MINUTES });
    sweeper.start();
    await vi.waitFor(
      async () =>
        expect((await orderByReference(ctx.database, again.order.reference)).status).toBe(
          'cancelled',
        ),
      { timeout: 5000, interval: 50 },
    );
    await sweeper.stop();
    expect((await orderByReference(ctx.database, placed.order.reference)).status).toBe('cancelled');
    // Stopped: a new expired order stays.
    const later = await insertOrder(ctx.database, { productIds: ids, ttlMinutes: TTL_MINUTES });
    await new Promise((r) => setTimeout(r, 200));
    expect((await orderByReference(ctx.database, later.order.reference)).status).toBe(
      'awaiting_payment',
    );
    await ctx.database.db
      .update(orders)
      .set({ status: 'paid' })
      .where(and(eq(orders.id, later.order.id)));
  });
});
