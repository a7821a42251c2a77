/**
 * POST /api/validar-cupom/ and the coupon rules (findUsable, redeem, release). Coupons are
 * inserted by each test; the discount is always on the shopper's server cart.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { couponRedemptions, coupons, orders, products } from '../../db/schema.js';
import { loggedInCustomer } from '../../../test/accounts.js';
import { insertCoupon } from '../../../test/factories.js';
import { useTestApp } from '../../../test/helpers.js';
import type { OrderStatusCode } from '@semijoias/domain/orders';
import { memoryMailer } from '../../integrations/mail/mailer.js';
import { CouponRefusedError, findUsable, redeem, release } from './service.js';

const ctx = useTestApp({}, { mailer: memoryMailer() });

const shopper = () => loggedInCustomer(ctx.app, ctx.database);

/** Product 1 priced at `priceCents` with stock, then `quantidade` of it in her cart. */
async function cartWorth(token: string, priceCents: number, quantidade = 1, productId = 1) {
  await ctx.database.db
    .update(products)
    .set({ priceCents, originalPriceCents: null, stock: 1000 })
    .where(eq(products.id, productId));
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/cart/',
    payload: { produto: productId, quantidade },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
}

function validate(token: string | undefined, payload: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/validar-cupom/',
    payload: payload as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

async function orderFor(userId: number, status: OrderStatusCode) {
  const [row] = await ctx.database.db
    .insert(orders)
    .values({
      userId,
      status,
      accessKeyHash: 'x'.repeat(64),
      cepDestino: '01310100',
      subtotalCents: 1000,
      shippingCents: 0,
      totalCents: 1000,
      expiresAt: sql`now() + interval '1 day'`,
    })
    .returning({ id: orders.id });
  return row!.id;
}

async function refusal(token: string, code: string) {
  const res = await validate(token, { codigo_cupom: code, valor_pedido: '100.00' });
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<{ success: boolean; desconto: string; message: string }>();
  expect(body.success).toBe(false);
  expect(body.desconto).toBe('0.00');
  return body.message;
}

describe('POST /api/validar-cupom/', () => {
  it('401 without a bearer, whatever the body, and with a bad one', async () => {
    for (const body of [{ codigo_cupom: 'BOASVINDAS' }, 'not json', null]) {
      const res = await validate(undefined, body);
      expect(res.statusCode).toBe(401);
    }
    const bad = await validate('not-a-token', { codigo_cupom: 'BOASVINDAS' });
    expect(bad.statusCode).toBe(401);
  });

  it('BOASVINDAS: 10 % of HER cart, half up, valor_pedido ignored; no-store', async () => {
    const { token } = await shopper();
    await cartWorth(token, 12345);
    const res = await validate(token, { codigo_cupom: ' boasvindas ', valor_pedido: '99999.00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      desconto: '12.35',
      message: 'Cupom aplicado com sucesso!',
      codigo: 'BOASVINDAS',
    });
    expect(res.headers['cache-control']).toBe('no-store');
    // 123,44 at 10 % = 12,344 -> 12,34 (the half-up boundary from below).
    const other = await shopper();
    await cartWorth(other.token, 6172, 2);
    const down = await validate(other.token, { codigo_cupom: 'BOASVINDAS', valor_pedido: '1' });
    expect(down.json<{ desconto: string }>().desconto).toBe('12.34');
  });

  it('a full-width code reads as the plain one (NFKC)', async () => {
    const { token } = await shopper();
    await cartWorth(token, 10000);
    const res = await validate(token, { codigo_cupom: 'ｂｏａｓｖｉｎｄａｓ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ desconto: string }>().desconto).toBe('10.00');
  });

  it('an empty code and an empty cart', async () => {
    const { token } = await shopper();
    expect(await refusal(token, '   ')).toBe('Informe o código do cupom.');
    expect(await refusal(token, 'BOASVINDAS')).toBe('Seu carrinho está vazio.');
  });

  it('unknown and inactive codes: Cupom inválido.', async () => {
    const { token } = await shopper();
    await cartWorth(token, 10000);
    expect(await refusal(token, 'NAOEXISTE')).toBe('Cupom inválido.');
    const inactive = await insertCoupon(ctx.database, { active: false });
    expect(await refusal(token, inactive.code)).toBe('Cupom inválido.');
  });

  it("another customer's coupon is refused; her own is accepted", async () => {
    const ana = await shopper();
    const bia = await shopper();
    await cartWorth(ana.token, 10000);
    const hers = await insertCoupon(ctx.database, { userId: bia.userId });
    expect(await refusal(ana.token, hers.code)).toBe('Cupom não associado ao usuário.');
    const mine = await insertCoupon(ctx.database, { userId: ana.userId });
    const ok = await validate(ana.token, { codigo_cupom: mine.code.toLowerCase() });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('outside its validity window: Cupom expirado.', async () => {
    const { token } = await shopper();
    await cartWorth(token, 10000);
    const past = await insertCoupon(ctx.database, { validUntil: new Date(Date.now() - 60_000) });
    expect(await refusal(token, past.code)).toBe('Cupom expirado.');
    const future = await insertCoupon(ctx.database, {
      validFrom: new Date(Date.now() + 3_600_000),
    });
    expect(await refusal(token, future.code)).toBe('Cupom expirado.');
    const open = await insertCoupon(ctx.database, {
      validFrom: new Date(Date.now() - 60_000),
      validUntil: new Date(Date.now() + 3_600_000),
    });
    expect((await validate(token, { codigo_cupom: open.code })).statusCode).toBe(200);
  });

  it('usage limit reached: Cupom já utilizado.', async () => {
    const { token } = await shopper();
    await cartWorth(token, 10000);
    const full = await insertCoupon(ctx.database, { usageLimit: 2, timesUsed: 2 });
    expect(await refusal(token, full.code)).toBe('Cupom já utilizado.');
    const room = await insertCoupon(ctx.database, { usageLimit: 2, timesUsed: 1 });
    expect((await validate(token, { codigo_cupom: room.code })).statusCode).toBe(200);
  });

  it('minimum order, formatted; exactly the minimum passes', async () => {
    const { token } = await shopper();
    await cartWorth(token, 9999);
    const min = await insertCoupon(ctx.database, { minOrderCents: 10000 });
    expect(await refusal(token, min.code)).toBe('Este cupom exige um pedido mínimo de R$ 100,00.');
    const other = await shopper();
    await cartWorth(other.token, 10000);
    expect((await validate(other.token, { codigo_cupom: min.code })).statusCode).toBe(200);
  });

  it('first purchase only: an order paid, on its way or awaiting payment refuses it', async () => {
    const { token, userId } = await shopper();
    await cartWorth(token, 10000);
    // Cancelled, or cancelled before a late payment came: not a purchase.
    await orderFor(userId, 'cancelled');
    await orderFor(userId, 'refund_due');
    expect((await validate(token, { codigo_cupom: 'BOASVINDAS' })).statusCode).toBe(200);
    for (const status of [
      'awaiting_payment',
      'payment_failed',
      'paid',
      'in_progress',
      'shipped',
      'delivered',
    ] as const) {
      const other = await shopper();
      await cartWorth(other.token, 10000);
      await orderFor(other.userId, status);
      expect(await refusal(other.token, 'BOASVINDAS'), status).toBe(
        'Este cupom é válido apenas para a primeira compra.',
      );
    }
    // Another customer's orders are not hers.
    expect((await validate(token, { codigo_cupom: 'BOASVINDAS' })).statusCode).toBe(200);
  });

  it('a code longer than any coupon is invalid, even when it starts like one', async () => {
    const { token } = await shopper();
    await cartWorth(token, 10000);
    const forty = await insertCoupon(ctx.database, { code: `Q${'W'.repeat(39)}` });
    expect((await validate(token, { codigo_cupom: forty.code.toLowerCase() })).statusCode).toBe(
      200,
    );
    expect(await refusal(token, `${forty.code}X`)).toBe('Cupom inválido.');
    expect(await refusal(token, 'BOASVINDAS'.repeat(2000))).toBe('Cupom inválido.');
  });

  it('a code that is not text is no code; a body that is not an object is a 400', async () => {
    const { token } = await shopper();
    await cartWorth(token, 10000);
    for (const codigo_cupom of [123, null, ['BOASVINDAS'], { a: 1 }])
      expect(await refusal(token, codigo_cupom as unknown as string)).toBe(
        'Informe o código do cupom.',
      );
    const res = await validate(token, ['BOASVINDAS']);
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/zod|expected|stack/i);
  });

  it('once per customer: her redemption refuses it, not another customer', async () => {
    const ana = await shopper();
    const bia = await shopper();
    await cartWorth(ana.token, 10000);
    await cartWorth(bia.token, 10000);
    const once = await insertCoupon(ctx.database, { oncePerCustomer: true });
    const orderId = await orderFor(ana.userId, 'cancelled');
    await ctx.database.db.insert(couponRedemptions).values({
      couponId: once.id,
      userId: ana.userId,
      orderId,
      onceKey: ana.userId,
      discountCents: 1000,
    });
    expect(await refusal(ana.token, once.code)).toBe('Cupom já utilizado.');
    expect((await validate(bia.token, { codigo_cupom: once.code })).statusCode).toBe(200);
  });

  it('a fixed amount, never more than the products', async () => {
    const { token } = await shopper();
    await cartWorth(token, 1500);
    const fixed = await insertCoupon(ctx.database, {
      kind: 'fixed',
      percentBasisPoints: null,
      amountCents: 2000,
    });
    const res = await validate(token, { codigo_cupom: fixed.code });
    expect(res.json<{ desconto: string }>().desconto).toBe('15.00');
  });
});

describe('redeem and release', () => {
  it('the guarded count stops at the usage limit; release gives the use back', async () => {
    const ana = await shopper();
    const bia = await shopper();
    const limited = await insertCoupon(ctx.database, { usageLimit: 1 });
    const db = ctx.database.db;
    const o1 = await orderFor(ana.userId, 'awaiting_payment');
    const o2 = await orderFor(bia.userId, 'awaiting_payment');
    await db.transaction((tx) =>
      redeem(tx, { coupon: limited, userId: ana.userId, orderId: o1, discountCents: 100 }),
    );
    await expect(
      db.transaction((tx) =>
        redeem(tx, { coupon: limited, userId: bia.userId, orderId: o2, discountCents: 100 }),
      ),
    ).rejects.toThrow(new CouponRefusedError('Cupom já utilizado.'));
    const [after] = await db.select().from(coupons).where(eq(coupons.id, limited.id));
    expect(after!.timesUsed).toBe(1);

    expect(await db.transaction((tx) => release(tx, o1))).toBe(true);
    expect(await db.transaction((tx) => release(tx, o1))).toBe(false);
    const [released] = await db.select().from(coupons).where(eq(coupons.id, limited.id));
    expect(released!.timesUsed).toBe(0);
    await db.transaction((tx) =>
      redeem(tx, { coupon: limited, userId: bia.userId, orderId: o2, discountCents: 100 }),
    );
  });

  it('once per customer: the unique index refuses a second use even past every check', async () => {
    const { userId } = await shopper();
    const once = await insertCoupon(ctx.database, { oncePerCustomer: true });
    const db = ctx.database.db;
    const o1 = await orderFor(userId, 'awaiting_payment');
    const o2 = await orderFor(userId, 'awaiting_payment');
    await db.transaction((tx) =>
      redeem(tx, { coupon: once, userId, orderId: o1, discountCents: 1 }),
    );
    await expect(
      db.transaction((tx) => redeem(tx, { coupon: once, userId, orderId: o2, discountCents: 1 })),
    ).rejects.toThrow('Cupom já utilizado.');
    // The refused transaction rolled back its count too.
    const [row] = await db.select().from(coupons).where(eq(coupons.id, once.id));
    expect(row!.timesUsed).toBe(1);
  });

  it('findUsable refuses a deactivated coupon', async () => {
    const { userId } = await shopper();
    const c = await insertCoupon(ctx.database);
    await ctx.database.db.update(coupons).set({ active: false }).where(eq(coupons.id, c.id));
    await expect(
      findUsable(ctx.database.db, { code: c.code, userId, subtotalCents: 1000 }),
    ).rejects.toThrow('Cupom inválido.');
  });
});
