/**
 * The Estoque calls: the ledger says why every stock changed (a sale with its order, an expiry's
 * cancellation, an owner's adjustment with her note), its deltas add up to the change of the
 * stock, and an adjustment is refused rather than take a stock below zero.
 */
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STOCK_REASON_LABEL } from '@semijoias/domain/admin';
import {
  STOCK_PRODUCT_FILTER_INVALID,
  stockReasonFilterInvalidMessage,
} from '@semijoias/domain/messages';
import {
  STOCK_ADJUSTMENT_MESSAGES,
  stockBelowZeroMessage,
} from '@semijoias/domain/stock-adjustment';
import { loggedInCustomer } from '../../../../test/accounts.js';
import { adminCall, loggedInOwner, OWNER_EMAILS } from '../../../../test/admin.js';
import { useTestApp } from '../../../../test/helpers.js';
import { catalogTail } from '../../../../test/orders.js';
import {
  auditLog,
  orders,
  products,
  STOCK_MOVEMENT_REASONS,
  stockMovements,
} from '../../../db/schema.js';
import { call, stockOf } from '../../../../test/checkout.js';
import { memoryMailer } from '../../../integrations/mail/mailer.js';
import type { MovementJson } from './schemas.js';

const ctx = useTestApp({ adminEmails: [...OWNER_EMAILS] }, { mailer: memoryMailer() });
const take = catalogTail(() => ctx.database);

interface Ledger {
  itens: MovementJson[];
  pagina: number;
  por_pagina: number;
  total: number;
}

/** A guest's checkout of `quantidade` units of one product: its order's reference. */
async function checkout(productId: number, quantidade: number): Promise<string> {
  const res = await call(ctx.app, '/api/pay/', {
    produtos: [{ produto: { id: productId }, quantidade }],
    cep: '01310-100',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ reference: string }>().reference;
}

async function ledgerOf(token: string, productId: number): Promise<Ledger> {
  const res = await adminCall(ctx.app, token, 'GET', `/api/admin/estoque/?produto=${productId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Ledger>();
}

describe('the Estoque calls', () => {
  it('answer 401 without a session and 403 to a customer', async () => {
    const customer = await loggedInCustomer(ctx.app, ctx.database);
    const calls: ['GET' | 'POST', string, unknown?][] = [
      ['GET', '/api/admin/estoque/'],
      ['GET', '/api/admin/estoque/produtos/'],
      ['POST', '/api/admin/estoque/ajustes/', { produto_id: 1, quantidade: 5, nota: 'x' }],
    ];
    for (const [method, url, body] of calls) {
      expect((await adminCall(ctx.app, undefined, method, url, body)).statusCode, url).toBe(401);
      expect((await adminCall(ctx.app, customer.token, method, url, body)).statusCode, url).toBe(
        403,
      );
    }
  });

  it('an adjustment adds the units, writes its ledger row (owner, note) and its audit entry', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const [id] = await take(1, 0);
    const res = await adminCall(ctx.app, owner.token, 'POST', '/api/admin/estoque/ajustes/', {
      produto_id: id,
      quantidade: 7,
      nota: '  Reposição da fornecedora  ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{
      produto: { estoque: number; nome: string };
      movimento: MovementJson;
    }>();
    expect(body.produto.estoque).toBe(7);
    expect(body.movimento).toMatchObject({
      produto_id: id,
      delta: 7,
      estoque_apos: 7,
      motivo: 'adjustment',
      motivo_texto: STOCK_REASON_LABEL.adjustment,
      responsavel_email: owner.email,
      nota: 'Reposição da fornecedora',
      pedido_referencia: null,
    });
    expect(await stockOf(ctx.database, id!)).toBe(7);

    const ledger = await ledgerOf(owner.token, id!);
    expect(ledger.itens[0]).toEqual(body.movimento);

    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(audit).toMatchObject({
      action: 'stock.adjust',
      entityType: 'product',
      actorEmail: owner.email,
      before: { estoque: 0 },
      after: { estoque: 7, nota: 'Reposição da fornecedora' },
    });
    expect(audit!.summary).toBe(
      `Estoque de ${body.produto.nome}: 0 → 7 (Reposição da fornecedora)`,
    );
  });

  it('refuses to take a stock below zero: 409 with the current stock, nothing written', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const [id] = await take(1, 2);
    const [{ name }] = (await ctx.database.db
      .select({ name: products.name })
      .from(products)
      .where(eq(products.id, id!))) as [{ name: string }];
    const res = await adminCall(ctx.app, owner.token, 'POST', '/api/admin/estoque/ajustes/', {
      produto_id: id,
      quantidade: -3,
      nota: 'Peça quebrada',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: stockBelowZeroMessage(name, 2),
      errors: { quantidade: [stockBelowZeroMessage(name, 2)] },
      estoque: 2,
    });
    expect(await stockOf(ctx.database, id!)).toBe(2);
    const rows = await ctx.database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, id!));
    expect(rows.filter((r) => r.reason === 'adjustment')).toEqual([]);

    const down = await adminCall(ctx.app, owner.token, 'POST', '/api/admin/estoque/ajustes/', {
      produto_id: id,
      quantidade: -2,
      nota: 'Peças com defeito',
    });
    expect(down.statusCode).toBe(201);
    expect(await stockOf(ctx.database, id!)).toBe(0);
  });

  it('refuses a bad adjustment field by field, and an unknown product with 404', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const post = (body: unknown) =>
      adminCall(ctx.app, owner.token, 'POST', '/api/admin/estoque/ajustes/', body);
    const bad = await post({ quantidade: 0, nota: '   ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      errors: {
        produto_id: [STOCK_ADJUSTMENT_MESSAGES.productRequired],
        quantidade: [STOCK_ADJUSTMENT_MESSAGES.quantityInvalid],
        nota: [STOCK_ADJUSTMENT_MESSAGES.noteRequired],
      },
    });
    const cases: [unknown, string, string][] = [
      [
        { produto_id: 1, quantidade: 1.5, nota: 'x' },
        'quantidade',
        STOCK_ADJUSTMENT_MESSAGES.quantityInvalid,
      ],
      [
        { produto_id: 1, quantidade: '3', nota: 'x' },
        'quantidade',
        STOCK_ADJUSTMENT_MESSAGES.quantityInvalid,
      ],
      [
        { produto_id: 1, quantidade: 10_001, nota: 'x' },
        'quantidade',
        STOCK_ADJUSTMENT_MESSAGES.quantityInvalid,
      ],
      [
        { produto_id: 1, quantidade: 1, nota: 'x'.repeat(201) },
        'nota',
        STOCK_ADJUSTMENT_MESSAGES.noteTooLong,
      ],
      [
        { produto_id: -1, quantidade: 1, nota: 'x' },
        'produto_id',
        STOCK_ADJUSTMENT_MESSAGES.productRequired,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ errors: Record<string, string[]> }>().errors[field]).toEqual([message]);
    }
    const missing = await post({ produto_id: 999_999, quantidade: 1, nota: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: STOCK_ADJUSTMENT_MESSAGES.productNotFound });

    for (const [query, field, message] of [
      ['produto=abc', 'produto', STOCK_PRODUCT_FILTER_INVALID],
      ['motivo=roubo', 'motivo', stockReasonFilterInvalidMessage(STOCK_MOVEMENT_REASONS)],
    ] as const) {
      const res = await adminCall(ctx.app, owner.token, 'GET', `/api/admin/estoque/?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ errors: Record<string, string[]> }>().errors[field]).toEqual([message]);
    }
  });

  it("names a sale's order, an expiry's cancellation; the ledger adds up to the stock's change", async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const [id] = await take(1, 10);
    const sold = await checkout(id!, 3);
    const expired = await checkout(id!, 2);
    expect(await stockOf(ctx.database, id!)).toBe(5);
    await ctx.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.reference, expired));
    await ctx.app.sweeper.runOnce();
    expect(await stockOf(ctx.database, id!)).toBe(7);
    await adminCall(ctx.app, owner.token, 'POST', '/api/admin/estoque/ajustes/', {
      produto_id: id,
      quantidade: -1,
      nota: 'Mostruário',
    });

    const ledger = await ledgerOf(owner.token, id!);
    // Newest first: the adjustment, the expiry, the two sales (take()'s setup is older).
    const [adjustment, cancellation, sale2, sale1] = ledger.itens;
    expect(adjustment).toMatchObject({ motivo: 'adjustment', delta: -1, estoque_apos: 6 });
    expect(cancellation).toMatchObject({
      motivo: 'cancellation',
      motivo_texto: 'Cancelamento',
      delta: 2,
      estoque_apos: 7,
      pedido_referencia: expired,
      responsavel_email: null,
    });
    expect(sale2).toMatchObject({ motivo: 'sale', delta: -2, pedido_referencia: expired });
    expect(sale1).toMatchObject({
      motivo: 'sale',
      motivo_texto: 'Venda',
      delta: -3,
      estoque_apos: 7,
      pedido_referencia: sold,
    });
    const since = [adjustment, cancellation, sale2, sale1].reduce((sum, m) => sum + m!.delta, 0);
    expect(10 + since).toBe(await stockOf(ctx.database, id!));

    const byReason = await adminCall(
      ctx.app,
      owner.token,
      'GET',
      `/api/admin/estoque/?produto=${id}&motivo=sale`,
    );
    expect(byReason.json<Ledger>().itens.map((m) => m.pedido_referencia)).toEqual([expired, sold]);
  });

  it('offers the products for the picker, searched by their words, emptiest first', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const [id] = await take(1, 0);
    const [row] = await ctx.database.db
      .select({ name: products.name })
      .from(products)
      .where(eq(products.id, id!));
    const res = await adminCall(
      ctx.app,
      owner.token,
      'GET',
      `/api/admin/estoque/produtos/?busca=${encodeURIComponent(row!.name.toUpperCase())}`,
    );
    expect(res.statusCode).toBe(200);
    const found = res.json<{ produtos: { id: number; estoque: number; imagem: string }[] }>()
      .produtos;
    expect(found[0]).toMatchObject({ id, estoque: 0, oculto: false });
    expect(found[0]!.imagem).toMatch(/^(https?:\/\/|\/).+/);
    const all = await adminCall(ctx.app, owner.token, 'GET', '/api/admin/estoque/produtos/');
    const stocks = all.json<{ produtos: { estoque: number }[] }>().produtos.map((p) => p.estoque);
    expect(stocks).toEqual([...stocks].sort((a, b) => a - b));
    // One piece by its id, however full its shelf (the Painel's 'Repor' link); a bad id is a 400.
    const [fullest] = await ctx.database.db
      .select({ id: products.id, stock: products.stock })
      .from(products)
      .orderBy(desc(products.stock))
      .limit(1);
    const one = await adminCall(
      ctx.app,
      owner.token,
      'GET',
      `/api/admin/estoque/produtos/?id=${fullest!.id}`,
    );
    expect(one.json()).toMatchObject({ produtos: [{ id: fullest!.id, estoque: fullest!.stock }] });
    // Digits only: "1e3" would be read as 1000 by a coercion.
    for (const id of ['x', '1e3', '0']) {
      const bad = await adminCall(
        ctx.app,
        owner.token,
        'GET',
        `/api/admin/estoque/produtos/?id=${id}`,
      );
      expect(bad.statusCode, id).toBe(400);
      expect(bad.json().error).toContain('O produto deve ser um número inteiro positivo.');
    }
  });
});
