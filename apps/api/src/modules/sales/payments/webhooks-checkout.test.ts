import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, paymentNotifications, sandboxCheckouts } from '../../../db/schema.js';
import type { CheckoutRequest, PaymentProvider } from '../../../integrations/payments/provider.js';
import {
  SANDBOX_SIGNATURE_HEADER,
  signSandboxBody,
} from '../../../integrations/payments/sandbox.js';
import { ConflictError, UpstreamError } from '../../../lib/errors.js';
import { TEST_SANDBOX_WEBHOOK_SECRET, testConfig, useTestApp } from '../../../../test/helpers.js';
import {
  deliverWebhook,
  insertOrder,
  orderByReference,
  paymentNotificationsOf,
  testSandboxProvider,
} from '../../../../test/orders.js';
import { stockAndSales } from '../../../../test/checkout.js';
import { ORDER_NOT_AWAITING_PAYMENT } from '@semijoias/domain/messages';
import {
  PAYMENT_NOTIFICATION_INVALID_SIGNATURE as INVALID_SIGNATURE,
  PAYMENT_START_FAILED,
} from '@semijoias/domain/messages';
import { hostedCheckoutFor } from './hosted-checkout.js';

const ctx = useTestApp();
const config = testConfig();

const sandbox = () => testSandboxProvider(ctx.database);

function notification(
  reference: string,
  amountCents: number,
  status: 'paid' | 'declined' = 'paid',
  eventId = randomUUID(),
) {
  return JSON.stringify({
    event_id: eventId,
    checkout_id: randomUUID(),
    reference,
    status,
    payment_id: `SBX_${eventId}`,
    amount_cents: amountCents,
    method: 'card',
  });
}

/** A raw body delivered to the webhook with this signature, or none. */
const deliver = (raw: string, signature?: string, provider = 'sandbox') =>
  deliverWebhook(ctx.app, raw, { signature: signature ?? null, provider });

const sign = (raw: string) => signSandboxBody(TEST_SANDBOX_WEBHOOK_SECRET, raw);

/** Their sales counts, by id. */
async function salesOf(ids: number[]) {
  return new Map((await stockAndSales(ctx.database, ids)).map((r) => [r.id, r.sales]));
}

describe('sandbox provider', () => {
  it('creates a checkout row and answers its page, reads its status', async () => {
    const { order } = await insertOrder(ctx.database);
    const provider = sandbox();
    const expiresAt = new Date(Date.now() + 3600_000);
    const request: CheckoutRequest = {
      reference: order.reference,
      customer: { name: 'Ana', email: 'a@b.com', taxId: '52998224725', phone: '11987654321' },
      items: [{ referenceId: '1', name: 'Anel', quantity: 1, unitAmountCents: order.totalCents }],
      shippingCents: 0,
      discountCents: 0,
      totalCents: order.totalCents,
      expiresAt,
      redirectUrl: `http://loja.test/pedido/${order.reference}`,
      notificationUrl: 'http://loja.test/api/webhooks/sandbox/',
      method: null,
      installments: null,
    };
    const checkout = await provider.createCheckout(request);
    expect(checkout.paymentUrl).toBe(`http://loja.test/sandbox/checkout/${checkout.checkoutId}`);
    expect(checkout.expiresAt.getTime()).toBe(expiresAt.getTime());
    const [row] = await ctx.database.db
      .select()
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.id, checkout.checkoutId));
    expect(row).toMatchObject({
      orderReference: order.reference,
      amountCents: order.totalCents,
      status: 'pending',
      redirectUrl: request.redirectUrl,
      notificationUrl: request.notificationUrl,
    });
    expect(
      await provider.paymentStatus({ checkoutId: checkout.checkoutId, reference: order.reference }),
    ).toEqual({
      state: 'pending',
      paymentId: null,
      amountCents: null,
    });
    await ctx.database.db
      .update(sandboxCheckouts)
      .set({ status: 'paid', paymentId: 'SBX_1' })
      .where(eq(sandboxCheckouts.id, checkout.checkoutId));
    expect(
      await provider.paymentStatus({ checkoutId: checkout.checkoutId, reference: order.reference }),
    ).toEqual({
      state: 'paid',
      paymentId: 'SBX_1',
      amountCents: order.totalCents,
    });
  });

  it('verifies the HMAC of the raw body and nothing else', async () => {
    const provider = sandbox();
    const verify = (rawBody: string, headers: Record<string, string>) =>
      provider.verifyNotification({ rawBody, headers, query: {} });
    const raw = notification('100001', 1000);
    const check = await verify(raw, { [SANDBOX_SIGNATURE_HEADER]: sign(raw) });
    expect(check).toMatchObject({
      ok: true,
      event: { reference: '100001', state: 'paid', amountCents: 1000 },
    });
    // One byte changed, another secret, no header, a bare hex: refused.
    const forged = { ok: false, reason: 'assinatura' };
    expect(await verify(`${raw} `, { [SANDBOX_SIGNATURE_HEADER]: sign(raw) })).toEqual(forged);
    expect(
      await verify(raw, {
        [SANDBOX_SIGNATURE_HEADER]: signSandboxBody('another-secret-another-secret-0000', raw),
      }),
    ).toEqual(forged);
    expect(await verify(raw, {})).toEqual(forged);
    expect(await verify(raw, { [SANDBOX_SIGNATURE_HEADER]: sign(raw).slice(7) })).toEqual(forged);
    // Signed but not a notification.
    const junk = JSON.stringify({ hello: 'world' });
    expect(await verify(junk, { [SANDBOX_SIGNATURE_HEADER]: sign(junk) })).toEqual({
      ok: false,
      reason: 'invalida',
    });
  });
});

describe('POST /api/webhooks/:provider/', () => {
  it('a signed paid notification pays the order once, counts the sales and keeps the raw body', async () => {
    const { order, lines } = await insertOrder(ctx.database);
    const ids = lines.map((l) => l.productId);
    const before = await salesOf(ids);
    const raw = notification(order.reference, order.totalCents);
    const res = await deliver(raw, sign(raw));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const paid = await orderByReference(ctx.database, order.reference);
    expect(paid.status).toBe('paid');
    expect(paid.paidAt).not.toBeNull();
    expect(paid.paymentId).toBe(JSON.parse(raw).payment_id);
    const after = await salesOf(ids);
    for (const l of lines)
      expect(after.get(l.productId)).toBe(before.get(l.productId)! + l.quantidade);
    const stored = await paymentNotificationsOf(ctx.database, order.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ provider: 'sandbox', outcome: 'paid', rawBody: raw });

    // The same event again: 200, nothing changes (no second row, no second sales count).
    const again = await deliver(raw, sign(raw));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ok: true });
    expect(await paymentNotificationsOf(ctx.database, order.id)).toHaveLength(1);
    expect(await salesOf(ids)).toEqual(after);
  });

  it('answers 401 and stores nothing for a bad signature, no signature or another provider', async () => {
    const { order } = await insertOrder(ctx.database);
    const raw = notification(order.reference, order.totalCents);
    const [count] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentNotifications);
    for (const res of [
      await deliver(raw, sign(`${raw}x`)),
      await deliver(raw),
      await deliver(raw, 'sha256=00'),
      await deliver(raw, sign(raw), 'pagbank'),
      await deliver(raw, sign(raw), 'outro'),
    ]) {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toEqual({ error: INVALID_SIGNATURE });
    }
    const [after] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentNotifications);
    expect(after!.n).toBe(count!.n);
    expect((await orderByReference(ctx.database, order.reference)).status).toBe('awaiting_payment');
  });

  it('reads the raw body whatever its content type', async () => {
    const { order } = await insertOrder(ctx.database);
    const raw = notification(order.reference, order.totalCents);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/sandbox',
      headers: { 'content-type': 'text/plain', [SANDBOX_SIGNATURE_HEADER]: sign(raw) },
      payload: raw,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderByReference(ctx.database, order.reference)).status).toBe('paid');
  });

  it('the same notification delivered 5 times at once makes one transition and one row', async () => {
    const { order, lines } = await insertOrder(ctx.database);
    const before = await salesOf(lines.map((l) => l.productId));
    const raw = notification(order.reference, order.totalCents);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(raw, sign(raw))));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(await paymentNotificationsOf(ctx.database, order.id)).toHaveLength(1);
    const after = await salesOf(lines.map((l) => l.productId));
    for (const l of lines)
      expect(after.get(l.productId)).toBe(before.get(l.productId)! + l.quantidade);
  });

  it('five different paid events for one order at once pay it once', async () => {
    const { order, lines } = await insertOrder(ctx.database);
    const before = await salesOf(lines.map((l) => l.productId));
    const raws = Array.from({ length: 5 }, () => notification(order.reference, order.totalCents));
    const answers = await Promise.all(raws.map((raw) => deliver(raw, sign(raw))));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const stored = await paymentNotificationsOf(ctx.database, order.id);
    expect(stored).toHaveLength(5);
    expect(stored.filter((n) => n.outcome === 'paid')).toHaveLength(1);
    // Each event is another payment (its own payment id): kept for the owners, nothing moves.
    expect(stored.filter((n) => n.outcome === 'paid_twice')).toHaveLength(4);
    const after = await salesOf(lines.map((l) => l.productId));
    for (const l of lines)
      expect(after.get(l.productId)).toBe(before.get(l.productId)! + l.quantidade);
  });

  it('a payment of another amount does not pay the order', async () => {
    const { order } = await insertOrder(ctx.database);
    const raw = notification(order.reference, order.totalCents - 1);
    expect((await deliver(raw, sign(raw))).statusCode).toBe(200);
    expect((await orderByReference(ctx.database, order.reference)).status).toBe('awaiting_payment');
    expect((await paymentNotificationsOf(ctx.database, order.id))[0]!.outcome).toBe(
      'amount_mismatch',
    );
  });

  it('declined moves awaiting payment to payment failed and drops the link; paid after that pays', async () => {
    const { order } = await insertOrder(ctx.database);
    const deps = { db: ctx.database.db, provider: sandbox(), config };
    const { paymentUrl } = await hostedCheckoutFor(deps, order.id);
    const checkoutId = paymentUrl.split('/').pop()!;
    const declined = JSON.stringify({
      event_id: randomUUID(),
      checkout_id: checkoutId,
      reference: order.reference,
      status: 'declined',
      payment_id: 'SBX_x',
      amount_cents: order.totalCents,
    });
    expect((await deliver(declined, sign(declined))).statusCode).toBe(200);
    const failed = await orderByReference(ctx.database, order.reference);
    expect(failed.status).toBe('payment_failed');
    expect(failed.paymentUrl).toBeNull();
    expect((await paymentNotificationsOf(ctx.database, order.id))[0]!.outcome).toBe('declined');
    // Her retry gets a new checkout.
    const retry = await hostedCheckoutFor(deps, order.id);
    expect(retry.paymentUrl).not.toBe(paymentUrl);
    // A declined notification for a paid order changes nothing.
    const paid = notification(order.reference, order.totalCents);
    expect((await deliver(paid, sign(paid))).statusCode).toBe(200);
    const late = notification(order.reference, order.totalCents, 'declined');
    expect((await deliver(late, sign(late))).statusCode).toBe(200);
    expect((await orderByReference(ctx.database, order.reference)).status).toBe('paid');
  });

  it('a notification for an unknown order is kept and ignored', async () => {
    const raw = notification('999999999', 100);
    expect((await deliver(raw, sign(raw))).statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.eventKey, JSON.parse(raw).event_id));
    expect(row).toMatchObject({ outcome: 'ignored', orderId: null });
  });
});

describe('hostedCheckoutFor', () => {
  it('creates one checkout, stores it, and answers the same link while valid', async () => {
    const { order } = await insertOrder(ctx.database, { discountCents: 500 });
    const deps = { db: ctx.database.db, provider: sandbox(), config };
    const first = await hostedCheckoutFor(deps, order.id);
    expect(first.paymentUrl).toMatch(/^http:\/\/loja\.test\/sandbox\/checkout\/[0-9a-f-]{36}$/);
    const stored = await orderByReference(ctx.database, order.reference);
    expect(stored.paymentProvider).toBe('sandbox');
    expect(stored.paymentUrl).toBe(first.paymentUrl);
    expect(stored.providerCheckoutId).toBe(first.paymentUrl.split('/').pop());
    // Ends 5 minutes before the order's deadline.
    expect(stored.paymentUrlExpiresAt!.getTime()).toBe(order.expiresAt.getTime() - 5 * 60_000);
    const [row] = await ctx.database.db
      .select()
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.id, stored.providerCheckoutId!));
    expect(row!.amountCents).toBe(order.totalCents);
    expect(row!.redirectUrl).toBe(`http://loja.test/pedido/${order.reference}`);
    expect(row!.notificationUrl).toBe('http://loja.test/api/webhooks/sandbox/');
    const payload = row!.payload as { discountCents: number; items: unknown[] };
    expect(payload.discountCents).toBe(500);
    expect(payload.items).toHaveLength(2);

    expect(await hostedCheckoutFor(deps, order.id)).toEqual(first);
    const [count] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.orderReference, order.reference));
    expect(count!.n).toBe(1);
  });

  it('replaces a link about to expire', async () => {
    const { order } = await insertOrder(ctx.database);
    const deps = { db: ctx.database.db, provider: sandbox(), config };
    const first = await hostedCheckoutFor(deps, order.id);
    await ctx.database.db
      .update(orders)
      .set({ paymentUrlExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(orders.id, order.id));
    const second = await hostedCheckoutFor(deps, order.id);
    expect(second.paymentUrl).not.toBe(first.paymentUrl);
  });

  it('a one-minute order (UNPAID_ORDER_TTL_MINUTES=1): the checkout ends 3 s before its deadline, a link is handed out while more than 3 s remain', async () => {
    const { order } = await insertOrder(ctx.database, { ttlMinutes: 1 });
    const deadline = order.expiresAt.getTime();
    await ctx.database.db
      .update(orders)
      .set({ createdAt: new Date(deadline - 60_000) })
      .where(eq(orders.id, order.id));
    const deps = { db: ctx.database.db, provider: sandbox(), config };
    const first = await hostedCheckoutFor(deps, order.id);
    const stored = await orderByReference(ctx.database, order.reference);
    expect(stored.paymentUrlExpiresAt!.getTime()).toBe(deadline - 3_000);
    const [row] = await ctx.database.db
      .select()
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.id, stored.providerCheckoutId!));
    expect(row!.expiresAt.getTime()).toBe(deadline - 3_000);

    // 20 s left on the link: still hers (the 2-minute rule of a 24-hour order would replace it).
    await ctx.database.db
      .update(orders)
      .set({ paymentUrlExpiresAt: new Date(Date.now() + 20_000) })
      .where(eq(orders.id, order.id));
    expect(await hostedCheckoutFor(deps, order.id)).toEqual(first);

    // 5 s before the deadline: a new checkout would close in 2 s, too soon to pay.
    await ctx.database.db
      .update(orders)
      .set({
        createdAt: new Date(Date.now() - 55_000),
        expiresAt: new Date(Date.now() + 5_000),
        paymentUrlExpiresAt: new Date(Date.now() + 2_000),
      })
      .where(eq(orders.id, order.id));
    const err = await hostedCheckoutFor(deps, order.id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConflictError);
    expect((err as Error).message).toBe(ORDER_NOT_AWAITING_PAYMENT);
  });

  it('refuses a paid or cancelled order with 409 text', async () => {
    for (const status of ['paid', 'cancelled'] as const) {
      const { order } = await insertOrder(ctx.database, { status });
      const deps = { db: ctx.database.db, provider: sandbox(), config };
      const err = await hostedCheckoutFor(deps, order.id).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ConflictError);
      expect((err as Error).message).toBe(ORDER_NOT_AWAITING_PAYMENT);
    }
  });

  it('a provider failure answers the fixed text and writes nothing', async () => {
    const { order } = await insertOrder(ctx.database);
    const failing: PaymentProvider = {
      ...sandbox(),
      createCheckout: () => Promise.reject(new Error('ECONNRESET at pagbank: token abc')),
    };
    const err = await hostedCheckoutFor(
      { db: ctx.database.db, provider: failing, config },
      order.id,
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect((err as Error).message).toBe(PAYMENT_START_FAILED);
    const after = await orderByReference(ctx.database, order.reference);
    expect(after.paymentUrl).toBeNull();
    expect(after.providerCheckoutId).toBeNull();
    expect(after.paymentProvider).toBeNull();
  });

  it('concurrent calls leave the order with one link that all of them answer', async () => {
    const { order } = await insertOrder(ctx.database);
    const deps = { db: ctx.database.db, provider: sandbox(), config };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => hostedCheckoutFor(deps, order.id)),
    );
    const stored = await orderByReference(ctx.database, order.reference);
    for (const a of answers) expect(a.paymentUrl).toBe(stored.paymentUrl);
  });
});
