/**
 * GET /api/admin/painel/: only paid orders are sales, each on the store's day (America/Sao_Paulo,
 * not UTC), thirty days with zeros, the orders waiting for the owners, the low-stock pieces.
 */
import { and, count, eq, exists, isNull, lte, or, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LOW_STOCK_THRESHOLD } from '@semijoias/domain/admin';
import { loggedInCustomer } from '../../../../test/accounts.js';
import { adminCall, loggedInOwner, OWNER_EMAILS } from '../../../../test/admin.js';
import { useTestApp } from '../../../../test/helpers.js';
import { sizedPiece } from '../../../../test/factories.js';
import { catalogTail, insertOrder } from '../../../../test/orders.js';
import { products, productVariations, type OrderRow } from '../../../db/schema.js';
import { memoryMailer } from '../../../integrations/mail/mailer.js';
import type { DashboardJson } from './schemas.js';

const ctx = useTestApp({ adminEmails: [...OWNER_EMAILS] }, { mailer: memoryMailer() });
const take = catalogTail(() => ctx.database);

/** 'YYYY-MM-DD' of an instant in São Paulo. */
const spDay = (at: Date) => at.toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });

async function painel(token: string): Promise<DashboardJson> {
  const res = await adminCall(ctx.app, token, 'GET', '/api/admin/painel/');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DashboardJson>();
}

/** The visible pieces low by their total or by a size kept in stock, counted apart. */
async function lowPieces(): Promise<number> {
  const keptLow = ctx.database.db
    .select({ one: sql`1` })
    .from(productVariations)
    .where(
      and(
        eq(productVariations.productId, products.id),
        eq(productVariations.keptInStock, true),
        isNull(productVariations.archivedAt),
        lte(productVariations.stock, LOW_STOCK_THRESHOLD),
      ),
    );
  const [counted] = await ctx.database.db
    .select({ n: count() })
    .from(products)
    .where(
      and(isNull(products.hiddenAt), or(lte(products.stock, LOW_STOCK_THRESHOLD), exists(keptLow))),
    );
  return counted!.n;
}

async function order(status: OrderRow['status'], paidAt: Date | null): Promise<OrderRow> {
  return (await insertOrder(ctx.database, { status, columns: { paidAt } })).order;
}

describe('GET /api/admin/painel/', () => {
  it('answers 401 without a session and 403 to a customer', async () => {
    expect((await adminCall(ctx.app, undefined, 'GET', '/api/admin/painel/')).statusCode).toBe(401);
    const customer = await loggedInCustomer(ctx.app, ctx.database);
    expect((await adminCall(ctx.app, customer.token, 'GET', '/api/admin/painel/')).statusCode).toBe(
      403,
    );
  });

  it('counts paid orders only, each on its day in São Paulo, with every one of 30 days', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const before = await painel(owner.token);
    expect(before.serie_30_dias.length).toBe(30);
    expect(before.hoje).toBe(spDay(new Date()));
    expect(before.serie_30_dias.at(-1)!.dia).toBe(before.hoje);

    const now = new Date();
    // 23:30 of yesterday in São Paulo is 02:30 UTC of today: it is yesterday's sale.
    const yesterday = new Date(`${spDay(new Date(now.getTime() - 86_400_000))}T23:30:00-03:00`);
    const tenDaysAgo = new Date(now.getTime() - 10 * 86_400_000);
    const today = await order('paid', new Date(now.getTime() - 60_000));
    const late = await order('shipped', yesterday);
    const old = await order('delivered', tenDaysAgo);
    // Not sales: never paid, paid then cancelled or refunded, and a paid order past 30 days.
    await order('awaiting_payment', null);
    await order('payment_failed', null);
    await order('cancelled', new Date(now.getTime() - 60_000));
    await order('in_progress', new Date(now.getTime() - 40 * 86_400_000));

    const after = await painel(owner.token);
    const delta = (pick: (d: DashboardJson) => { total_cents: number; pedidos: number }) => ({
      total_cents: pick(after).total_cents - pick(before).total_cents,
      pedidos: pick(after).pedidos - pick(before).pedidos,
    });
    expect(delta((d) => d.vendas.hoje)).toEqual({ total_cents: today.totalCents, pedidos: 1 });
    expect(delta((d) => d.vendas.dias_7)).toEqual({
      total_cents: today.totalCents + late.totalCents,
      pedidos: 2,
    });
    expect(delta((d) => d.vendas.dias_30)).toEqual({
      total_cents: today.totalCents + late.totalCents + old.totalCents,
      pedidos: 3,
    });
    const day = (d: DashboardJson, dia: string) => d.serie_30_dias.find((s) => s.dia === dia)!;
    const lateDay = spDay(yesterday);
    expect(lateDay).not.toBe(yesterday.toISOString().slice(0, 10));
    expect(day(after, lateDay).pedidos - day(before, lateDay).pedidos).toBe(1);
    expect(
      day(after, spDay(tenDaysAgo)).total_cents - day(before, spDay(tenDaysAgo)).total_cents,
    ).toBe(old.totalCents);
    // Waiting for the owners: paid + in progress to ship, unpaid ones awaiting payment.
    expect(after.pedidos_a_enviar - before.pedidos_a_enviar).toBe(2);
    expect(after.pedidos_aguardando_pagamento - before.pedidos_aguardando_pagamento).toBe(2);
  });

  it('lists the pieces at or below the low-stock threshold, not the hidden ones', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const [low, hidden, plenty] = await take(3, LOW_STOCK_THRESHOLD + 1);
    // The card lists the lowest first, then by name, at most 12: this piece's name comes first
    // among the sold-out ones.
    await ctx.database.db
      .update(products)
      .set({ stock: 0, name: '0 Peça esgotada do teste' })
      .where(eq(products.id, low!));
    await ctx.database.db
      .update(products)
      .set({ stock: 0, hiddenAt: new Date() })
      .where(eq(products.id, hidden!));
    const answer = await painel(owner.token);
    const ids = answer.estoque_baixo.produtos.map((p) => p.id);
    expect(ids).toContain(low);
    expect(ids).not.toContain(hidden);
    expect(ids).not.toContain(plenty);
    expect(answer.estoque_baixo.produtos.every((p) => p.estoque <= LOW_STOCK_THRESHOLD)).toBe(true);
    expect(answer.estoque_baixo.total).toBeGreaterThanOrEqual(answer.estoque_baixo.produtos.length);
  });

  it('counts a piece sold by size once, by the sum of its sizes, and links to the same list', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    // A demonstration ring: two sizes sold out, plenty in the others. Not a shelf to refill.
    const wellStocked = await sizedPiece(ctx.database, { stocks: [0, 0], rest: 20 });
    // A ring nearly gone: one unit in each of its first two sizes, none in the rest.
    const nearlyGone = await sizedPiece(ctx.database, { stocks: [1, 1], rest: 0 });
    expect(nearlyGone.sizes.length).toBeGreaterThan(2);

    const answer = await painel(owner.token);
    const listed = answer.estoque_baixo.produtos;
    expect(listed.filter((p) => p.id === wellStocked.id)).toEqual([]);
    expect(listed.filter((p) => p.id === nearlyGone.id)).toEqual([
      expect.objectContaining({
        id: nearlyGone.id,
        estoque: 2,
        nome_variacao: nearlyGone.axis,
      }),
    ]);
    // Each piece once, the emptiest first.
    expect(new Set(listed.map((p) => p.id)).size).toBe(listed.length);
    const stocks = listed.map((p) => p.estoque);
    expect(stocks).toEqual([...stocks].sort((a, b) => a - b));

    // The count is of pieces: the visible ones whose total stock is low or with a kept size
    // that is, none else.
    expect(answer.estoque_baixo.total).toBe(await lowPieces());

    // 'Ver todas': the product list's 'Estoque baixo' is the same pieces, the emptiest first.
    const full = await adminCall(
      ctx.app,
      owner.token,
      'GET',
      '/api/admin/produtos/?situacao=estoque_baixo',
    );
    expect(full.statusCode, full.body).toBe(200);
    const page = full.json<{
      total: number;
      produtos: { id: number; estoque: number; oculto: boolean; estoque_baixo: boolean }[];
    }>();
    expect(page.total).toBe(answer.estoque_baixo.total);
    expect(page.produtos.map((p) => p.id).slice(0, listed.length)).toEqual(listed.map((p) => p.id));
    expect(page.produtos.every((p) => p.estoque_baixo && !p.oculto)).toBe(true);
    expect(page.produtos.map((p) => p.id)).not.toContain(wellStocked.id);
  });

  it('counts a size the owners keep in stock when it runs low, and lists it under its piece', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    // A ring with plenty in total: its sold-out size is an alert only once marked 'Manter em
    // estoque'.
    const ring = await sizedPiece(ctx.database, { stocks: [0, 1], rest: 20 });
    const [soldOut, lastOne, plenty] = ring.sizes;
    const before = await painel(owner.token);
    expect(before.estoque_baixo.produtos.map((p) => p.id)).not.toContain(ring.id);

    const put = await adminCall(
      ctx.app,
      owner.token,
      'PUT',
      `/api/admin/produtos/${ring.id}/variacoes/`,
      {
        nome_variacao: ring.axis,
        variacoes: ring.sizes.map((size) => ({
          id: size.id,
          nome: size.name,
          manter_em_estoque: [soldOut!.id, plenty!.id].includes(size.id),
        })),
      },
    );
    expect(put.statusCode, put.body).toBe(200);

    const after = await painel(owner.token);
    expect(after.estoque_baixo.total).toBe(before.estoque_baixo.total + 1);
    expect(after.estoque_baixo.total).toBe(await lowPieces());
    // Sold out in a kept size, it is among the emptiest, first of the list: only its kept size
    // that is low is named (not the last one of a size not kept, nor the kept one with plenty).
    const listed = after.estoque_baixo.produtos.find((p) => p.id === ring.id);
    expect(listed).toMatchObject({
      estoque: ring.sizes.reduce((n, size) => n + size.stock, 0),
      nome_variacao: ring.axis,
      variacoes_baixas: [{ id: soldOut!.id, nome: soldOut!.name, estoque: 0 }],
    });
    expect(lastOne!.stock).toBe(1);

    // 'Ver todas' shows it too, flagged low, with the same count.
    const full = await adminCall(
      ctx.app,
      owner.token,
      'GET',
      '/api/admin/produtos/?situacao=estoque_baixo',
    );
    expect(full.statusCode, full.body).toBe(200);
    const page = full.json<{
      total: number;
      produtos: { id: number; estoque_baixo: boolean; variacoes_baixas: unknown[] }[];
    }>();
    expect(page.total).toBe(after.estoque_baixo.total);
    expect(page.produtos.find((p) => p.id === ring.id)).toMatchObject({
      estoque_baixo: true,
      variacoes_baixas: [{ id: soldOut!.id, nome: soldOut!.name, estoque: 0 }],
    });
    // The emptiest first on both: the ring's kept size at 0 ranks it with the sold-out pieces.
    const rank = (ids: number[]) => ids.indexOf(ring.id);
    expect(rank(page.produtos.map((p) => p.id))).toBe(
      rank(after.estoque_baixo.produtos.map((p) => p.id)),
    );
  });
});
