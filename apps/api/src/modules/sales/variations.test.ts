/**
 * Rings by size, from the cart to the parcel (docs/variations-contract.md). A seeded
 * ring sold by 'Aro' and a seeded necklace by 'Comprimento': their sizes in the cart (two sizes
 * of one ring are two lines; the 400 without one, the 404 for another piece's), one order with
 * two sizes, her orders and e-mail naming them, stock and ledger per size, the shortage naming
 * the size, expiry and a late payment giving back and taking again the right size, the owners'
 * adjustment; and buyers racing for the last units of one size. On PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  chooseVariationMessage,
  lineOutOfStockMessage,
  VARIATION_NOT_FOUND,
} from '@semijoias/domain/variations';
import { auditLog, products, productVariations, stockMovements } from '../../db/schema.js';
import { memoryMailer } from '../../integrations/mail/mailer.js';
import { apiCall, type Method } from '../../../test/accounts.js';
import { adminCall, loggedInOwner, OWNER_EMAILS } from '../../../test/admin.js';
import {
  ADDRESS,
  brl,
  call,
  placeOrder,
  shopper,
  stockOf,
  type Shopper,
} from '../../../test/checkout.js';
import { sizedPiece, sizeStock, type Size } from '../../../test/factories.js';
import { sentMail, testConfig, useTestApp } from '../../../test/helpers.js';
import { times } from '../../../test/racing.js';
import { orderByReference, sandboxNotification, sweepPastDeadline } from '../../../test/orders.js';

const TTL_MINUTES = 2;
const mailer = memoryMailer();
const ctx = useTestApp(
  { unpaidOrderTtlMinutes: TTL_MINUTES, adminEmails: OWNER_EMAILS },
  { mailer },
);
const config = testConfig({ unpaidOrderTtlMinutes: TTL_MINUTES });

const cartCall = (s: Shopper, method: Method, url: string, payload?: object) =>
  apiCall(ctx.app, s.token, method, url, payload);

interface CartLine {
  produto: { id: number; estoque: number };
  quantidade: number;
  variacao: { id: number; nome: string } | null;
  nome_variacao: string | null;
}

const linesOf = (lines: CartLine[]) =>
  lines.map((l) => [l.produto.id, l.variacao?.nome ?? null, l.quantidade]);

describe('the cart with sizes', () => {
  it('refuses a piece sold by size without one, and a size of another piece', async () => {
    const ring = await sizedPiece(ctx.database, { axis: 'Aro', stocks: [3, 3] });
    const necklace = await sizedPiece(ctx.database, { axis: 'Comprimento' });
    const s = await shopper(ctx.app, ctx.database);

    const without = await cartCall(s, 'POST', '/api/cart/add/', { product_id: ring.id });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({ error: chooseVariationMessage('Aro') });
    expect(without.json<{ error: string }>().error).toBe(
      'Escolha o aro antes de adicionar ao carrinho.',
    );

    const other = await cartCall(s, 'POST', '/api/cart/add/', {
      product_id: ring.id,
      variacao_id: necklace.sizes[0]!.id,
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ error: VARIATION_NOT_FOUND });
    const unknown = await cartCall(s, 'POST', '/api/cart/add/', {
      product_id: ring.id,
      variacao_id: 999_999,
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await cartCall(s, 'POST', '/api/cart/add/', {
      product_id: ring.id,
      variacao_id: 'dezesseis',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('variacao_id');
    // A size for a product sold without them.
    const plain = await cartCall(s, 'POST', '/api/cart/add/', {
      product_id: 1,
      variacao_id: ring.sizes[0]!.id,
    });
    expect(plain.statusCode).toBe(404);
    expect((await cartCall(s, 'GET', '/api/cart/')).json()).toEqual([]);
  });

  it('keeps two sizes of one ring as two lines, each with its own stock; changes and removes one', async () => {
    const ring = await sizedPiece(ctx.database, { axis: 'Aro', stocks: [2, 5, 0] });
    const [small, medium, soldOut] = ring.sizes;
    const s = await shopper(ctx.app, ctx.database);
    const add = (size: Size) =>
      cartCall(s, 'POST', '/api/cart/add/', { product_id: ring.id, variacao_id: size.id });

    expect((await add(small!)).statusCode).toBe(200);
    expect((await add(medium!)).statusCode).toBe(200);
    const twice = await add(small!);
    expect(twice.statusCode).toBe(200);
    const cart = twice.json<CartLine[]>();
    expect(linesOf(cart)).toEqual([
      [ring.id, small!.name, 2],
      [ring.id, medium!.name, 1],
    ]);
    expect(cart[0]).toMatchObject({
      produto: { id: ring.id, estoque: 2 },
      variacao: { id: small!.id, nome: small!.name },
      nome_variacao: 'Aro',
    });
    expect(cart[1]!.produto.estoque).toBe(5);

    // The small size's line holds its whole stock; the sold-out size cannot be added at all.
    expect((await add(small!)).statusCode).toBe(409);
    const none = await add(soldOut!);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ error: 'Produto sem estoque no momento.' });

    const up = await cartCall(s, 'PUT', '/api/cart/update/', {
      productId: ring.id,
      variacao_id: medium!.id,
      quantity: 10,
    });
    expect(linesOf(up.json<CartLine[]>())).toEqual([
      [ring.id, small!.name, 2],
      [ring.id, medium!.name, 5],
    ]);
    // Without the size, the line is not found: each size is its own line.
    const noSize = await cartCall(s, 'PUT', '/api/cart/update/', {
      productId: ring.id,
      quantity: 1,
    });
    expect(noSize.statusCode).toBe(404);

    const removed = await cartCall(s, 'DELETE', `/api/cart/item/${ring.id}/?variacao=${small!.id}`);
    expect(linesOf(removed.json<CartLine[]>())).toEqual([[ring.id, medium!.name, 5]]);
  });

  it('merges a guest cart keeping sizes apart; the key tells two sizes apart; a line without size is a 400', async () => {
    const necklace = await sizedPiece(ctx.database, { axis: 'Comprimento', stocks: [4, 4, 4] });
    const [short, mid] = necklace.sizes;
    const s = await shopper(ctx.app, ctx.database);
    const merge = (size: Size | null, quantidade: number, key: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/cart/',
        headers: { authorization: `Bearer ${s.token}`, 'idempotency-key': key },
        payload: { produto: necklace.id, quantidade, ...(size ? { variacao_id: size.id } : {}) },
      });
    expect((await merge(short!, 2, `m1:${necklace.id}:${short!.id}`)).statusCode).toBe(200);
    expect((await merge(mid!, 1, `m1:${necklace.id}:${mid!.id}`)).statusCode).toBe(200);
    // The same merge again (a retry) adds nothing.
    const again = await merge(short!, 2, `m1:${necklace.id}:${short!.id}`);
    expect(linesOf(again.json<CartLine[]>())).toEqual([
      [necklace.id, short!.name, 2],
      [necklace.id, mid!.name, 1],
    ]);
    const without = await merge(null, 1, `m1:${necklace.id}:0`);
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({ error: chooseVariationMessage('Comprimento') });
  });
});

describe('an order with two sizes of one ring', () => {
  it('takes each size from its own stock, answers the sizes everywhere, and writes the ledger per size', async () => {
    const ring = await sizedPiece(ctx.database, { axis: 'Aro', stocks: [4, 4] });
    const [a, b] = ring.sizes;
    const s = await shopper(ctx.app, ctx.database);
    for (const size of [a!, a!, b!]) {
      const res = await cartCall(s, 'POST', '/api/cart/add/', {
        product_id: ring.id,
        variacao_id: size.id,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const before = await stockOf(ctx.database, ring.id);
    const { reference } = await placeOrder(ctx.app, { cep: '01310100' }, s.token);

    expect([await sizeStock(ctx.database, a!.id), await sizeStock(ctx.database, b!.id)]).toEqual([
      2, 3,
    ]);
    expect(await stockOf(ctx.database, ring.id)).toBe(before - 3);
    const order = await orderByReference(ctx.database, reference);
    const ledger = await ctx.database.db
      .select({
        variationId: stockMovements.variationId,
        delta: stockMovements.delta,
        after: stockMovements.stockAfter,
        reason: stockMovements.reason,
      })
      .from(stockMovements)
      .where(eq(stockMovements.orderId, order.id))
      .orderBy(asc(stockMovements.id));
    expect(ledger).toEqual([
      { variationId: a!.id, delta: -2, after: 2, reason: 'sale' },
      { variationId: b!.id, delta: -1, after: 3, reason: 'sale' },
    ]);

    // Her orders, the return page and the back office name each size.
    const hers = await cartCall(s, 'GET', '/api/user/orders/');
    const herLines = hers
      .json<{ reference: string; quantidade: number; variacao: { nome: string } | null }[]>()
      .filter((l) => l.reference === reference);
    expect(herLines.map((l) => [l.variacao?.nome, l.quantidade])).toEqual([
      [a!.name, 2],
      [b!.name, 1],
    ]);
    const page = await cartCall(s, 'GET', `/api/orders/${reference}/`);
    expect(
      page.json<{ itens: { variacao: { id: number }; nome_variacao: string }[] }>().itens,
    ).toMatchObject([
      { variacao: { id: a!.id }, nome_variacao: 'Aro' },
      { variacao: { id: b!.id }, nome_variacao: 'Aro' },
    ]);
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const admin = await adminCall(ctx.app, owner.token, 'GET', `/api/admin/pedidos/${reference}/`);
    expect(admin.statusCode, admin.body).toBe(200);
    expect(
      admin.json<{ pedido: { itens: { variacao: { nome: string }; nome_variacao: string }[] } }>()
        .pedido.itens,
    ).toMatchObject([
      { variacao: { nome: a!.name }, nome_variacao: 'Aro' },
      { variacao: { nome: b!.name }, nome_variacao: 'Aro' },
    ]);

    // Her e-mail names the sizes under the piece.
    const start = await call(
      ctx.app,
      '/api/pagamento/',
      {
        reference,
        logged: true,
        shippingInfo: ADDRESS,
        dadosFrete: { valor: '0.00', prazo: '' },
        totais: { total: brl(order.totalCents) },
      },
      { token: s.token },
    );
    expect(start.statusCode, start.body).toBe(200);
    const mail = (await sentMail(ctx.app, mailer)).filter((m) => m.text.includes(reference));
    expect(mail.length).toBeGreaterThan(0);
    expect(mail[0]!.text).toContain(`(Aro ${a!.name})`);
    expect(mail[0]!.html).toContain(`Aro ${b!.name}`);
  });

  it('names the size in the shortage, and refuses a guest line without one', async () => {
    const ring = await sizedPiece(ctx.database, { axis: 'Aro', stocks: [1, 0] });
    const [one, none] = ring.sizes;
    const short = await call(ctx.app, '/api/pay/', {
      produtos: [{ produto: { id: ring.id }, quantidade: 1, variacao_id: none!.id }],
      cep: '01310100',
    });
    expect(short.statusCode).toBe(409);
    expect(short.json<{ error: string }>().error).toBe(
      lineOutOfStockMessage(ring.name, 0, { axis: 'Aro', name: none!.name }),
    );
    expect(short.json<{ error: string }>().error).toBe(
      `O produto "${ring.name}" (Aro ${none!.name}) não tem estoque suficiente (disponível: 0).`,
    );
    const without = await call(ctx.app, '/api/pay/', {
      produtos: [{ produto: { id: ring.id }, quantidade: 1 }],
      cep: '01310100',
    });
    expect(without.statusCode).toBe(400);
    expect(without.json<{ error: string }>().error).toBe(chooseVariationMessage('Aro'));
    const guest = await call(ctx.app, '/api/pay/', {
      produtos: [{ produto: { id: ring.id }, quantidade: 1, variacao_id: one!.id }],
      cep: '01310100',
    });
    expect(guest.statusCode, guest.body).toBe(201);
    expect(await sizeStock(ctx.database, one!.id)).toBe(0);
  });
});

describe('stock per size after an expiry and a late payment', () => {
  it('gives the expired order back to its size, and a late payment takes that size again', async () => {
    const necklace = await sizedPiece(ctx.database, { axis: 'Comprimento', stocks: [0, 2, 5] });
    const [, mid, long] = necklace.sizes;
    const pay = await call(ctx.app, '/api/pay/', {
      produtos: [{ produto: { id: necklace.id }, quantidade: 2, variacao_id: mid!.id }],
      cep: '01310100',
    });
    expect(pay.statusCode, pay.body).toBe(201);
    const { reference } = pay.json<{ reference: string }>();
    expect(await sizeStock(ctx.database, mid!.id)).toBe(0);

    await sweepPastDeadline(ctx.database, config);
    const cancelled = await orderByReference(ctx.database, reference);
    expect(cancelled.status).toBe('cancelled');
    expect([
      await sizeStock(ctx.database, mid!.id),
      await sizeStock(ctx.database, long!.id),
    ]).toEqual([2, 5]);
    const back = await ctx.database.db
      .select({ variationId: stockMovements.variationId, delta: stockMovements.delta })
      .from(stockMovements)
      .where(
        and(eq(stockMovements.orderId, cancelled.id), eq(stockMovements.reason, 'cancellation')),
      );
    expect(back).toEqual([{ variationId: mid!.id, delta: 2 }]);

    const late = sandboxNotification(ctx.app, reference, cancelled.totalCents);
    expect((await late.deliver()).statusCode).toBe(200);
    expect((await orderByReference(ctx.database, reference)).status).toBe('paid');
    expect([
      await sizeStock(ctx.database, mid!.id),
      await sizeStock(ctx.database, long!.id),
    ]).toEqual([0, 5]);
    expect(await stockOf(ctx.database, necklace.id)).toBe(5);
  });
});

describe("the owners' adjustment of a size", () => {
  it('restocks one size through the ledger; a piece sold by size asks which', async () => {
    const ring = await sizedPiece(ctx.database, { axis: 'Aro', stocks: [0] });
    const size = ring.sizes[0]!;
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const before = await stockOf(ctx.database, ring.id);
    const res = await adminCall(ctx.app, owner.token, 'POST', '/api/admin/estoque/ajustes/', {
      produto_id: ring.id,
      variacao_id: size.id,
      quantidade: 3,
      nota: 'Chegou do fornecedor',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      produto: { id: ring.id, estoque: before + 3 },
      variacao: { id: size.id, nome: size.name, estoque: 3 },
      movimento: {
        variacao_id: size.id,
        variacao_nome: size.name,
        nome_variacao: 'Aro',
        delta: 3,
        motivo: 'adjustment',
      },
    });
    const without = await adminCall(ctx.app, owner.token, 'POST', '/api/admin/estoque/ajustes/', {
      produto_id: ring.id,
      quantidade: 3,
      nota: 'Sem tamanho',
    });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({ errors: { variacao_id: ['Escolha a variação.'] } });
    const below = await adminCall(ctx.app, owner.token, 'POST', '/api/admin/estoque/ajustes/', {
      produto_id: ring.id,
      variacao_id: size.id,
      quantidade: -4,
      nota: 'Conferência',
    });
    expect(below.statusCode).toBe(409);
    expect(await sizeStock(ctx.database, size.id)).toBe(3);
  });
});

describe('buyers racing for the last units of one size', () => {
  it('sell exactly that size’s stock and leave the other size untouched', async () => {
    const UNITS = 3;
    const BUYERS = 10;
    const ring = await sizedPiece(ctx.database, { axis: 'Aro', stocks: [UNITS, 50] });
    const [scarce, plenty] = ring.sizes;
    const before = await stockOf(ctx.database, ring.id);
    const answers = await times(BUYERS, () =>
      call(ctx.app, '/api/pay/', {
        produtos: [{ produto: { id: ring.id }, quantidade: 1, variacao_id: scarce!.id }],
        cep: '01310100',
      }),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([
      ...Array<number>(UNITS).fill(201),
      ...Array<number>(BUYERS - UNITS).fill(409),
    ]);
    for (const r of answers.filter((a) => a.statusCode === 409))
      expect(r.json<{ error: string }>().error).toMatch(
        new RegExp(`\\(Aro ${scarce!.name}\\) não tem estoque suficiente`),
      );
    expect([
      await sizeStock(ctx.database, scarce!.id),
      await sizeStock(ctx.database, plenty!.id),
    ]).toEqual([0, 50]);
    expect(await stockOf(ctx.database, ring.id)).toBe(before - UNITS);
  });
});

describe("the owners' sizes of a piece", () => {
  const put = (token: string, id: number, body: object) =>
    adminCall(ctx.app, token, 'PUT', `/api/admin/produtos/${id}/variacoes/`, body);
  interface AdminVariation {
    id: number;
    nome: string;
    estoque: number;
    pedidos: number;
  }
  interface AdminProduct {
    estoque: number;
    nome_variacao: string | null;
    variacoes: AdminVariation[];
  }

  it('adds sizes to a piece (its own units leave through the ledger), renames, reorders and removes them', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    // A plain seeded piece no other test here buys: the last one sold without sizes.
    const [plain] = await ctx.database.db
      .select({ id: products.id, stock: products.stock })
      .from(products)
      .where(isNull(products.variationAxis))
      .orderBy(desc(products.id))
      .limit(1);
    const added = await put(owner.token, plain!.id, {
      nome_variacao: 'Tamanho',
      variacoes: [{ nome: 'P' }, { nome: 'M' }, { nome: 'G', sku: 'ABC-G' }],
    });
    expect(added.statusCode, added.body).toBe(200);
    const product = added.json<{ produto: AdminProduct }>().produto;
    expect(product.nome_variacao).toBe('Tamanho');
    expect(product.estoque).toBe(0);
    expect(product.variacoes.map((v) => [v.nome, v.estoque, v.pedidos])).toEqual([
      ['P', 0, 0],
      ['M', 0, 0],
      ['G', 0, 0],
    ]);
    if (plain!.stock > 0) {
      const [gone] = await ctx.database.db
        .select({ delta: stockMovements.delta, note: stockMovements.note })
        .from(stockMovements)
        .where(and(eq(stockMovements.productId, plain!.id), isNull(stockMovements.variationId)))
        .orderBy(desc(stockMovements.id))
        .limit(1);
      expect(gone).toEqual({ delta: -plain!.stock, note: 'Estoque passa a ser por variação' });
    }
    // The storefront sees them at once.
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/produtos/detalhes/${plain!.id}/`,
    });
    expect(detail.json()).toMatchObject({
      nome_variacao: 'Tamanho',
      variacoes: [{ nome: 'P' }, { nome: 'M' }, { nome: 'G' }],
    });

    const [p, m, g] = product.variacoes;
    const restock = await adminCall(ctx.app, owner.token, 'POST', '/api/admin/estoque/ajustes/', {
      produto_id: plain!.id,
      variacao_id: m!.id,
      quantidade: 2,
      nota: 'Reposição',
    });
    expect(restock.statusCode, restock.body).toBe(201);
    // G and M swap places and M becomes 'Médio'; P, never ordered and empty, is deleted.
    const changed = await put(owner.token, plain!.id, {
      nome_variacao: 'Tamanho',
      variacoes: [
        { id: g!.id, nome: 'G' },
        { id: m!.id, nome: 'Médio' },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(
      changed
        .json<{ produto: AdminProduct }>()
        .produto.variacoes.map((v) => [v.id, v.nome, v.estoque]),
    ).toEqual([
      [g!.id, 'G', 0],
      [m!.id, 'Médio', 2],
    ]);
    const [deleted] = await ctx.database.db
      .select({ id: productVariations.id })
      .from(productVariations)
      .where(eq(productVariations.id, p!.id));
    expect(deleted).toBeUndefined();

    // A size with units cannot go; nor can the piece's stock be typed on its form.
    const withStock = await put(owner.token, plain!.id, {
      nome_variacao: 'Tamanho',
      variacoes: [{ id: g!.id, nome: 'G' }],
    });
    expect(withStock.statusCode).toBe(409);
    expect(withStock.json<{ error: string }>().error).toBe(
      'Tamanho Médio ainda tem 2 unidades em estoque: zere o estoque em Estoque antes de removê-la.',
    );
    const repeated = await put(owner.token, plain!.id, {
      nome_variacao: 'Tamanho',
      variacoes: [{ nome: 'X' }, { nome: 'x' }],
    });
    expect(repeated.statusCode).toBe(400);
  });

  it("marks sizes 'Manter em estoque', keeps the mark when a body leaves it out, audits it", async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const ring = await sizedPiece(ctx.database);
    const [first, second] = ring.sizes;
    const body = (kept: (id: number) => boolean | undefined | string) => ({
      nome_variacao: ring.axis,
      variacoes: ring.sizes.map((size) => ({
        id: size.id,
        nome: size.name,
        ...(kept(size.id) === undefined ? {} : { manter_em_estoque: kept(size.id) }),
      })),
    });
    const marked = await put(
      owner.token,
      ring.id,
      body((id) => id === second!.id),
    );
    expect(marked.statusCode, marked.body).toBe(200);
    const kept = (res: typeof marked) =>
      res
        .json<{ produto: { variacoes: { id: number; manter_em_estoque: boolean }[] } }>()
        .produto.variacoes.filter((v) => v.manter_em_estoque)
        .map((v) => v.id);
    expect(kept(marked)).toEqual([second!.id]);
    const [entry] = await ctx.database.db
      .select({ summary: auditLog.summary, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.variations'), eq(auditLog.entityId, String(ring.id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry!.summary).toContain(`manter em estoque: ${second!.name}`);
    expect(entry!.after).toMatchObject({ manter_em_estoque: [second!.name] });

    // An older page's body, without the field: the marks stay as they are.
    const untouched = await put(
      owner.token,
      ring.id,
      body(() => undefined),
    );
    expect(untouched.statusCode, untouched.body).toBe(200);
    expect(kept(untouched)).toEqual([second!.id]);
    // A new size starts unmarked unless marked.
    const added = await put(owner.token, ring.id, {
      ...body(() => undefined),
      variacoes: [...body(() => undefined).variacoes, { nome: '99', manter_em_estoque: true }],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(kept(added)).toHaveLength(2);

    const bad = await put(
      owner.token,
      ring.id,
      body((id) => (id === first!.id ? 'sim' : false)),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: { variacoes: string[] } }>().errors.variacoes).toEqual([
      'Confira as variações.',
    ]);

    // The ring as it was for the other tests (the first ring sold by 'Aro'): no size kept, no '99'.
    const restored = await put(
      owner.token,
      ring.id,
      body(() => false),
    );
    expect(restored.statusCode, restored.body).toBe(200);
    expect(kept(restored)).toEqual([]);
  });

  it('archives a size that was ever ordered, keeping her order', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const necklace = await sizedPiece(ctx.database, { axis: 'Comprimento', stocks: [1, 3, 3] });
    const [first] = necklace.sizes;
    const pay = await call(ctx.app, '/api/pay/', {
      produtos: [{ produto: { id: necklace.id }, quantidade: 1, variacao_id: first!.id }],
      cep: '01310100',
    });
    expect(pay.statusCode, pay.body).toBe(201);
    expect(await sizeStock(ctx.database, first!.id)).toBe(0);
    const res = await put(owner.token, necklace.id, {
      nome_variacao: 'Comprimento',
      variacoes: necklace.sizes.slice(1).map((v) => ({ id: v.id, nome: v.name })),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [archived] = await ctx.database.db
      .select({ archivedAt: productVariations.archivedAt })
      .from(productVariations)
      .where(eq(productVariations.id, first!.id));
    expect(archived!.archivedAt).not.toBeNull();
    const { reference } = pay.json<{ reference: string }>();
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${reference}/?chave=${encodeURIComponent(pay.json<{ chave: string }>().chave)}`,
    });
    expect(page.json<{ itens: { variacao: { nome: string } }[] }>().itens[0]!.variacao.nome).toBe(
      first!.name,
    );
  });
});

describe("the back office's stock lists, size by size", () => {
  it('the picker lists a piece with its sizes; the low-stock card counts the ring by its sum', async () => {
    const ring = await sizedPiece(ctx.database, { axis: 'Aro', stocks: [0, 40] });
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const picker = await adminCall(
      ctx.app,
      owner.token,
      'GET',
      `/api/admin/estoque/produtos/?id=${ring.id}`,
    );
    expect(picker.statusCode, picker.body).toBe(200);
    const [listed] = picker.json<{
      produtos: {
        nome_variacao: string;
        variacoes: { id: number; nome: string; estoque: number }[];
      }[];
    }>().produtos;
    expect(listed!.nome_variacao).toBe('Aro');
    expect(listed!.variacoes.slice(0, 2)).toEqual([
      { id: ring.sizes[0]!.id, nome: ring.sizes[0]!.name, estoque: 0 },
      { id: ring.sizes[1]!.id, nome: ring.sizes[1]!.name, estoque: 40 },
    ]);

    // The ring's sum (40) is well above the threshold: one sold-out size is no low stock.
    const panel = await adminCall(ctx.app, owner.token, 'GET', '/api/admin/painel/');
    expect(panel.statusCode, panel.body).toBe(200);
    const low = panel.json<{
      estoque_baixo: { produtos: { id: number; estoque: number }[] };
    }>().estoque_baixo.produtos;
    expect(low.filter((p) => p.id === ring.id)).toEqual([]);
  });
});
