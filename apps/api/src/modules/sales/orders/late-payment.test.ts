/**
 * Payments that come after the order was cancelled at its deadline (docs/orders-lifecycle.md):
 * with the stock still there the order is reserved again and paid (its coupon counted again when
 * it can be); without it, 'Pagamento a estornar' and the owners are told. The same notification
 * delivered again changes nothing. A declined card keeps the reservation until the deadline.
 */
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  couponRedemptions,
  coupons,
  outboxEmails,
  paymentNotifications,
} from '../../../db/schema.js';
import { testConfig, useTestApp } from '../../../../test/helpers.js';
import {
  catalogTail,
  insertOrder,
  orderByReference,
  orderOutbox,
  sandboxNotification,
  sweepPastDeadline,
  testSandboxProvider,
} from '../../../../test/orders.js';
import {
  addToCart,
  giveAddress,
  placeOrder,
  setProduct,
  shopper,
  stockAndSales,
  stockOf,
} from '../../../../test/checkout.js';
import { hostedCheckoutFor } from '../payments/hosted-checkout.js';
import { recordAndSettle } from '../payments/settlement.js';
import { orderMailDeps } from './emails.js';

const TTL_MINUTES = 2;
const ctx = useTestApp({ unpaidOrderTtlMinutes: TTL_MINUTES });
const config = testConfig({ unpaidOrderTtlMinutes: TTL_MINUTES });

const sandbox = () => testSandboxProvider(ctx.database);

const notify = (
  reference: string,
  amountCents: number,
  status: 'paid' | 'declined' = 'paid',
  ids: { paymentId?: string; checkoutId?: string } = {},
) => sandboxNotification(ctx.app, reference, amountCents, status, ids);
const ownProducts = catalogTail(() => ctx.database);
const stocks = (ids: number[]) => Promise.all(ids.map((id) => stockOf(ctx.database, id)));

/** Their sales counts (the ids in order). */
const salesOf = async (ids: number[]) =>
  (await stockAndSales(ctx.database, ids)).map((r) => r.sales);

const outboxOf = (orderId: number) => orderOutbox(ctx.database, orderId);

async function outcomesOf(orderId: number) {
  const rows = await ctx.database.db
    .select({ outcome: paymentNotifications.outcome })
    .from(paymentNotifications)
    .where(eq(paymentNotifications.orderId, orderId))
    .orderBy(paymentNotifications.id);
  return rows.map((r) => r.outcome);
}

/** Her order of `qty` units of product `id` with BOASVINDAS, through api/pay and api/pagamento. */
async function herOrder(id: number, qty: number) {
  const me = await shopper(ctx.app, ctx.database);
  await setProduct(ctx.database, id, { priceCents: 10_000 });
  await addToCart(ctx.app, me.token, id, qty);
  const placed = await placeOrder(ctx.app, { cep: '01310100', cupom: 'BOASVINDAS' }, me.token);
  await giveAddress(ctx.app, placed, { token: me.token });
  return { me, order: await orderByReference(ctx.database, placed.reference) };
}

async function redemptionOf(orderId: number) {
  const [row] = await ctx.database.db
    .select()
    .from(couponRedemptions)
    .where(eq(couponRedemptions.orderId, orderId));
  return row;
}

async function boasVindasUses(): Promise<number> {
  const [row] = await ctx.database.db
    .select({ n: coupons.timesUsed })
    .from(coupons)
    .where(eq(coupons.code, 'BOASVINDAS'));
  return row!.n;
}

describe('a payment after the order was cancelled', () => {
  it('with the stock still there: paid again, stock taken again, coupon counted again; a repeat changes nothing', async () => {
    const [id] = await ownProducts(1);
    const { order } = await herOrder(id!, 3);
    const uses = await boasVindasUses();
    await sweepPastDeadline(ctx.database, config);
    expect((await orderByReference(ctx.database, order.reference)).status).toBe('cancelled');
    expect(await stocks([id!])).toEqual([10]);
    expect(await redemptionOf(order.id)).toBeUndefined();
    expect(await boasVindasUses()).toBe(uses - 1);
    const salesBefore = await salesOf([id!]);

    const late = notify(order.reference, order.totalCents);
    const res = await late.deliver();
    expect(res.statusCode, res.body).toBe(200);
    const paid = await orderByReference(ctx.database, order.reference);
    expect(paid).toMatchObject({
      status: 'paid',
      paymentId: late.paymentId,
      cancelledAt: null,
      cancelReason: null,
    });
    expect(paid.paidAt).not.toBeNull();
    expect(await stocks([id!])).toEqual([7]);
    expect(await salesOf([id!])).toEqual([salesBefore[0]! + 3]);
    expect(await redemptionOf(order.id)).toMatchObject({ discountCents: order.discountCents });
    expect(await boasVindasUses()).toBe(uses);
    expect(await outcomesOf(order.id)).toEqual(['paid_late']);
    const mails = await outboxOf(order.id);
    expect(mails.map((m) => [m.kind, m.recipient])).toEqual([
      ['order_received', 'ana@exemplo.com.br'],
      ['order_cancelled', 'ana@exemplo.com.br'],
      ['order_paid', 'ana@exemplo.com.br'],
      ['order_paid_store', config.storeEmail],
    ]);

    // Delivered again: one row, nothing moves.
    expect((await late.deliver()).statusCode).toBe(200);
    expect(await stocks([id!])).toEqual([7]);
    expect(await salesOf([id!])).toEqual([salesBefore[0]! + 3]);
    expect(await outcomesOf(order.id)).toEqual(['paid_late']);
    expect(await outboxOf(order.id)).toEqual(mails);
    expect(await sweepPastDeadline(ctx.database, config)).toMatchObject({ cancelled: 0 });
    expect((await orderByReference(ctx.database, order.reference)).status).toBe('paid');
  });

  it('her coupon used again meanwhile: still paid, with its discount, the other use kept', async () => {
    const [id] = await ownProducts(1);
    const { me, order } = await herOrder(id!, 1);
    await sweepPastDeadline(ctx.database, config);
    const again = await placeOrder(ctx.app, { cep: '01310100', cupom: 'BOASVINDAS' }, me.token);
    const second = await orderByReference(ctx.database, again.reference);
    const uses = await boasVindasUses();

    expect((await notify(order.reference, order.totalCents).deliver()).statusCode).toBe(200);
    expect(await orderByReference(ctx.database, order.reference)).toMatchObject({
      status: 'paid',
      discountCents: order.discountCents,
    });
    expect(await redemptionOf(order.id)).toBeUndefined();
    expect(await redemptionOf(second.id)).toBeDefined();
    expect(await boasVindasUses()).toBe(uses);
  });

  it('without the stock: refund due, no stock taken (not even the lines that were there), the owners told', async () => {
    const ids = await ownProducts(2);
    const placed = await insertOrder(ctx.database, { productIds: ids, ttlMinutes: TTL_MINUTES });
    await sweepPastDeadline(ctx.database, config);
    expect((await orderByReference(ctx.database, placed.order.reference)).status).toBe('cancelled');
    // The second line's product sold out meanwhile; the first still has units.
    await setProduct(ctx.database, ids[1]!, { stock: 0 });
    const before = await stocks(ids);
    const salesBefore = await salesOf(ids);

    const late = notify(placed.order.reference, placed.order.totalCents);
    expect((await late.deliver()).statusCode).toBe(200);
    const due = await orderByReference(ctx.database, placed.order.reference);
    expect(due).toMatchObject({ status: 'refund_due', paymentId: late.paymentId });
    expect(await stocks(ids)).toEqual(before);
    expect(await salesOf(ids)).toEqual(salesBefore);
    expect(await outcomesOf(placed.order.id)).toEqual(['refund_due']);
    const mails = await outboxOf(placed.order.id);
    expect(mails).toEqual([
      {
        kind: 'order_cancelled',
        recipient: 'ana.comprador@exemplo.com.br',
        dedupeKey: `order:${placed.order.id}:cancelled`,
      },
      {
        kind: 'order_refund_due_store',
        recipient: config.storeEmail,
        dedupeKey: `order:${placed.order.id}:refund:${late.paymentId}`,
      },
      {
        kind: 'order_refund_due',
        recipient: 'ana.comprador@exemplo.com.br',
        dedupeKey: `order:${placed.order.id}:refund`,
      },
    ]);
    const shown = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${placed.order.reference}/?chave=${placed.chave}`,
    });
    expect(shown.json()).toMatchObject({
      status: 'Pagamento a estornar',
      payment_id: late.paymentId,
    });
    const link = await ctx.app.inject({
      method: 'GET',
      url: `/api/payment-status/${placed.order.reference}/?chave=${placed.chave}`,
    });
    expect(link.statusCode).toBe(409);
    expect(link.json()).toMatchObject({ status: 'Pagamento a estornar' });

    // Delivered again, even with the stock back: nothing changes.
    await setProduct(ctx.database, ids[1]!, { stock: 10 });
    expect((await late.deliver()).statusCode).toBe(200);
    expect((await orderByReference(ctx.database, placed.order.reference)).status).toBe(
      'refund_due',
    );
    expect(await stocks(ids)).toEqual([before[0], 10]);
    expect(await outcomesOf(placed.order.id)).toEqual(['refund_due']);
    expect(await outboxOf(placed.order.id)).toEqual(mails);
  });

  it('a late payment of another amount does not revive the order', async () => {
    const ids = await ownProducts(1);
    const placed = await insertOrder(ctx.database, { productIds: ids, ttlMinutes: TTL_MINUTES });
    await sweepPastDeadline(ctx.database, config);
    const before = await stocks(ids);
    expect((await notify(placed.order.reference, 1).deliver()).statusCode).toBe(200);
    expect((await orderByReference(ctx.database, placed.order.reference)).status).toBe('cancelled');
    expect(await stocks(ids)).toEqual(before);
    expect(await outcomesOf(placed.order.id)).toEqual(['amount_mismatch']);
    // Money the order did not take: the owners are told to look at it, the order stays.
    const mails = await outboxOf(placed.order.id);
    expect(mails.filter((m) => m.recipient === config.storeEmail)).toEqual([
      {
        kind: 'order_amount_mismatch_store',
        recipient: config.storeEmail,
        dedupeKey: expect.stringMatching(`^order:${placed.order.id}:amount_mismatch:SBX_`),
      },
    ]);
    const text = await storeMailText(placed.order.id, 'order_amount_mismatch_store');
    expect(text).toContain(
      `Chegou um pagamento de R$ 0,01 para o pedido #${placed.order.reference}`,
    );
    expect(text).toContain('O pedido não mudou: Cancelado.');
  });
});

describe('a declined payment', () => {
  it('keeps the reservation until the deadline, mails the retry once per checkout, then the order is cancelled', async () => {
    const ids = await ownProducts(1);
    const placed = await insertOrder(ctx.database, { productIds: ids, ttlMinutes: TTL_MINUTES });
    const deps = { db: ctx.database.db, provider: sandbox(), config };
    await hostedCheckoutFor(deps, placed.order.id);
    const { providerCheckoutId } = await orderByReference(ctx.database, placed.order.reference);
    const declined = notify(placed.order.reference, placed.order.totalCents, 'declined', {
      checkoutId: providerCheckoutId!,
    });
    expect((await declined.deliver()).statusCode).toBe(200);
    expect((await declined.deliver()).statusCode).toBe(200);
    expect((await orderByReference(ctx.database, placed.order.reference)).status).toBe(
      'payment_failed',
    );
    expect(await stocks(ids)).toEqual([10]);
    expect(await outboxOf(placed.order.id)).toEqual([
      {
        kind: 'order_declined',
        recipient: 'ana.comprador@exemplo.com.br',
        dedupeKey: `order:${placed.order.id}:declined:${providerCheckoutId}`,
      },
    ]);
    await sweepPastDeadline(ctx.database, config);
    expect((await orderByReference(ctx.database, placed.order.reference)).status).toBe('cancelled');
    expect(await stocks(ids)).toEqual([12]);
    expect((await outboxOf(placed.order.id)).map((m) => m.kind)).toEqual([
      'order_declined',
      'order_cancelled',
    ]);
  });
});

describe('a second payment of a paid order', () => {
  it('is kept as paid_twice and changes nothing', async () => {
    const ids = await ownProducts(1);
    const placed = await insertOrder(ctx.database, { productIds: ids, ttlMinutes: TTL_MINUTES });
    const first = notify(placed.order.reference, placed.order.totalCents);
    expect((await first.deliver()).statusCode).toBe(200);
    const sales = await salesOf(ids);
    const mails = await outboxOf(placed.order.id);
    expect(
      (await notify(placed.order.reference, placed.order.totalCents).deliver()).statusCode,
    ).toBe(200);
    expect(await orderByReference(ctx.database, placed.order.reference)).toMatchObject({
      status: 'paid',
      paymentId: first.paymentId,
    });
    expect(await salesOf(ids)).toEqual(sales);
    expect(await outcomesOf(placed.order.id)).toEqual(['paid', 'paid_twice']);
    // The owners get one e-mail to refund the second payment, the shopper none.
    const paidTwice = {
      kind: 'order_paid_twice_store',
      recipient: config.storeEmail,
      dedupeKey: expect.stringMatching(`^order:${placed.order.id}:paid_twice:SBX_`),
    };
    expect(await outboxOf(placed.order.id)).toEqual([...mails, paidTwice]);
    const text = await storeMailText(placed.order.id, 'order_paid_twice_store');
    expect(text).toContain(
      `O pedido #${placed.order.reference} já estava pago (pagamento ${first.paymentId}) e recebeu outro pagamento`,
    );
    expect(text).toContain('Estorne o segundo pagamento');
  });

  it('the same second payment seen by the webhook and by the sweeper mails the owners once', async () => {
    const ids = await ownProducts(1);
    const placed = await insertOrder(ctx.database, { productIds: ids, ttlMinutes: TTL_MINUTES });
    await notify(placed.order.reference, placed.order.totalCents).deliver();
    const second = notify(placed.order.reference, placed.order.totalCents);
    await second.deliver();
    // The sweeper asking the provider about the second checkout records it under its own key.
    const eventKey = 'sweeper:segundo-checkout:paid';
    const outcome = await ctx.database.db.transaction((tx) =>
      recordAndSettle(tx, orderMailDeps(config), {
        provider: 'sandbox',
        eventKey,
        rawBody: '{}',
        event: {
          eventKey,
          reference: placed.order.reference,
          state: 'paid',
          paymentId: second.paymentId,
          amountCents: placed.order.totalCents,
        },
      }),
    );
    expect(outcome).toBe('paid_twice');
    expect(await outcomesOf(placed.order.id)).toEqual(['paid', 'paid_twice', 'paid_twice']);
    const toOwners = (await outboxOf(placed.order.id)).filter(
      (m) => m.kind === 'order_paid_twice_store',
    );
    expect(toOwners).toHaveLength(1);
  });
});

/** The text of the store's e-mail of `kind` about the order, no-break spaces as spaces. */
async function storeMailText(orderId: number, kind: string): Promise<string> {
  const [row] = await ctx.database.db
    .select({ text: outboxEmails.textBody })
    .from(outboxEmails)
    .where(and(eq(outboxEmails.kind, kind), like(outboxEmails.dedupeKey, `order:${orderId}:%`)));
  if (!row) throw new Error(`no ${kind} e-mail for order ${orderId}`);
  return (row.text ?? '').replace(/\u00a0/g, ' ');
}
