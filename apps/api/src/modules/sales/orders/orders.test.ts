/**
 * payment-status's answers beyond the happy path (the contract's 409 with the status, 502 with
 * the fixed text) and the order calls' headers, with orders written by test/orders.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../../db/schema.js';
import { apiCall, loggedInCustomer } from '../../../../test/accounts.js';
import { useTestApp } from '../../../../test/helpers.js';
import { insertOrder, orderByReference } from '../../../../test/orders.js';
import { memoryMailer } from '../../../integrations/mail/mailer.js';

const ctx = useTestApp({}, { mailer: memoryMailer() });

const customer = () => loggedInCustomer(ctx.app, ctx.database);

const get = (url: string, token?: string) => apiCall(ctx.app, token, 'GET', url);

describe('GET /api/payment-status/{reference}/', () => {
  it('answers 409 with the status for a paid or cancelled order', async () => {
    const ana = await customer();
    const paid = await insertOrder(ctx.database, { userId: ana.userId, status: 'paid' });
    const res = await get(`/api/payment-status/${paid.order.reference}/`, ana.token);
    expect(res.statusCode).toBe(409);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      error: 'Este pedido não aguarda pagamento.',
      status: 'Pedido Pago',
    });
    const cancelled = await insertOrder(ctx.database, { status: 'cancelled' });
    const guest = await get(
      `/api/payment-status/${cancelled.order.reference}/?chave=${cancelled.chave}`,
    );
    expect(guest.statusCode).toBe(409);
    expect(guest.json()).toEqual({
      error: 'Este pedido não aguarda pagamento.',
      status: 'Cancelado',
    });
  });

  it('a guest with her chave gets a link; an invalid bearer is 401 even with the chave', async () => {
    const placed = await insertOrder(ctx.database);
    const ok = await get(`/api/payment-status/${placed.order.reference}/?chave=${placed.chave}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      payment_link: (await orderByReference(ctx.database, placed.order.reference)).paymentUrl,
      status: 'Aguardando Pagamento',
    });
    const bad = await get(
      `/api/payment-status/${placed.order.reference}/?chave=${placed.chave}`,
      'forjado',
    );
    expect(bad.statusCode).toBe(401);
    expect((await get(`/api/payment-status/${placed.order.reference}/`)).statusCode).toBe(404);
  });

  it("another customer's token cannot see or pay her order", async () => {
    const ana = await customer();
    const bia = await customer();
    const hers = await insertOrder(ctx.database, { userId: ana.userId });
    for (const url of [
      `/api/payment-status/${hers.order.reference}/`,
      `/api/orders/${hers.order.reference}/`,
    ]) {
      const res = await get(url, bia.token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Pedido não encontrado.' });
    }
    expect((await orderByReference(ctx.database, hers.order.reference)).paymentUrl).toBeNull();
  });
});

describe('GET /api/user/orders/ and /api/orders/{reference}/', () => {
  it('repeats the order-level totals and coupon on each of its lines', async () => {
    const ana = await customer();
    const placed = await insertOrder(ctx.database, {
      userId: ana.userId,
      products: 3,
      discountCents: 1000,
      couponCode: 'BOASVINDAS',
    });
    const res = await get('/api/user/orders/', ana.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = res.json<Record<string, unknown>[]>();
    expect(lines).toHaveLength(3);
    const o = placed.order;
    for (const line of lines) {
      expect(line).toMatchObject({
        reference: o.reference,
        created_at: o.createdAt.toISOString(),
        subtotal: (o.subtotalCents / 100).toFixed(2),
        desconto: '10.00',
        frete: '12.90',
        total: (o.totalCents / 100).toFixed(2),
        cupom: 'BOASVINDAS',
        expira_em: o.expiresAt.toISOString(),
      });
    }
    expect(lines.map((l) => (l.produto as { id: number }).id)).toEqual(
      placed.lines.map((l) => l.productId),
    );
    expect(lines[0]!.quantidade).toBe(2);
    expect((lines[0]!.produto as { price: string }).price).toBe(
      (placed.lines[0]!.unitPriceCents / 100).toFixed(2),
    );

    const one = await get(`/api/orders/${o.reference}/`, ana.token);
    expect(one.statusCode).toBe(200);
    const body = one.json<{
      itens: { subtotal: string; quantidade: number }[];
      endereco: unknown;
    }>();
    expect(body.itens[0]!.subtotal).toBe(((placed.lines[0]!.unitPriceCents * 2) / 100).toFixed(2));
    expect(body.endereco).toEqual({
      nome_completo: 'Ana Souza <teste>',
      endereco: 'Avenida Paulista',
      numero: '1000',
      complemento: 'ap 12',
      bairro: 'Bela Vista',
      cidade: 'São Paulo',
      estado: 'SP',
      cep: '01310100',
    });
    // Nothing of the buyer's private data or the provider's internals.
    expect(one.body).not.toMatch(/52998224725|ana\.comprador|access_key|payment_url/);
  });

  it("a cancelled order reads 'Cancelado', a refund to make 'Pagamento a estornar', in her list and alone", async () => {
    const ana = await customer();
    const cancelled = await insertOrder(ctx.database, { userId: ana.userId, status: 'cancelled' });
    const due = await insertOrder(ctx.database, { userId: ana.userId, status: 'refund_due' });
    const list = (await get('/api/user/orders/', ana.token)).json<
      { reference: string; status: string }[]
    >();
    const statusOf = (reference: string) => list.find((l) => l.reference === reference)?.status;
    expect(statusOf(cancelled.order.reference)).toBe('Cancelado');
    expect(statusOf(due.order.reference)).toBe('Pagamento a estornar');
    const one = await get(`/api/orders/${due.order.reference}/`, ana.token);
    expect(one.json()).toMatchObject({
      status: 'Pagamento a estornar',
      status_code: 'refund_due',
      expira_em: due.order.expiresAt.toISOString(),
    });
  });

  it('an order without an address answers endereco null; 401 without a bearer on her list', async () => {
    const placed = await insertOrder(ctx.database, { withoutBuyer: true });
    const res = await get(`/api/orders/${placed.order.reference}/?chave=${placed.chave}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ endereco: unknown }>().endereco).toBeNull();
    expect((await get('/api/user/orders/')).statusCode).toBe(401);
    expect((await get('/api/user/orders/', 'forjado')).statusCode).toBe(401);
    await ctx.database.db.delete(orders).where(eq(orders.id, placed.order.id));
  });
});
