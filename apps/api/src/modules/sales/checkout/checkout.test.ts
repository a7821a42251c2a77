/**
 * POST /api/pay/ and POST /api/pagamento/ (docs/checkout-contract.md): the order is built from
 * the database's prices and the quoter's freight whatever the browser sends; who may pay which
 * order; idempotency keys.
 */
import { and, eq, inArray, like } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  cartItems,
  couponRedemptions,
  coupons,
  idempotencyKeys,
  orderItems,
  orders,
  outboxEmails,
  sandboxCheckouts,
} from '../../../db/schema.js';
import { TEST_JWT_SECRET, useTestApp } from '../../../../test/helpers.js';
import { orderByReference } from '../../../../test/orders.js';
import { memoryMailer } from '../../../integrations/mail/mailer.js';
import { openOrderChave } from '../orders/emails.js';
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
  stockOf,
} from '../../../../test/checkout.js';

const ctx = useTestApp({}, { mailer: memoryMailer() });
const newShopper = () => shopper(ctx.app, ctx.database);
const pay = (body: unknown, opts: { token?: string; key?: string } = {}) =>
  call(ctx.app, '/api/pay/', body, opts);
const pagamento = (body: unknown, opts: { token?: string; key?: string } = {}) =>
  call(ctx.app, '/api/pagamento/', body, opts);

// Each test takes its own products, so stock checks never see another test's orders.
// Pieces sold by size are stepped over: they are bought in a size (variations.test).
const product = plainProducts();

/** What the checkout page sends: absurd prices, totals, freight and discount included. */
function absurdBody(lines: unknown[], extra: Record<string, unknown> = {}) {
  return {
    produtos: lines,
    subtotal: '0.01',
    total: '0.01',
    frete: '0.00',
    cep: '01310-100',
    cupom_validado: true,
    cupom_desconto: '9999.00',
    ...extra,
  };
}

describe('POST /api/pay/ (guest)', () => {
  it('builds the order from database prices; browser figures, and a coupon, are ignored', async () => {
    const a = product();
    const b = product();
    const pa = await setProduct(ctx.database, a, { priceCents: 8990, stock: 10 });
    await setProduct(ctx.database, b, { priceCents: 1000, stock: 10 });
    const res = await pay(
      absurdBody(
        [
          { produto: { id: a }, quantidade: 1, price: '0.01', name: 'x' },
          { id: String(b), quantidade: 2, price: '0.01' },
          { produto: { id: String(a) }, quantidade: '1', price: '0.01' },
        ],
        { cupom: 'BOASVINDAS' },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<{ reference: string; chave: string; total: string }>();
    expect(body.reference).toMatch(/^\d{6,}$/);
    expect(body.chave).toMatch(/^[\w-]{43}$/);
    const subtotal = 2 * 8990 + 2 * 1000;
    const frete = freight(subtotal, 4);
    expect(body.total).toBe(brl(subtotal + frete));

    const order = await orderByReference(ctx.database, body.reference);
    expect(order).toMatchObject({
      userId: null,
      status: 'awaiting_payment',
      cepDestino: '01310100',
      subtotalCents: subtotal,
      discountCents: 0,
      shippingCents: frete,
      totalCents: subtotal + frete,
      couponId: null,
      couponCode: null,
    });
    expect(order!.accessKeyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(order!.accessKeyHash).not.toContain(body.chave);
    // Its stock is held 30 minutes until her payment starts (docs/purchase-limits.md).
    const ttlMs = order!.expiresAt.getTime() - order!.createdAt.getTime();
    expect(Math.round(ttlMs / 60_000)).toBe(30);
    const items = await ctx.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order!.id));
    expect(items.map((i) => [i.productId, i.quantidade, i.unitPriceCents, i.name]).sort()).toEqual(
      [
        [a, 2, 8990, pa.name],
        [b, 2, 1000, expect.any(String)],
      ].sort(),
    );
    expect(await stockOf(ctx.database, a)).toBe(8);
    expect(await stockOf(ctx.database, b)).toBe(8);
  });

  it('cep_destino when there is no cep; an invalid CEP is refused', async () => {
    const a = product();
    await setProduct(ctx.database, a, { priceCents: 1000, stock: 10 });
    const lines = [{ id: a, quantidade: 1 }];
    const ok = await pay({ produtos: lines, cep_destino: '69900000' });
    expect(ok.statusCode, ok.body).toBe(201);
    const order = await orderByReference(ctx.database, ok.json<{ reference: string }>().reference);
    expect(order!.cepDestino).toBe('69900000');
    expect(order!.shippingCents).toBe(freight(1000, 1, '69900000'));
    for (const cep of [undefined, '', '1234', '01310-10x', 12345678]) {
      const res = await pay({ produtos: lines, cep });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'CEP inválido.', message: 'CEP inválido.' });
    }
    expect(await stockOf(ctx.database, a)).toBe(9);
  });

  it('empty, malformed and oversized carts', async () => {
    const a = product();
    await setProduct(ctx.database, a, { priceCents: 1000, stock: 10 });
    const cep = '01310-100';
    for (const produtos of [undefined, [], 'x']) {
      const res = await pay({ produtos, cep });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toBe('Seu carrinho está vazio.');
    }
    for (const quantidade of [0, 100, -1, 1.5, 'x']) {
      const res = await pay({ produtos: [{ id: a, quantidade }], cep });
      expect(res.statusCode, String(quantidade)).toBe(400);
      expect(res.json<{ error: string }>().error).toBe('Quantidade inválida.');
    }
    // Listed twice: summed, and the sum is one line of at most 99 units.
    const twice = await pay({
      produtos: [
        { id: a, quantidade: 60 },
        { produto: { id: a }, quantidade: 40 },
      ],
      cep,
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json<{ error: string }>().error).toBe('Quantidade inválida.');
    const noId = await pay({ produtos: [{ quantidade: 1 }], cep });
    expect(noId.statusCode).toBe(400);
    const many = Array.from({ length: 51 }, (_, i) => ({ id: i + 1, quantidade: 1 }));
    expect((await pay({ cart: many, cep })).statusCode).toBe(400);
    const unknown = await pay({ cart: [{ id: 999999, quantidade: 1 }], cep });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ error: string }>().error).toBe('Produto não encontrado.');
    expect(await stockOf(ctx.database, a)).toBe(10);
  });

  it('409 with the available stock, and nothing is taken', async () => {
    const a = product();
    const b = product();
    const pb = await setProduct(ctx.database, b, { priceCents: 1000, stock: 1 });
    await setProduct(ctx.database, a, { priceCents: 1000, stock: 5 });
    const before = await orderCount(ctx.database);
    const res = await pay({
      produtos: [
        { id: a, quantidade: 2 },
        { id: b, quantidade: 2 },
      ],
      cep: '01310100',
    });
    expect(res.statusCode).toBe(409);
    const text = `O produto "${pb.name}" não tem estoque suficiente (disponível: 1).`;
    expect(res.json()).toEqual({ error: text, message: text });
    expect(await stockOf(ctx.database, a)).toBe(5);
    expect(await stockOf(ctx.database, b)).toBe(1);
    expect(await orderCount(ctx.database)).toBe(before);
  });

  it('free shipping from exactly R$ 600,00 of products, not at R$ 599,99', async () => {
    const a = product();
    await setProduct(ctx.database, a, { priceCents: 60000, stock: 5 });
    const free = await pay({ produtos: [{ id: a, quantidade: 1 }], cep: '01310100' });
    expect(free.json<{ total: string }>().total).toBe('600.00');
    await setProduct(ctx.database, a, { priceCents: 59999 });
    const paid = await pay({ produtos: [{ id: a, quantidade: 1 }], cep: '01310100' });
    const frete = freight(59999, 1);
    expect(frete).toBeGreaterThan(0);
    expect(paid.json<{ total: string }>().total).toBe(brl(59999 + frete));
  });

  it("keeps the chave sealed for her later e-mails' links, never in clear", async () => {
    const a = product();
    await setProduct(ctx.database, a, { priceCents: 5000, stock: 10 });
    const res = await pay({ produtos: [{ id: a, quantidade: 1 }], cep: '01310-100' });
    expect(res.statusCode, res.body).toBe(201);
    const { reference, chave } = res.json<{ reference: string; chave: string }>();
    const order = await orderByReference(ctx.database, reference);
    expect(order!.accessKeySealed).not.toContain(chave);
    expect(openOrderChave(TEST_JWT_SECRET, order!.accessKeySealed!)).toBe(chave);
  });

  it('401 for a bearer that is present but not valid', async () => {
    const res = await pay(
      { produtos: [{ id: 1, quantidade: 1 }], cep: '01310100' },
      {
        token: 'nope',
      },
    );
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/pay/ (logged in)', () => {
  it('her server cart, BOASVINDAS half up on the products before freight; the cart stays', async () => {
    const me = await newShopper();
    const a = product();
    const other = product();
    await setProduct(ctx.database, a, { priceCents: 12345, stock: 10 });
    await setProduct(ctx.database, other, { priceCents: 100, stock: 10 });
    await addToCart(ctx.app, me.token, a, 1);
    const [before] = await ctx.database.db
      .select({ n: coupons.timesUsed })
      .from(coupons)
      .where(eq(coupons.code, 'BOASVINDAS'));
    const res = await pay(absurdBody([{ id: other, quantidade: 5 }], { cupom: 'boasvindas' }), {
      token: me.token,
    });
    expect(res.statusCode, res.body).toBe(201);
    const frete = freight(12345, 1);
    expect(res.json<{ total: string }>().total).toBe(brl(12345 - 1235 + frete));
    const order = await orderByReference(ctx.database, res.json<{ reference: string }>().reference);
    expect(order).toMatchObject({
      userId: me.userId,
      subtotalCents: 12345,
      discountCents: 1235,
      shippingCents: frete,
      couponCode: 'BOASVINDAS',
    });
    expect(await stockOf(ctx.database, other)).toBe(10);
    expect(await stockOf(ctx.database, a)).toBe(9);
    const [redemption] = await ctx.database.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.orderId, order!.id));
    expect(redemption).toMatchObject({
      userId: me.userId,
      onceKey: me.userId,
      discountCents: 1235,
    });
    const [after] = await ctx.database.db
      .select({ n: coupons.timesUsed })
      .from(coupons)
      .where(eq(coupons.code, 'BOASVINDAS'));
    expect(after!.n).toBe(before!.n + 1);
    const cart = await ctx.database.db
      .select()
      .from(cartItems)
      .where(eq(cartItems.userId, me.userId));
    expect(cart).toHaveLength(1);

    // A second order: the coupon is used, and the refusal takes nothing.
    const again = await pay({ cep: '01310100', cupom: 'BOASVINDAS' }, { token: me.token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'Cupom já utilizado.', message: 'Cupom já utilizado.' });
    expect(await stockOf(ctx.database, a)).toBe(9);
    // Without the coupon she may buy again.
    const plain = await pay({ cep: '01310100' }, { token: me.token });
    expect(plain.statusCode).toBe(201);
  });

  it('free shipping at exactly R$ 600,00 before the discount; the provider is asked for the server total', async () => {
    const me = await newShopper();
    const a = product();
    await setProduct(ctx.database, a, { priceCents: 30000, stock: 10 });
    await addToCart(ctx.app, me.token, a, 2);
    const res = await pay(
      absurdBody([{ id: a, quantidade: 1, price: '0.01' }], {
        cupom: 'BOASVINDAS',
        frete: '-50.00',
        desconto: '600.00',
      }),
      { token: me.token },
    );
    expect(res.statusCode, res.body).toBe(201);
    const o = res.json<{ reference: string; chave: string; total: string }>();
    // R$ 600,00 of products: free shipping although the discount takes it to R$ 540,00.
    expect(o.total).toBe('540.00');
    expect(await orderByReference(ctx.database, o.reference)).toMatchObject({
      subtotalCents: 60000,
      discountCents: 6000,
      shippingCents: 0,
      totalCents: 54000,
    });

    const absurdTotals = {
      subtotal: '0.01',
      subtotalComDesconto: '0.01',
      frete: '0.00',
      desconto: '600.00',
    };
    const pagamentoBody = (total: string) => ({
      reference: o.reference,
      logged: true,
      shippingInfo: ADDRESS,
      dadosFrete: { valor: '0.00', prazo: '1' },
      totais: { ...absurdTotals, total },
      cupom_dados: { codigo: 'BOASVINDAS', validado: true, desconto: '600.00' },
    });
    const cheap = await pagamento(pagamentoBody('0.01'), { token: me.token });
    expect(cheap.statusCode).toBe(409);
    expect(cheap.json<{ totais: unknown }>().totais).toEqual({
      subtotal: '600.00',
      subtotalComDesconto: '540.00',
      frete: '0.00',
      desconto: '60.00',
      total: '540.00',
    });
    const ok = await pagamento(pagamentoBody('540.00'), { token: me.token });
    expect(ok.statusCode, ok.body).toBe(200);
    const [checkout] = await ctx.database.db
      .select()
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.orderReference, o.reference));
    expect(checkout!.amountCents).toBe(54000);
    expect(checkout!.payload).toMatchObject({
      totalCents: 54000,
      discountCents: 6000,
      shippingCents: 0,
      items: [{ referenceId: String(a), quantity: 2, unitAmountCents: 30000 }],
    });
  });

  it('R$ 599,99 of products pays freight, discount or not', async () => {
    const me = await newShopper();
    const a = product();
    await setProduct(ctx.database, a, { priceCents: 59999, stock: 10 });
    await addToCart(ctx.app, me.token, a, 1);
    const res = await pay({ cep: '01310100', cupom: 'BOASVINDAS' }, { token: me.token });
    expect(res.statusCode, res.body).toBe(201);
    const frete = freight(59999, 1);
    expect(frete).toBeGreaterThan(0);
    // 10 % of 599,99 = 59,999 -> 60,00 (half up).
    expect(res.json<{ total: string }>().total).toBe(brl(59999 - 6000 + frete));
  });

  it('an empty server cart is refused whatever the body lists', async () => {
    const me = await newShopper();
    const res = await pay(absurdBody([{ id: 1, quantidade: 1 }]), { token: me.token });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toBe('Seu carrinho está vazio.');
  });

  it('a coupon that is not hers or unknown refuses the order', async () => {
    const me = await newShopper();
    const other = await newShopper();
    const a = product();
    await setProduct(ctx.database, a, { priceCents: 5000, stock: 10 });
    await addToCart(ctx.app, me.token, a, 1);
    await ctx.database.db.insert(coupons).values({
      code: `DELA${me.userId}`,
      kind: 'fixed',
      amountCents: 500,
      userId: other.userId,
    });
    const notMine = await pay({ cep: '01310100', cupom: `dela${me.userId}` }, { token: me.token });
    expect(notMine.json<{ error: string }>().error).toBe('Cupom não associado ao usuário.');
    const unknown = await pay({ cep: '01310100', cupom: 'NAOEXISTE' }, { token: me.token });
    expect(unknown.json<{ error: string }>().error).toBe('Cupom inválido.');
    expect(await stockOf(ctx.database, a)).toBe(10);
    expect(await orderCount(ctx.database, me.userId)).toBe(0);
  });
});

describe('Idempotency-Key on api/pay', () => {
  it('the same key answers the first answer and creates nothing; other lines are a 409', async () => {
    const a = product();
    await setProduct(ctx.database, a, { priceCents: 1000, stock: 10 });
    const body = { produtos: [{ id: a, quantidade: 1 }], cep: '01310100' };
    const first = await pay(body, { key: 'k-guest-1' });
    expect(first.statusCode).toBe(201);
    const again = await pay({ ...body, total: '1.00' }, { key: 'k-guest-1' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await stockOf(ctx.database, a)).toBe(9);
    const other = await pay(
      { ...body, produtos: [{ id: a, quantidade: 2 }] },
      { key: 'k-guest-1' },
    );
    expect(other.statusCode).toBe(409);
    expect(other.json<{ error: string }>().error).toBe(
      'Esta chave de idempotência já foi usada em outro pedido.',
    );
    // The same key from a customer is hers, not the guests'.
    const me = await newShopper();
    await addToCart(ctx.app, me.token, a, 1);
    const mine = await pay(body, { key: 'k-guest-1', token: me.token });
    expect(mine.statusCode).toBe(201);
    expect(mine.json<{ reference: string }>().reference).not.toBe(
      first.json<{ reference: string }>().reference,
    );
    expect(await stockOf(ctx.database, a)).toBe(8);
  });

  it("the stored answer holds no chave (a backup's copy opens no order); a repeat still answers it", async () => {
    const a = product();
    await setProduct(ctx.database, a, { priceCents: 1000, stock: 10 });
    const body = { produtos: [{ id: a, quantidade: 1 }], cep: '01310100' };
    const me = await newShopper();
    await addToCart(ctx.app, me.token, a, 1);
    const answers = [];
    for (const opts of [{ key: 'k-no-chave' }, { key: 'k-no-chave', token: me.token }]) {
      const first = await pay(body, opts);
      expect(first.statusCode, first.body).toBe(201);
      const placed = first.json<{ reference: string; chave: string; total: string }>();
      answers.push(placed);
      const again = await pay(body, opts);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(placed);
    }
    const stored = await ctx.database.db
      .select({ response: idempotencyKeys.response })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, 'pay'), eq(idempotencyKeys.key, 'k-no-chave')));
    expect(stored).toHaveLength(2);
    for (const row of stored) {
      const text = JSON.stringify(row.response);
      for (const placed of answers) expect(text).not.toContain(placed.chave);
      expect(row.response).not.toHaveProperty('chave');
    }
  });

  it('an answer kept by the previous release (with its chave) still replays as it was', async () => {
    const a = product();
    await setProduct(ctx.database, a, { priceCents: 1000, stock: 10 });
    const body = { produtos: [{ id: a, quantidade: 1 }], cep: '01310100' };
    const first = (await pay(body, { key: 'k-old-release' })).json<{ chave: string }>();
    const where = and(eq(idempotencyKeys.scope, 'pay'), eq(idempotencyKeys.key, 'k-old-release'));
    await ctx.database.db.update(idempotencyKeys).set({ response: first }).where(where);
    const again = await pay(body, { key: 'k-old-release' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first);
  });

  it('a repeat of the order that took the last unit answers that order, not "sem estoque"', async () => {
    // The lines are priced before the transaction (a sold-out drop refuses there): a repeat is
    // refused by the stock its own order took, and must still find its answer.
    const a = product();
    await setProduct(ctx.database, a, { priceCents: 1000, stock: 2 });
    const body = { produtos: [{ id: a, quantidade: 1 }], cep: '01310100' };
    const me = await newShopper();
    await addToCart(ctx.app, me.token, a, 1);
    for (const opts of [{ key: 'k-last-unit' }, { key: 'k-last-unit', token: me.token }]) {
      const first = await pay(body, opts);
      expect(first.statusCode, first.body).toBe(201);
      const again = await pay(body, opts);
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json()).toEqual(first.json());
    }
    expect(await stockOf(ctx.database, a)).toBe(0);
    // Another key is refused by the stock, and writes nothing.
    const late = await pay(body, { key: 'k-too-late' });
    expect(late.statusCode).toBe(409);
    expect(late.json<{ error: string }>().error).toContain('não tem estoque suficiente');
    const keys = await ctx.database.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, 'pay'), eq(idempotencyKeys.key, 'k-too-late')));
    expect(keys).toEqual([]);
  });

  it('a refused call stores nothing: the same key works once the cause is gone', async () => {
    const a = product();
    await setProduct(ctx.database, a, { priceCents: 1000, stock: 0 });
    const body = { produtos: [{ id: a, quantidade: 1 }], cep: '01310100' };
    expect((await pay(body, { key: 'k-retry' })).statusCode).toBe(409);
    await setProduct(ctx.database, a, { stock: 1 });
    expect((await pay(body, { key: 'k-retry' })).statusCode).toBe(201);
  });

  it('an invalid key is a 400', async () => {
    const body = { produtos: [{ id: 1, quantidade: 1 }], cep: '01310100' };
    for (const key of ['x'.repeat(201), '', ' ', 'tab\there']) {
      const res = await pay(body, { key });
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
    }
  });
});

describe('POST /api/pagamento/', () => {
  // Each case starts with no unpaid order of ADDRESS's buyer: one e-mail may hold only five.
  beforeEach(async () => {
    await ctx.database.db
      .update(orders)
      .set({ status: 'cancelled', cancelReason: 'expired', cancelledAt: new Date() })
      .where(inArray(orders.status, ['awaiting_payment', 'payment_failed']));
  });

  async function guestOrder(priceCents = 10000) {
    const a = product();
    await setProduct(ctx.database, a, { priceCents, stock: 10 });
    const res = await pay({ produtos: [{ id: a, quantidade: 1 }], cep: '01310-100' });
    expect(res.statusCode).toBe(201);
    return res.json<{ reference: string; chave: string; total: string }>();
  }

  const payment = (o: { reference: string; chave?: string; total: string }, extra = {}) => ({
    reference: o.reference,
    chave: o.chave,
    logged: false,
    shippingInfo: ADDRESS,
    totais: { total: o.total, subtotal: '0.01', desconto: '999.00', frete: '0.00' },
    ...extra,
  });

  it('a guest with her chave gets the hosted checkout; the buyer is stored normalized', async () => {
    const o = await guestOrder();
    const res = await pagamento(payment(o));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const url = res.json<{ payment_url: string }>().payment_url;
    expect(url).toMatch(/^http:\/\/loja\.test\/sandbox\/checkout\//);
    const order = await orderByReference(ctx.database, o.reference);
    expect(order).toMatchObject({
      nomeCompleto: 'Ana Souza',
      email: 'ana@exemplo.com.br',
      cpf: '52998224725',
      telefone: '11987654321',
      cep: '01310100',
      endereco: 'Avenida Paulista',
      numero: '1000',
      complemento: 'ap 12',
      bairro: 'Bela Vista',
      cidade: 'São Paulo',
      estado: 'SP',
      paymentUrl: url,
    });
    // Her payment started: the order keeps the store's whole deadline from when it was placed.
    const lifeMs = order.expiresAt.getTime() - order.createdAt.getTime();
    expect(Math.round(lifeMs / 60_000)).toBe(1440);
    // Asked again (a reload): the same live checkout.
    const again = await pagamento(payment(o));
    expect(again.json<{ payment_url: string }>().payment_url).toBe(url);
    // One 'received' e-mail for both calls, its link opening her order with the chave.
    const mails = await ctx.database.db
      .select()
      .from(outboxEmails)
      .where(like(outboxEmails.dedupeKey, `order:${order!.id}:%`));
    expect(mails.map((m) => [m.kind, m.recipient, m.dedupeKey])).toEqual([
      ['order_received', 'ana@exemplo.com.br', `order:${order!.id}:received`],
    ]);
    expect(mails[0]!.links).toContain(
      `http://loja.test/pedido/${o.reference}?chave=${encodeURIComponent(o.chave)}`,
    );
  });

  it('404 for an unknown reference, a wrong or missing chave, another customer', async () => {
    const o = await guestOrder();
    const notFound = { error: 'Pedido não encontrado.' };
    expect((await pagamento(payment({ ...o, reference: '1' }))).json()).toMatchObject(notFound);
    for (const reference of ['abc', '1e3', '99999999999999999999', "1' or '1'='1"]) {
      const res = await pagamento(payment({ ...o, reference }));
      expect(res.statusCode, reference).toBe(404);
    }
    const wrong = await pagamento(payment({ ...o, chave: `${o.chave.slice(1)}x` }));
    expect(wrong.statusCode).toBe(404);
    const missing = await pagamento(payment({ ...o, chave: undefined }));
    expect(missing.statusCode).toBe(404);

    const me = await newShopper();
    const other = await newShopper();
    const a = product();
    await setProduct(ctx.database, a, { priceCents: 10000, stock: 10 });
    await addToCart(ctx.app, me.token, a, 1);
    const mine = (await pay({ cep: '01310100' }, { token: me.token })).json<{
      reference: string;
      chave: string;
      total: string;
    }>();
    const theirs = await pagamento(payment(mine), { token: other.token });
    expect(theirs.statusCode).toBe(404);
    // Her order is hers by her bearer; without it, not even its chave opens it.
    const anonymous = await pagamento(payment(mine));
    expect(anonymous.statusCode).toBe(404);
    const ok = await pagamento(payment({ ...mine, chave: undefined }), { token: me.token });
    expect(ok.statusCode, ok.body).toBe(200);
    const bad = await pagamento(payment(mine), { token: 'bad' });
    expect(bad.statusCode).toBe(401);
  });

  it('400 for a body without a usable reference; nothing leaks of the parser', async () => {
    for (const body of [{}, [], { reference: '' }, { reference: { id: 1 } }, { reference: -3 }]) {
      const res = await pagamento(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Informe a referência do pedido.' });
      expect(res.body).not.toMatch(/zod|expected|invalid_type|stack/i);
    }
    for (const body of [[1, 2], { produtos: 'x', cep: {} }, { produtos: [{ id: 1 }] }]) {
      const res = await pay(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).not.toMatch(/zod|expected|invalid_type|stack/i);
    }
  });

  it('400 with the field errors under the form names', async () => {
    const o = await guestOrder();
    const res = await pagamento(
      payment(o, {
        shippingInfo: { ...ADDRESS, cpf: '111.111.111-11', email: 'x', street: ' ', state: 'XX' },
      }),
    );
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: string; errors: Record<string, string[]> }>();
    expect(body.errors).toMatchObject({
      cpf: ['CPF inválido'],
      email: ['E-mail inválido'],
      street: ['Endereço é obrigatório'],
      state: ['Estado inválido'],
    });
    expect((await orderByReference(ctx.database, o.reference))!.cpf).toBeNull();
    const none = await pagamento(payment(o, { shippingInfo: undefined }));
    expect(none.statusCode).toBe(400);
  });

  it("the page's total must be the server's (±1 centavo); otherwise 409 and nothing changes", async () => {
    const o = await guestOrder(10000);
    const server = await orderByReference(ctx.database, o.reference);
    const wire = {
      subtotal: '100.00',
      subtotalComDesconto: '100.00',
      frete: brl(server!.shippingCents),
      desconto: '0.00',
      total: o.total,
    };
    for (const total of ['0.01', '-5.00', 'abc', undefined, brl(server!.totalCents + 2)]) {
      const res = await pagamento(payment({ ...o, total: total as string }));
      expect(res.statusCode, `${String(total)} ${res.body}`).toBe(409);
      expect(res.json()).toMatchObject({
        error: 'Os valores do pedido mudaram. Confira o resumo e tente novamente.',
        totais: wire,
      });
    }
    const after = await orderByReference(ctx.database, o.reference);
    expect(after).toMatchObject({ totalCents: server!.totalCents, cpf: null, paymentUrl: null });
    const near = await pagamento(payment({ ...o, total: brl(server!.totalCents - 1) }));
    expect(near.statusCode, near.body).toBe(200);
  });

  it('another delivery CEP re-quotes: the new total applies only when the page shows it', async () => {
    const o = await guestOrder(10000);
    const north = { ...ADDRESS, cep: '69900-000', state: 'AC', city: 'Rio Branco' };
    const newFreight = freight(10000, 1, '69900000');
    expect(newFreight).not.toBe(freight(10000, 1));
    const stale = await pagamento(payment(o, { shippingInfo: north }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ totais: { total: string; frete: string } }>().totais).toMatchObject({
      frete: brl(newFreight),
      total: brl(10000 + newFreight),
    });
    expect((await orderByReference(ctx.database, o.reference))!.cepDestino).toBe('01310100');
    const fresh = await pagamento(
      payment(
        { ...o, total: brl(10000 + newFreight) },
        {
          shippingInfo: north,
        },
      ),
    );
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(await orderByReference(ctx.database, o.reference)).toMatchObject({
      cepDestino: '69900000',
      cep: '69900000',
      shippingCents: newFreight,
      totalCents: 10000 + newFreight,
    });
  });

  it('409 once the order is paid or cancelled', async () => {
    const o = await guestOrder();
    const server = await orderByReference(ctx.database, o.reference);
    await ctx.database.db
      .update(orders)
      .set({ status: 'paid' })
      .where(and(eq(orders.id, server!.id), eq(orders.status, 'awaiting_payment')));
    const res = await pagamento(payment(o));
    expect(res.statusCode).toBe(409);
    expect(res.json<{ error: string }>().error).toBe('Este pedido não aguarda pagamento.');
    expect((await orderByReference(ctx.database, o.reference))!.cpf).toBeNull();
  });

  it('the same Idempotency-Key answers the same payment_url; another body is a 409', async () => {
    const o = await guestOrder();
    const first = await pagamento(payment(o), { key: 'pg-1' });
    expect(first.statusCode, first.body).toBe(200);
    // Paid meanwhile: the repeat still answers what the first answered.
    await ctx.database.db
      .update(orders)
      .set({ status: 'paid' })
      .where(eq(orders.reference, o.reference));
    const again = await pagamento(payment(o), { key: 'pg-1' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const other = await pagamento(payment(o, { shippingInfo: { ...ADDRESS, number: '2' } }), {
      key: 'pg-1',
    });
    expect(other.statusCode).toBe(409);
  });
});
