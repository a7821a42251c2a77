/**
 * Nobody hoards the stock (docs/purchase-limits.md), through api/pay and api/pagamento as a
 * browser calls them: a piece's 'máximo por cliente', the unpaid orders of one buyer, the units
 * one address may hold, the short hold of an order whose payment never starts; a script that
 * tries to hold the whole catalog is stopped, and a crowd of honest shoppers behind one address
 * is not. Concurrency: on PGlite the calls interleave on one connection; with TEST_DATABASE_URL
 * they run on several PostgreSQL connections at once.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ADDRESS_HOLDS_TOO_MUCH,
  DEFAULT_UNPAID_UNITS_PER_ADDRESS,
  maxPerCustomerMessage,
  MAX_UNPAID_ORDERS_PER_BUYER,
  TOO_MANY_UNPAID_ORDERS,
  TOO_MANY_UNPAID_ORDERS_FOR_BUYER,
} from '@semijoias/domain/purchase-limits';
import { orders, paymentSettings, products, productVariations } from '../../db/schema.js';
import { makeCpf } from '../../../test/accounts.js';
import {
  ADDRESS,
  addToCart,
  call,
  newBrowser,
  setProduct,
  shopper,
  stockOf,
} from '../../../test/checkout.js';
import { testConfig, useTestApp } from '../../../test/helpers.js';
import { orderByReference, testOrderSweeper } from '../../../test/orders.js';
import { times } from '../../../test/racing.js';

const ctx = useTestApp();
const CEP = '01310100';

/** api/pay from a browser (its X-Dispositivo) and an address, as a guest. */
function guestPay(
  lines: { id: number; quantidade: number; variacao_id?: number }[],
  from: { browser?: string | null; ip?: string } = {},
) {
  const headers: Record<string, string> = {};
  const browser = from.browser === undefined ? newBrowser() : from.browser;
  if (browser !== null) headers['x-dispositivo'] = browser;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/pay/',
    payload: { produtos: lines, cep: CEP },
    headers,
    remoteAddress: from.ip ?? '127.0.0.1',
  });
}

const refusal = (res: { json: () => unknown }) => (res.json() as { error: string }).error;

async function setMax(id: number, max: number | null) {
  await ctx.database.db.update(products).set({ maxPerCustomer: max }).where(eq(products.id, id));
}

/**
 * `n` pieces sold without sizes, their stock and maximum set afresh: every case starts with
 * nothing held unpaid (below), so the cases may share them.
 */
async function pieces(n: number, stock = 50): Promise<{ id: number; name: string }[]> {
  const taken = await ctx.database.db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(isNull(products.variationAxis), isNull(products.hiddenAt)))
    .orderBy(products.id)
    .limit(n);
  if (taken.length < n) throw new Error('the catalog has too few pieces for this case');
  for (const p of taken) {
    await setProduct(ctx.database, p.id, { stock, priceCents: 5_000 });
    await setMax(p.id, null);
  }
  return taken;
}

// Every case starts with nothing held unpaid and the store's default maximum.
beforeEach(async () => {
  await ctx.database.db
    .update(orders)
    .set({ status: 'cancelled', cancelReason: 'expired', cancelledAt: new Date() })
    .where(inArray(orders.status, ['awaiting_payment', 'payment_failed']));
  await ctx.database.db.update(paymentSettings).set({ maxUnitsPerCustomer: 10 });
});

describe("a piece's 'máximo por cliente'", () => {
  it('counts this order and what her browser already holds unpaid; another browser has its own', async () => {
    const [p] = await pieces(1);
    await setMax(p!.id, 2);
    const browser = newBrowser();
    const tooMany = await guestPay([{ id: p!.id, quantidade: 3 }], { browser });
    expect(tooMany.statusCode).toBe(409);
    expect(refusal(tooMany)).toBe(maxPerCustomerMessage(p!.name, 2, 0));
    expect(refusal(tooMany)).toBe(`Cada cliente pode levar no máximo 2 unidades de "${p!.name}".`);
    expect(await stockOf(ctx.database, p!.id)).toBe(50);

    expect((await guestPay([{ id: p!.id, quantidade: 1 }], { browser })).statusCode).toBe(201);
    const second = await guestPay([{ id: p!.id, quantidade: 2 }], { browser });
    expect(second.statusCode).toBe(409);
    expect(refusal(second)).toBe(
      `Cada cliente pode levar no máximo 2 unidades de "${p!.name}". Você já tem 1 unidade em pedidos aguardando pagamento.`,
    );
    expect((await guestPay([{ id: p!.id, quantidade: 1 }], { browser })).statusCode).toBe(201);
    expect((await guestPay([{ id: p!.id, quantidade: 2 }])).statusCode).toBe(201);
    expect(await stockOf(ctx.database, p!.id)).toBe(46);
  });

  it("the store's default applies to a piece without its own", async () => {
    const [p] = await pieces(1);
    await ctx.database.db.update(paymentSettings).set({ maxUnitsPerCustomer: 3 });
    const res = await guestPay([{ id: p!.id, quantidade: 4 }]);
    expect(res.statusCode).toBe(409);
    expect(refusal(res)).toBe(maxPerCustomerMessage(p!.name, 3, 0));
    expect((await guestPay([{ id: p!.id, quantidade: 3 }])).statusCode).toBe(201);
  });

  it("a piece's sizes count together", async () => {
    const [piece] = await ctx.database.db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(sql`${products.variationAxis} is not null and ${products.hiddenAt} is null`)
      .limit(1);
    const sizes = await ctx.database.db
      .select({ id: productVariations.id })
      .from(productVariations)
      .where(and(eq(productVariations.productId, piece!.id), isNull(productVariations.archivedAt)))
      .orderBy(productVariations.id)
      .limit(2);
    expect(sizes).toHaveLength(2);
    await ctx.database.db
      .update(productVariations)
      .set({ stock: 20 })
      .where(
        inArray(
          productVariations.id,
          sizes.map((s) => s.id),
        ),
      );
    await setMax(piece!.id, 3);
    const res = await guestPay([
      { id: piece!.id, variacao_id: sizes[0]!.id, quantidade: 2 },
      { id: piece!.id, variacao_id: sizes[1]!.id, quantidade: 2 },
    ]);
    expect(res.statusCode).toBe(409);
    expect(refusal(res)).toBe(maxPerCustomerMessage(piece!.name, 3, 0));
    const ok = await guestPay([
      { id: piece!.id, variacao_id: sizes[0]!.id, quantidade: 2 },
      { id: piece!.id, variacao_id: sizes[1]!.id, quantidade: 1 },
    ]);
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('one browser sending many orders at once gets exactly its maximum', async () => {
    const [p] = await pieces(1);
    await setMax(p!.id, 3);
    const browser = newBrowser();
    const answers = await times(12, () => guestPay([{ id: p!.id, quantidade: 1 }], { browser }));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([...Array<number>(3).fill(201), ...Array<number>(9).fill(409)]);
    expect(await stockOf(ctx.database, p!.id)).toBe(47);
  });
});

describe('unpaid orders of one buyer', () => {
  it(`a browser may hold ${MAX_UNPAID_ORDERS_PER_BUYER}; a paid or cancelled one makes room`, async () => {
    const ps = await pieces(MAX_UNPAID_ORDERS_PER_BUYER + 1);
    const browser = newBrowser();
    const placed: string[] = [];
    for (const p of ps.slice(0, MAX_UNPAID_ORDERS_PER_BUYER)) {
      const res = await guestPay([{ id: p.id, quantidade: 1 }], { browser });
      expect(res.statusCode).toBe(201);
      placed.push(res.json<{ reference: string }>().reference);
    }
    const last = ps.at(-1)!;
    const refused = await guestPay([{ id: last.id, quantidade: 1 }], { browser });
    expect(refused.statusCode).toBe(409);
    expect(refusal(refused)).toBe(TOO_MANY_UNPAID_ORDERS);
    expect(await stockOf(ctx.database, last.id)).toBe(50);
    await ctx.database.db
      .update(orders)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(orders.reference, placed[0]!));
    expect((await guestPay([{ id: last.id, quantidade: 1 }], { browser })).statusCode).toBe(201);
  });

  it('an account is one buyer on every browser', async () => {
    const me = await shopper(ctx.app, ctx.database);
    const ps = await pieces(MAX_UNPAID_ORDERS_PER_BUYER + 1);
    for (const [i, p] of ps.entries()) {
      await addToCart(ctx.app, me.token, p.id, 1);
      const res = await call(ctx.app, '/api/pay/', { cep: CEP }, { token: me.token });
      if (i < MAX_UNPAID_ORDERS_PER_BUYER) expect(res.statusCode, res.body).toBe(201);
      else {
        expect(res.statusCode).toBe(409);
        expect(refusal(res)).toBe(TOO_MANY_UNPAID_ORDERS);
      }
    }
  });

  it('requests that name no browser are one buyer per address (a script)', async () => {
    const ps = await pieces(MAX_UNPAID_ORDERS_PER_BUYER + 1);
    for (const p of ps.slice(0, MAX_UNPAID_ORDERS_PER_BUYER))
      expect((await guestPay([{ id: p.id, quantidade: 1 }], { browser: null })).statusCode).toBe(
        201,
      );
    const refused = await guestPay([{ id: ps.at(-1)!.id, quantidade: 1 }], { browser: null });
    expect(refusal(refused)).toBe(TOO_MANY_UNPAID_ORDERS);
    // Another address without a browser id is another such buyer; a browser is its own.
    expect(
      (await guestPay([{ id: ps.at(-1)!.id, quantidade: 1 }], { browser: null, ip: '10.0.0.7' }))
        .statusCode,
    ).toBe(201);
  });

  it(`api/pagamento refuses an e-mail or CPF with ${MAX_UNPAID_ORDERS_PER_BUYER} unpaid orders, and changes nothing`, async () => {
    const ps = await pieces(MAX_UNPAID_ORDERS_PER_BUYER + 1);
    const started = async (p: { id: number }, shippingInfo: object) => {
      const placed = (await guestPay([{ id: p.id, quantidade: 1 }])).json<{
        reference: string;
        chave: string;
        total: string;
      }>();
      const res = await call(ctx.app, '/api/pagamento/', {
        reference: placed.reference,
        chave: placed.chave,
        logged: false,
        shippingInfo,
        totais: { total: placed.total },
      });
      return { placed, res };
    };
    for (const p of ps.slice(0, MAX_UNPAID_ORDERS_PER_BUYER)) {
      const { res } = await started(p, ADDRESS);
      expect(res.statusCode, res.body).toBe(200);
    }
    const { placed, res } = await started(ps.at(-1)!, ADDRESS);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(TOO_MANY_UNPAID_ORDERS_FOR_BUYER);
    const order = await orderByReference(ctx.database, placed.reference);
    expect(order.email).toBeNull();
    expect(order.providerCheckoutId).toBeNull();
    // The same CPF under another e-mail is the same buyer.
    const sameCpf = await started(ps.at(-1)!, { ...ADDRESS, email: 'outra@exemplo.com.br' });
    expect(sameCpf.res.statusCode).toBe(409);
    const other = await started(ps.at(-1)!, {
      ...ADDRESS,
      email: 'outra@exemplo.com.br',
      cpf: makeCpf(424_242),
    });
    expect(other.res.statusCode, other.res.body).toBe(200);
  });

  it('payments started at once for one e-mail: exactly the limit start', async () => {
    const ps = await pieces(8);
    const placed: { reference: string; chave: string; total: string }[] = [];
    for (const p of ps)
      placed.push(
        (await guestPay([{ id: p.id, quantidade: 1 }])).json<{
          reference: string;
          chave: string;
          total: string;
        }>(),
      );
    const answers = await times(placed.length, (i) =>
      call(ctx.app, '/api/pagamento/', {
        reference: placed[i]!.reference,
        chave: placed[i]!.chave,
        logged: false,
        shippingInfo: ADDRESS,
        totais: { total: placed[i]!.total },
      }),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([
      ...Array<number>(MAX_UNPAID_ORDERS_PER_BUYER).fill(200),
      ...Array<number>(8 - MAX_UNPAID_ORDERS_PER_BUYER).fill(409),
    ]);
  });
});

describe('an order whose payment never starts', () => {
  it('gives its stock back after UNSTARTED_ORDER_TTL_MINUTES; a started one keeps the whole deadline', async () => {
    const [a, b] = await pieces(2);
    const unstarted = (await guestPay([{ id: a!.id, quantidade: 2 }])).json<{
      reference: string;
    }>();
    const placed = (await guestPay([{ id: b!.id, quantidade: 2 }])).json<{
      reference: string;
      chave: string;
      total: string;
    }>();
    const started = await call(ctx.app, '/api/pagamento/', {
      reference: placed.reference,
      chave: placed.chave,
      logged: false,
      shippingInfo: ADDRESS,
      totais: { total: placed.total },
    });
    expect(started.statusCode, started.body).toBe(200);
    const { sweeper, clock } = testOrderSweeper(ctx.database, testConfig());
    clock.now = new Date(Date.now() + 31 * 60_000);
    await sweeper.runOnce();
    const gone = await orderByReference(ctx.database, unstarted.reference);
    expect(gone).toMatchObject({ status: 'cancelled', cancelReason: 'expired' });
    expect(await stockOf(ctx.database, a!.id)).toBe(50);
    expect((await orderByReference(ctx.database, placed.reference)).status).toBe(
      'awaiting_payment',
    );
    expect(await stockOf(ctx.database, b!.id)).toBe(48);
  });
});

describe('a script that tries to hold the whole catalog', () => {
  it('is stopped, with or without browser ids, and leaves the catalog for sale', async () => {
    const catalog = await pieces(40, 30); // 1,200 units
    const held = async () => {
      const [row] = await ctx.database.db
        .select({ units: sql<number>`coalesce(sum(${products.stock}), 0)::int` })
        .from(products)
        .where(
          inArray(
            products.id,
            catalog.map((p) => p.id),
          ),
        );
      return catalog.length * 30 - row!.units;
    };
    // Everything at once, 99 of each: refused by the pieces' maximum.
    const greedy = await guestPay(
      catalog.map((p) => ({ id: p.id, quantidade: 99 })),
      { browser: null },
    );
    expect(greedy.statusCode).toBe(409);
    // Then piece by piece at the maximum, without a browser id: five orders.
    const refusals = new Set<string>();
    for (const p of catalog) {
      const res = await guestPay([{ id: p.id, quantidade: 10 }], { browser: null });
      if (res.statusCode !== 201) refusals.add(refusal(res));
    }
    expect(await held()).toBe(MAX_UNPAID_ORDERS_PER_BUYER * 10);
    expect([...refusals]).toEqual([TOO_MANY_UNPAID_ORDERS]);
    // Then a new browser id for every order: stopped by what its address may hold.
    refusals.clear();
    for (let round = 0; round < 3; round++)
      for (const p of catalog) {
        const res = await guestPay([{ id: p.id, quantidade: 10 }]);
        if (res.statusCode !== 201) refusals.add(refusal(res));
      }
    expect([...refusals]).toEqual([ADDRESS_HOLDS_TOO_MUCH]);
    expect(await held()).toBeLessThanOrEqual(DEFAULT_UNPAID_UNITS_PER_ADDRESS);
    // Three quarters of the catalog is still for sale, every piece with stock.
    const left = await Promise.all(catalog.map((p) => stockOf(ctx.database, p.id)));
    expect(left.every((units) => units > 0)).toBe(true);
    expect(catalog.length * 30 - (await held())).toBeGreaterThanOrEqual(900);
  });
});

describe('a crowd of honest shoppers behind one address', () => {
  it('200 browsers each buying a piece or two of a drop are all served', async () => {
    const [drop, other] = await pieces(2, 400);
    const answers = await times(200, (i) =>
      guestPay(
        i % 4 === 0
          ? [
              { id: drop!.id, quantidade: 1 },
              { id: other!.id, quantidade: 1 },
            ]
          : [{ id: drop!.id, quantidade: 1 }],
        { ip: '189.40.10.20' },
      ),
    );
    const refused = answers.filter((r) => r.statusCode !== 201).map((r) => r.body);
    expect(refused).toEqual([]);
    expect(await stockOf(ctx.database, drop!.id)).toBe(200);
    expect(await stockOf(ctx.database, other!.id)).toBe(350);
  }, 60_000); // 200 checkouts: 5-8 s on a quiet machine
});
