/**
 * Payments and orders (docs/checkout-contract.md): the sandbox's hosted page and its signed
 * notifications, the webhook's signature and idempotency, the order's hosted checkout, her
 * orders, one order for the return page, and payment-status. Orders are written straight into
 * the database here (api/pay has its own tests), the way api/pay leaves them.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCall, loggedInCustomer } from '../../../../test/accounts.js';
import { TEST_SANDBOX_WEBHOOK_SECRET, useTestApp } from '../../../../test/helpers.js';
import { deliverWebhook, insertOrder, paymentNotificationsOf } from '../../../../test/orders.js';
import { orders, products } from '../../../db/schema.js';
import {
  signSandboxBody,
  type SandboxNotification,
} from '../../../integrations/payments/sandbox.js';
import { memoryMailer } from '../../../integrations/mail/mailer.js';

const ctx = useTestApp({}, { mailer: memoryMailer() });

const customer = () => loggedInCustomer(ctx.app, ctx.database);

/** Her order of `quantidade` units of one product, as api/pay + api/pagamento leave it. */
const placeOrder = (userId: number | null, productId = 1, quantidade = 2) =>
  insertOrder(ctx.database, { userId, lines: [{ productId, quantidade }] });

async function statusOf(reference: string) {
  const [row] = await ctx.database.db.select().from(orders).where(eq(orders.reference, reference));
  return row!;
}

const get = (url: string, token?: string) => apiCall(ctx.app, token, 'GET', url);

async function paymentLink(reference: string, auth: { token?: string; chave?: string }) {
  const url = `/api/payment-status/${reference}/${auth.chave ? `?chave=${auth.chave}` : ''}`;
  const res = await get(url, auth.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ payment_link: string; status: string }>();
}

function checkoutPath(link: string): string {
  return new URL(link).pathname;
}

/** A notification to the webhook, signed with the app's secret unless `signature` is given. */
function notify(body: SandboxNotification | string, signature?: string, provider = 'sandbox') {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  return deliverWebhook(ctx.app, raw, { signature, provider });
}

describe('the sandbox hosted page', () => {
  it('shows the test banner, the amount, the reference, the card form and PIX', async () => {
    const { token, userId } = await customer();
    const { order } = await placeOrder(userId);
    const { payment_link } = await paymentLink(order.reference, { token });
    expect(payment_link).toMatch(/^http:\/\/loja\.test\/sandbox\/checkout\/[0-9a-f-]{36}$/);
    const page = await get(checkoutPath(payment_link));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const html = page.body;
    expect(html).toContain('Ambiente de teste — nenhum valor é cobrado');
    const amount = `R$ ${(order.totalCents / 100).toFixed(2).replace('.', ',')}`;
    expect(html).toContain(amount);
    expect(html).toContain(`#${order.reference}`);
    expect(html).toContain('value="4111 1111 1111 1111"');
    expect(html).toContain(`>Pagar ${amount}</button>`);
    expect(html).toContain('Simular pagamento PIX');
    expect(html).toContain('<svg');
    expect(html).not.toMatch(/<script|style=|onclick=/i);
  });

  it('the same link is answered again while it is valid: one checkout per order', async () => {
    const { token, userId } = await customer();
    const { order } = await placeOrder(userId);
    const first = await paymentLink(order.reference, { token });
    const second = await paymentLink(order.reference, { token });
    expect(second.payment_link).toBe(first.payment_link);
  });

  it('an approved card pays the order: 303 back to the return page, one stored notification', async () => {
    const { token, userId } = await customer();
    const { order } = await placeOrder(userId, 2, 3);
    const [before] = await ctx.database.db.select().from(products).where(eq(products.id, 2));
    const { payment_link } = await paymentLink(order.reference, { token });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${checkoutPath(payment_link)}/card`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'card_number=4111+1111+1111+1111&holder=ANA&expiry=12%2F30&cvv=123',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`http://loja.test/pedido/${order.reference}`);
    const paid = await statusOf(order.reference);
    expect(paid.status).toBe('paid');
    expect(paid.paymentId).toMatch(/^SBX_/);
    expect(paid.paidAt).not.toBeNull();
    expect(await paymentNotificationsOf(ctx.database, order.id)).toHaveLength(1);
    const [after] = await ctx.database.db.select().from(products).where(eq(products.id, 2));
    expect(after!.salesCount).toBe(before!.salesCount + 3);
    // A paid order has no link to pay again.
    expect((await get(`/api/payment-status/${order.reference}/`, token)).statusCode).toBe(409);
    // Its page now sends the browser back to the store.
    expect((await get(checkoutPath(payment_link))).statusCode).toBe(303);
  });

  it('the declined test card leaves the order "Erro no Pagamento"; the retry gets a new link and PIX pays it', async () => {
    const { token, userId } = await customer();
    const { order } = await placeOrder(userId);
    const first = await paymentLink(order.reference, { token });
    const declined = await ctx.app.inject({
      method: 'POST',
      url: `${checkoutPath(first.payment_link)}/card`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'card_number=4000000000000002&holder=ANA&expiry=12%2F30&cvv=123',
    });
    expect(declined.statusCode).toBe(303);
    expect((await statusOf(order.reference)).status).toBe('payment_failed');

    const retry = await paymentLink(order.reference, { token });
    expect(retry.status).toBe('Erro no Pagamento');
    expect(retry.payment_link).not.toBe(first.payment_link);
    const pix = await ctx.app.inject({
      method: 'POST',
      url: `${checkoutPath(retry.payment_link)}/pix`,
    });
    expect(pix.statusCode).toBe(303);
    expect((await statusOf(order.reference)).status).toBe('paid');
  });

  it('an unknown checkout is a page of its own, never a stack', async () => {
    const res = await get('/sandbox/checkout/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Este link de pagamento não existe.');
    expect((await get('/sandbox/checkout/nada')).statusCode).toBe(404);
    const css = await get('/sandbox/sandbox.css');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/text\/css/);
  });
});

describe('POST /api/webhooks/{provider}/', () => {
  function event(reference: string, totalCents: number, status: 'paid' | 'declined' = 'paid') {
    return {
      event_id: `EVT_${reference}_${status}`,
      checkout_id: 'x',
      reference,
      status,
      payment_id: `PAY_${reference}`,
      amount_cents: totalCents,
      method: 'card',
    } satisfies SandboxNotification;
  }

  it('refuses a bad signature, a missing one and another provider with 401, storing nothing', async () => {
    const { order } = await placeOrder(null);
    const body = event(order.reference, order.totalCents);
    for (const res of [
      await notify(body, 'sha256=' + '0'.repeat(64)),
      await notify(body, ''),
      await notify(body, undefined, 'pagbank'),
      await notify(JSON.stringify(body).replace('paid', 'PAID'), signSandboxBody('outro', 'x')),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Assinatura inválida.' });
    }
    expect((await statusOf(order.reference)).status).toBe('awaiting_payment');
    expect(await paymentNotificationsOf(ctx.database, order.id)).toEqual([]);
  });

  it('a body changed after signing does not verify', async () => {
    const { order } = await placeOrder(null);
    const raw = JSON.stringify(event(order.reference, order.totalCents));
    const signature = signSandboxBody(TEST_SANDBOX_WEBHOOK_SECRET, raw);
    const res = await notify(raw.replace('"paid"', '"paid" '), signature);
    expect(res.statusCode).toBe(401);
    expect((await statusOf(order.reference)).status).toBe('awaiting_payment');
  });

  it('an amount other than the total is not taken as payment', async () => {
    const { order } = await placeOrder(null);
    const res = await notify(event(order.reference, order.totalCents - 1));
    expect(res.statusCode).toBe(200);
    expect((await statusOf(order.reference)).status).toBe('awaiting_payment');
    expect((await paymentNotificationsOf(ctx.database, order.id))[0]!.outcome).toBe(
      'amount_mismatch',
    );
  });

  it('the same notification delivered five times at once moves the order once', async () => {
    const { order } = await placeOrder(null);
    const [before] = await ctx.database.db.select().from(products).where(eq(products.id, 1));
    const body = event(order.reference, order.totalCents);
    const answers = await Promise.all(Array.from({ length: 5 }, () => notify(body)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await statusOf(order.reference)).status).toBe('paid');
    const stored = await paymentNotificationsOf(ctx.database, order.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.outcome).toBe('paid');
    expect(stored[0]!.rawBody).toBe(JSON.stringify(body));
    const [after] = await ctx.database.db.select().from(products).where(eq(products.id, 1));
    expect(after!.salesCount).toBe(before!.salesCount + 2);
  });

  it('a decline after the payment changes nothing; a payment after a decline pays', async () => {
    const { order } = await placeOrder(null);
    await notify(event(order.reference, order.totalCents, 'declined'));
    expect((await statusOf(order.reference)).status).toBe('payment_failed');
    await notify({ ...event(order.reference, order.totalCents), event_id: 'EVT_2' });
    expect((await statusOf(order.reference)).status).toBe('paid');
    await notify({ ...event(order.reference, order.totalCents, 'declined'), event_id: 'EVT_3' });
    expect((await statusOf(order.reference)).status).toBe('paid');
  });
});

describe('her orders', () => {
  it('GET /api/user/orders/ answers SPEC §3 lines of her orders only, newest first', async () => {
    const ana = await customer();
    const bia = await customer();
    const older = await placeOrder(ana.userId, 1, 1);
    await ctx.database.db
      .update(orders)
      .set({ createdAt: sql`'2026-03-15T17:05:00Z'` })
      .where(eq(orders.id, older.order.id));
    const newer = await placeOrder(ana.userId, 3, 2);
    await placeOrder(bia.userId);

    expect((await get('/api/user/orders/?t=1')).statusCode).toBe(401);
    const res = await get(`/api/user/orders/?t=${Date.now()}`, ana.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = res.json<Record<string, unknown>[]>();
    expect(lines.map((l) => l.reference)).toEqual([newer.order.reference, older.order.reference]);
    expect(lines[1]).toMatchObject({
      status: 'Aguardando Pagamento',
      data_pedido: '15/03/2026 às 14:05',
      payment_id: null,
      quantidade: 1,
      produto: { id: 1, image: expect.stringMatching(/^\/media\/produtos\//) },
      frete: '12.90',
      desconto: '0.00',
      cupom: null,
    });
    expect(lines[0]!.total).toBe(
      `${Math.floor(newer.order.totalCents / 100)}.${String(newer.order.totalCents % 100).padStart(2, '0')}`,
    );
    expect((await get('/api/user/orders/', bia.token)).json<unknown[]>()).toHaveLength(1);
  });

  it("GET /api/orders/{reference}/ shows her order to her, a guest's to its link, nothing to others", async () => {
    const ana = await customer();
    const bia = await customer();
    const hers = await placeOrder(ana.userId);
    const guest = await placeOrder(null);

    const mine = await get(`/api/orders/${hers.order.reference}/`, ana.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      reference: hers.order.reference,
      status: 'Aguardando Pagamento',
      status_code: 'awaiting_payment',
      endereco: { cidade: 'São Paulo', estado: 'SP' },
    });
    expect(
      (await get(`/api/orders/${guest.order.reference}/?chave=${guest.chave}`)).statusCode,
    ).toBe(200);

    for (const [url, token] of [
      [`/api/orders/${hers.order.reference}/`, bia.token],
      [`/api/orders/${hers.order.reference}/`, undefined],
      [`/api/orders/${guest.order.reference}/`, undefined],
      [`/api/orders/${guest.order.reference}/?chave=errada`, undefined],
      [`/api/orders/${guest.order.reference}/?chave=${hers.chave}`, ana.token],
      ['/api/orders/999999999/', ana.token],
      [`/api/payment-status/${hers.order.reference}/`, bia.token],
      [`/api/payment-status/${guest.order.reference}/?chave=errada`, undefined],
    ] as const) {
      const res = await get(url, token);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: 'Pedido não encontrado.' });
    }
    // The return link's secret opens the order whoever asks (api/pay gave it to its buyer).
    expect(
      (await get(`/api/orders/${hers.order.reference}/?chave=${hers.chave}`, bia.token)).statusCode,
    ).toBe(200);
    expect((await get(`/api/orders/${hers.order.reference}/?chave=${hers.chave}`)).statusCode).toBe(
      200,
    );
    expect((await get(`/api/orders/${hers.order.reference}/`, 'forjado')).statusCode).toBe(401);
    expect((await get('/api/orders/abc/', ana.token)).statusCode).toBe(400);
  });

  it('a guest pays with the link from her return page', async () => {
    const guest = await placeOrder(null);
    const { payment_link } = await paymentLink(guest.order.reference, { chave: guest.chave });
    await ctx.app.inject({ method: 'POST', url: `${checkoutPath(payment_link)}/pix` });
    const res = await get(`/api/orders/${guest.order.reference}/?chave=${guest.chave}`);
    expect(res.json<{ status: string }>().status).toBe('Pedido Pago');
  });
});
