/**
 * Paying the Brazilian way at checkout: api/pay's `forma_pagamento`, the PIX discount
 * on the products after the coupon (never the freight) as the order's own line, the owners'
 * settings copied onto the order, the provider's page offering what she chose, and a card
 * payment of a PIX order not taken as its payment.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PAYMENT_METHOD_INVALID } from '@semijoias/domain/messages';
import { orders, outboxEmails, paymentSettings, sandboxCheckouts } from '../../../db/schema.js';
import { useTestApp } from '../../../../test/helpers.js';
import { orderByReference, sandboxNotification } from '../../../../test/orders.js';
import { memoryMailer } from '../../../integrations/mail/mailer.js';
import { orderTotals } from '../orders/totals.js';
import { switchPaymentMethod } from '../orders/transitions.js';
import {
  ADDRESS,
  addToCart,
  brl,
  freight,
  call,
  orderCount,
  plainProducts,
  setProduct,
  shopper,
} from '../../../../test/checkout.js';

const ctx = useTestApp({}, { mailer: memoryMailer() });
const pay = (body: unknown, token?: string) => call(ctx.app, '/api/pay/', body, { token });
const pagamento = (body: unknown, token?: string) =>
  call(ctx.app, '/api/pagamento/', body, { token });

// Pieces sold by size are stepped over: they are bought in a size (variations.test).
const product = plainProducts();

interface Placed {
  reference: string;
  chave: string;
  total: string;
}

describe('api/pay with forma_pagamento', () => {
  it('PIX: 5 % off the products, not the freight, kept as its own line and answered everywhere', async () => {
    const id = product();
    await setProduct(ctx.database, id, { priceCents: 12990, stock: 5 });
    const res = await pay({
      produtos: [{ id, quantidade: 1 }],
      cep: '01310-100',
      forma_pagamento: 'pix',
      // The browser's own figures are never read.
      desconto_pix: '129.90',
      total: '0.01',
    });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json<Placed>();
    const frete = freight(12990, 1);
    // floor(129,90 × 0,95) = 123,40: R$ 6,50 off.
    expect(placed.total).toBe(brl(12340 + frete));
    const order = await orderByReference(ctx.database, placed.reference);
    expect(order).toMatchObject({
      paymentMethod: 'pix',
      subtotalCents: 12990,
      discountCents: 0,
      pixDiscountCents: 650,
      shippingCents: frete,
      totalCents: 12340 + frete,
      pixDiscountTenths: 50,
      maxInstallments: 6,
      interestFreeInstallments: 6,
      minInstallmentCents: 2000,
    });
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${placed.reference}/?chave=${placed.chave}`,
    });
    expect(page.json()).toMatchObject({
      forma_pagamento: 'pix',
      desconto_pix: '6.50',
      desconto: '0.00',
      total: brl(12340 + frete),
    });
  });

  it('absent means a card: no discount, the total as before, whatever discount the browser asks', async () => {
    const id = product();
    await setProduct(ctx.database, id, { priceCents: 12990, stock: 5 });
    const res = await pay({
      produtos: [{ id, quantidade: 1 }],
      cep: '01310-100',
      desconto_pix: '6.50',
      totais: { descontoPix: '6.50', total: '0.01' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = await orderByReference(ctx.database, res.json<Placed>().reference);
    expect(order).toMatchObject({
      paymentMethod: 'cartao',
      pixDiscountCents: 0,
      totalCents: 12990 + freight(12990, 1),
    });
  });

  it('with her coupon: the PIX discount is taken from the products after the coupon', async () => {
    const me = await shopper(ctx.app, ctx.database);
    const id = product();
    await setProduct(ctx.database, id, { priceCents: 12345, stock: 5 });
    await addToCart(ctx.app, me.token, id, 1);
    const res = await pay(
      { cep: '01310100', cupom: 'BOASVINDAS', forma_pagamento: 'pix' },
      me.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    // 123,45 - 12,35 (10 %, half up) = 111,10; 5 % of it floors to 105,54: 5,56 off.
    const order = await orderByReference(ctx.database, res.json<Placed>().reference);
    expect(order).toMatchObject({
      discountCents: 1235,
      pixDiscountCents: 556,
      totalCents: 10554 + freight(12345, 1),
    });
  });

  it("any other forma_pagamento: 400 'Forma de pagamento inválida.', nothing written", async () => {
    const id = product();
    await setProduct(ctx.database, id, { priceCents: 5000, stock: 5 });
    const before = await orderCount(ctx.database);
    for (const forma of ['boleto', 'PIX', '', 1, {}]) {
      const res = await pay({
        produtos: [{ id, quantidade: 1 }],
        cep: '01310100',
        forma_pagamento: forma,
      });
      expect(res.statusCode, String(forma)).toBe(400);
      expect(res.json()).toEqual({
        error: PAYMENT_METHOD_INVALID,
        message: PAYMENT_METHOD_INVALID,
        errors: { forma_pagamento: [PAYMENT_METHOD_INVALID] },
      });
    }
    expect(await orderCount(ctx.database)).toBe(before);
  });

  it("the owners' settings changed between two orders: each keeps its own", async () => {
    const id = product();
    await setProduct(ctx.database, id, { priceCents: 10000, stock: 5 });
    const first = await pay({
      produtos: [{ id, quantidade: 1 }],
      cep: '01310100',
      forma_pagamento: 'pix',
    });
    await ctx.database.db
      .update(paymentSettings)
      .set({ pixDiscountTenths: 100, interestFreeInstallments: 3 })
      .where(eq(paymentSettings.id, 1));
    const second = await pay({
      produtos: [{ id, quantidade: 1 }],
      cep: '01310100',
      forma_pagamento: 'pix',
    });
    await ctx.database.db
      .update(paymentSettings)
      .set({ pixDiscountTenths: 50, interestFreeInstallments: 6 })
      .where(eq(paymentSettings.id, 1));
    const a = await orderByReference(ctx.database, first.json<Placed>().reference);
    const b = await orderByReference(ctx.database, second.json<Placed>().reference);
    expect(a).toMatchObject({
      pixDiscountCents: 500,
      pixDiscountTenths: 50,
      interestFreeInstallments: 6,
    });
    expect(b).toMatchObject({
      pixDiscountCents: 1000,
      pixDiscountTenths: 100,
      interestFreeInstallments: 3,
    });
  });
});

describe('api/pagamento and the provider for a PIX order', () => {
  async function pixOrder(priceCents: number) {
    const id = product();
    await setProduct(ctx.database, id, { priceCents, stock: 5 });
    const res = await pay({
      produtos: [{ id, quantidade: 1 }],
      cep: '01310100',
      forma_pagamento: 'pix',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Placed>();
  }

  it('the page shows the discounted total; the checkout offers PIX only, at that amount', async () => {
    const placed = await pixOrder(12990);
    // The undiscounted total is refused with the server's figures.
    const wrong = await pagamento({
      reference: placed.reference,
      chave: placed.chave,
      shippingInfo: ADDRESS,
      totais: { total: brl(12990 + freight(12990, 1)) },
    });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().totais).toMatchObject({ descontoPix: '6.50', total: placed.total });
    const res = await pagamento({
      reference: placed.reference,
      chave: placed.chave,
      shippingInfo: ADDRESS,
      totais: { total: placed.total },
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = await orderByReference(ctx.database, placed.reference);
    const [checkout] = await ctx.database.db
      .select()
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.orderReference, placed.reference));
    expect(checkout?.amountCents).toBe(order.totalCents);
    expect(checkout?.payload).toMatchObject({
      method: 'pix',
      installments: null,
      discountCents: 650,
    });
    // The sandbox's page offers PIX only, and refuses a card.
    const pageUrl = new URL(res.json<{ payment_url: string }>().payment_url);
    const html = (await ctx.app.inject({ method: 'GET', url: pageUrl.pathname })).body;
    expect(html).toContain('Simular pagamento PIX');
    expect(html).not.toContain('Cartão de crédito');
    const card = await ctx.app.inject({
      method: 'POST',
      url: `${pageUrl.pathname}/card`,
      payload: { card_number: '4111111111111111' },
    });
    expect(card.statusCode).toBe(409);
    expect((await orderByReference(ctx.database, placed.reference)).status).toBe(
      'awaiting_payment',
    );
  });

  it("a card order paid at the PIX price is refused with the server's figures", async () => {
    const id = product();
    await setProduct(ctx.database, id, { priceCents: 12990, stock: 5 });
    const placed = (
      await pay({ produtos: [{ id, quantidade: 1 }], cep: '01310100' })
    ).json<Placed>();
    const res = await pagamento({
      reference: placed.reference,
      chave: placed.chave,
      shippingInfo: ADDRESS,
      totais: { descontoPix: '6.50', total: brl(12340 + freight(12990, 1)) },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().totais).toEqual({
      subtotal: '129.90',
      subtotalComDesconto: '129.90',
      frete: brl(freight(12990, 1)),
      desconto: '0.00',
      total: placed.total,
    });
    expect((await orderByReference(ctx.database, placed.reference)).endereco).toBeNull();
  });

  it("a card order's checkout carries the installments its total allows", async () => {
    const id = product();
    await setProduct(ctx.database, id, { priceCents: 5990, stock: 5 });
    const res = await pay({ produtos: [{ id, quantidade: 1 }], cep: '01310100' });
    const placed = res.json<Placed>();
    const paid = await pagamento({
      reference: placed.reference,
      chave: placed.chave,
      shippingInfo: ADDRESS,
      totais: { total: placed.total },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [checkout] = await ctx.database.db
      .select()
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.orderReference, placed.reference));
    const total = 5990 + freight(5990, 1);
    expect(checkout?.payload).toMatchObject({
      method: 'cartao',
      installments: { max: 6, interestFree: Math.min(6, Math.floor(total / 2000)) },
    });
    const html = (
      await ctx.app.inject({
        method: 'GET',
        url: new URL(paid.json<{ payment_url: string }>().payment_url).pathname,
      })
    ).body;
    expect(html).toContain('em 2x de');
    expect(html).toContain('sem juros');
    expect(html).not.toContain('Simular pagamento PIX');
  });

  it('a card payment of a PIX order cancelled at its deadline does not revive it either', async () => {
    const placed = await pixOrder(21000);
    const res = await pagamento({
      reference: placed.reference,
      chave: placed.chave,
      shippingInfo: ADDRESS,
      totais: { total: placed.total },
    });
    expect(res.statusCode).toBe(200);
    await ctx.database.db
      .update(orders)
      .set({ status: 'cancelled', cancelReason: 'expired', cancelledAt: new Date() })
      .where(eq(orders.reference, placed.reference));
    const order = await orderByReference(ctx.database, placed.reference);
    const byCard = sandboxNotification(ctx.app, placed.reference, order.totalCents, 'paid', {
      method: 'card',
    });
    expect((await byCard.deliver()).statusCode).toBe(200);
    expect((await orderByReference(ctx.database, placed.reference)).status).toBe('cancelled');
    const notices = await ctx.database.db
      .select({ key: outboxEmails.dedupeKey })
      .from(outboxEmails)
      .where(eq(outboxEmails.dedupeKey, `order:${order.id}:method_mismatch:${byCard.paymentId}`));
    expect(notices).toHaveLength(1);
  });

  it('a card payment of a PIX order is not its payment: unchanged, the owners told', async () => {
    const placed = await pixOrder(20000);
    const res = await pagamento({
      reference: placed.reference,
      chave: placed.chave,
      shippingInfo: ADDRESS,
      totais: { total: placed.total },
    });
    expect(res.statusCode).toBe(200);
    const order = await orderByReference(ctx.database, placed.reference);
    const byCard = sandboxNotification(ctx.app, placed.reference, order.totalCents, 'paid', {
      method: 'card',
    });
    expect((await byCard.deliver()).statusCode).toBe(200);
    expect((await orderByReference(ctx.database, placed.reference)).status).toBe(
      'awaiting_payment',
    );
    const notices = await ctx.database.db
      .select({ kind: outboxEmails.kind })
      .from(outboxEmails)
      .where(eq(outboxEmails.kind, 'order_method_mismatch_store'));
    expect(notices.length).toBeGreaterThan(0);
    // Paid by PIX, it is paid.
    const byPix = sandboxNotification(ctx.app, placed.reference, order.totalCents, 'paid', {
      method: 'pix',
    });
    expect((await byPix.deliver()).statusCode).toBe(200);
    expect((await orderByReference(ctx.database, placed.reference)).status).toBe('paid');
  });
});

describe('a retry that changes how she pays (payment-status ?forma_pagamento=)', () => {
  async function declinedCardOrder(priceCents: number) {
    const id = product();
    await setProduct(ctx.database, id, { priceCents, stock: 5 });
    const placed = (
      await pay({ produtos: [{ id, quantidade: 1 }], cep: '01310100' })
    ).json<Placed>();
    const res = await pagamento({
      reference: placed.reference,
      chave: placed.chave,
      shippingInfo: ADDRESS,
      totais: { total: placed.total },
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = await orderByReference(ctx.database, placed.reference);
    const declined = sandboxNotification(ctx.app, placed.reference, order.totalCents, 'declined', {
      checkoutId: order.providerCheckoutId,
    });
    expect((await declined.deliver()).statusCode).toBe(200);
    expect((await orderByReference(ctx.database, placed.reference)).status).toBe('payment_failed');
    return { placed, firstLink: res.json<{ payment_url: string }>().payment_url };
  }

  const status = (reference: string, query: string, token?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/payment-status/${reference}/?${query}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('card declined, then PIX: the total is recomputed and a new checkout made for it', async () => {
    const { placed, firstLink } = await declinedCardOrder(10000);
    const res = await status(placed.reference, `chave=${placed.chave}&forma_pagamento=pix`);
    expect(res.statusCode, res.body).toBe(200);
    const order = await orderByReference(ctx.database, placed.reference);
    const frete = freight(10000, 1);
    expect(order).toMatchObject({
      paymentMethod: 'pix',
      pixDiscountCents: 500,
      totalCents: 9500 + frete,
    });
    const link = res.json<{ payment_link: string }>().payment_link;
    expect(link).not.toBe(firstLink);

    const [checkout] = await ctx.database.db
      .select()
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.id, order.providerCheckoutId!));
    expect(checkout).toMatchObject({ amountCents: 9500 + frete });
    expect(checkout?.payload).toMatchObject({ method: 'pix' });
    // And back to the card: the full price again.
    const back = await status(placed.reference, `chave=${placed.chave}&forma_pagamento=cartao`);
    expect(back.statusCode).toBe(200);
    expect(await orderByReference(ctx.database, placed.reference)).toMatchObject({
      paymentMethod: 'cartao',
      pixDiscountCents: 0,
      totalCents: 10000 + frete,
    });
  });

  it('switched while its card checkout is still open: that checkout is closed, takes no payment', async () => {
    const id = product();
    await setProduct(ctx.database, id, { priceCents: 7000, stock: 5 });
    const placed = (
      await pay({ produtos: [{ id, quantidade: 1 }], cep: '01310100' })
    ).json<Placed>();
    const opened = await pagamento({
      reference: placed.reference,
      chave: placed.chave,
      shippingInfo: ADDRESS,
      totais: { total: placed.total },
    });
    const cardPage = new URL(opened.json<{ payment_url: string }>().payment_url).pathname;
    expect((await ctx.app.inject({ method: 'GET', url: cardPage })).statusCode).toBe(200);
    const res = await status(placed.reference, `chave=${placed.chave}&forma_pagamento=pix`);
    expect(res.statusCode, res.body).toBe(200);
    // The card's page, at the full price, is closed: it says so and takes no card.
    expect((await ctx.app.inject({ method: 'GET', url: cardPage })).statusCode).toBe(410);
    const card = await ctx.app.inject({
      method: 'POST',
      url: `${cardPage}/card`,
      payload: { card_number: '4111111111111111' },
    });
    expect(card.statusCode).toBe(410);
    expect(await orderByReference(ctx.database, placed.reference)).toMatchObject({
      status: 'awaiting_payment',
      paymentMethod: 'pix',
    });
  });

  it('refused for a paid order, an unknown method, and a customer order opened by its link only', async () => {
    const { placed } = await declinedCardOrder(8000);
    expect(
      (await status(placed.reference, `chave=${placed.chave}&forma_pagamento=boleto`)).statusCode,
    ).toBe(400);
    const order = await orderByReference(ctx.database, placed.reference);
    const paid = sandboxNotification(ctx.app, placed.reference, order.totalCents, 'paid');
    expect((await paid.deliver()).statusCode).toBe(200);
    const late = await status(placed.reference, `chave=${placed.chave}&forma_pagamento=pix`);
    expect(late.statusCode).toBe(409);
    expect(await orderByReference(ctx.database, placed.reference)).toMatchObject({
      status: 'paid',
      paymentMethod: 'cartao',
      totalCents: order.totalCents,
    });

    const me = await shopper(ctx.app, ctx.database);
    const id = product();
    await setProduct(ctx.database, id, { priceCents: 9000, stock: 5 });
    await addToCart(ctx.app, me.token, id, 1);
    const hers = (await pay({ cep: '01310100' }, me.token)).json<Placed>();
    expect(
      (await status(hers.reference, `chave=${hers.chave}&forma_pagamento=pix`)).statusCode,
    ).toBe(404);
    expect((await orderByReference(ctx.database, hers.reference)).paymentMethod).toBe('cartao');
  });

  /** A card order just placed, and the row as a switch reads it (stale once one has moved it). */
  async function cardOrderRead() {
    const id = product();
    await setProduct(ctx.database, id, { priceCents: 15000, stock: 5 });
    const placed = (
      await pay({ produtos: [{ id, quantidade: 1 }], cep: '01310100' })
    ).json<Placed>();
    return { placed, stale: await orderByReference(ctx.database, placed.reference) };
  }

  it('a switch to the method it has moves nothing: the one after it, from the same read, moves once', async () => {
    const { placed, stale } = await cardOrderRead();
    expect(stale.paymentMethod).toBe('cartao');
    expect(await switchPaymentMethod(ctx.database.db, stale, 'cartao')).toBe(false);
    expect(await switchPaymentMethod(ctx.database.db, stale, 'pix')).toBe(true);
    expect(await switchPaymentMethod(ctx.database.db, stale, 'pix')).toBe(false);
    const now = await orderByReference(ctx.database, placed.reference);
    expect(now.paymentMethod).toBe('pix');
    expect(now.totalCents).toBe(orderTotals(now, now.shippingCents).total);
  });

  it('switches racing from one stale read: exactly one moves the order, which stays consistent', async () => {
    const { placed, stale } = await cardOrderRead();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        switchPaymentMethod(ctx.database.db, stale, i % 2 === 0 ? 'pix' : 'cartao'),
      ),
    );
    // From 'cartao' to 'cartao' moves nothing (false): had it counted as a move, the row would
    // still match the stale read and a 'pix' after it would move the order a second time.
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(results.filter((moved, i) => moved && i % 2 === 1)).toEqual([]);
    const now = await orderByReference(ctx.database, placed.reference);
    const expected = orderTotals(now, now.shippingCents);
    expect(now.totalCents).toBe(expected.total);
    expect(now.pixDiscountCents).toBe(expected.descontoPix);
  });
});
