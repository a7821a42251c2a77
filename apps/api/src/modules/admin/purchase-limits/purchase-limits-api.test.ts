/**
 * The store's default 'máximo por cliente' (docs/admin/purchase-limits.md): read, changed within
 * 1 to 99, audited, and seen at once by the product page and by api/pay.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_UNITS_PER_CUSTOMER,
  MAX_PER_CUSTOMER_INVALID,
  maxPerCustomerMessage,
} from '@semijoias/domain/purchase-limits';
import { auditLog, paymentSettings, products } from '../../../db/schema.js';
import { useTestApp } from '../../../../test/helpers.js';
import { adminCall, loggedInOwner, OWNER_EMAILS } from '../../../../test/admin.js';
import { loggedInCustomer } from '../../../../test/accounts.js';
import { newBrowser, setProduct } from '../../../../test/checkout.js';
import { memoryMailer } from '../../../integrations/mail/mailer.js';

const ctx = useTestApp({ adminEmails: OWNER_EMAILS }, { mailer: memoryMailer() });
const URL = '/api/admin/limites/';

async function productPageMax(id: number): Promise<number> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/produtos/detalhes/${id}/` });
  return res.json<{ maximo_por_cliente: number }>().maximo_por_cliente;
}

async function aPiece(): Promise<{ id: number; name: string }> {
  const [piece] = await ctx.database.db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(isNull(products.variationAxis), isNull(products.hiddenAt)))
    .orderBy(products.id)
    .limit(1);
  await setProduct(ctx.database, piece!.id, { stock: 50, priceCents: 5_000 });
  return piece!;
}

describe('/api/admin/limites/', () => {
  it("starts with the store's default of 10", async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const res = await adminCall(ctx.app, owner.token, 'GET', URL);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ limites: { maximo_por_cliente: DEFAULT_MAX_UNITS_PER_CUSTOMER } });
  });

  it('a change is saved, audited, and read at once by the product page and api/pay', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const piece = await aPiece();
    expect(await productPageMax(piece.id)).toBe(10);
    const res = await adminCall(ctx.app, owner.token, 'PUT', URL, { maximo_por_cliente: 4 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ limites: { maximo_por_cliente: 4 } });
    const [row] = await ctx.database.db.select().from(paymentSettings);
    expect(row?.maxUnitsPerCustomer).toBe(4);
    expect((await adminCall(ctx.app, owner.token, 'GET', URL)).json()).toEqual({
      limites: { maximo_por_cliente: 4 },
    });
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, 'payment_settings'),
          eq(auditLog.action, 'purchase_limits.update'),
        ),
      );
    expect(entry).toMatchObject({
      actorEmail: owner.email,
      entityId: 'limites',
      before: { maximo_por_cliente: 10 },
      after: { maximo_por_cliente: 4 },
      summary: 'Limites de compra: máximo de 4 unidades de cada peça por cliente (era 10)',
    });

    // The product page's kept answer was dropped: it says the new maximum.
    expect(await productPageMax(piece.id)).toBe(4);
    // A piece without its own maximum takes the new default at api/pay.
    const pay = await ctx.app.inject({
      method: 'POST',
      url: '/api/pay/',
      payload: { produtos: [{ id: piece.id, quantidade: 5 }], cep: '01310100' },
      headers: { 'x-dispositivo': newBrowser() },
    });
    expect(pay.statusCode).toBe(409);
    expect(pay.json()).toMatchObject({ error: maxPerCustomerMessage(piece.name, 4, 0) });

    // Its digits as typed are taken too.
    const typed = await adminCall(ctx.app, owner.token, 'PUT', URL, { maximo_por_cliente: '10' });
    expect(typed.json()).toEqual({ limites: { maximo_por_cliente: 10 } });
    expect(await productPageMax(piece.id)).toBe(10);
  });

  it('refuses a value out of 1 to 99, not whole, or an unknown field, and keeps the old one', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    for (const bad of [0, 100, 2.5, -3, 'dez', '', null, true]) {
      const res = await adminCall(ctx.app, owner.token, 'PUT', URL, { maximo_por_cliente: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json()).toEqual({
        error: MAX_PER_CUSTOMER_INVALID,
        errors: { maximo_por_cliente: [MAX_PER_CUSTOMER_INVALID] },
      });
    }
    const unknown = await adminCall(ctx.app, owner.token, 'PUT', URL, {
      maximo_por_cliente: 5,
      pedidos: 3,
    });
    expect(unknown.statusCode).toBe(400);
    expect((await adminCall(ctx.app, owner.token, 'GET', URL)).json()).toEqual({
      limites: { maximo_por_cliente: 10 },
    });
  });

  it('is for owners only', async () => {
    const customer = await loggedInCustomer(ctx.app, ctx.database);
    for (const [method, token, status] of [
      ['GET', undefined, 401],
      ['PUT', undefined, 401],
      ['GET', customer.token, 403],
      ['PUT', customer.token, 403],
    ] as const) {
      const res = await adminCall(ctx.app, token, method, URL, { maximo_por_cliente: 2 });
      expect(res.statusCode, `${method} ${status}`).toBe(status);
    }
    const [row] = await ctx.database.db.select().from(paymentSettings);
    expect(row?.maxUnitsPerCustomer).toBe(10);
  });
});
