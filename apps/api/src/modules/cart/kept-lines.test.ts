// Her cart's lines kept between her calls (kept-lines.ts, migration 0015): a read asks the
// database once, and every change of her cart or of a piece in it is seen at once, whoever made
// it and on whichever instance.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { cartItems, products, users } from '../../db/schema.js';
import { loggedInCustomer, post } from '../../../test/accounts.js';
import { addToCart } from '../../../test/checkout.js';
import {
  testDatabaseUrl,
  useTestApp,
  countQueries,
  useOtherInstance,
} from '../../../test/helpers.js';

const ctx = useTestApp();
const onPostgres = testDatabaseUrl() !== undefined;

/** Pieces sold without sizes, in stock, in the seeded catalog. */
const PLAIN = [30, 40, 41];

interface Line {
  id: number;
  quantidade: number;
  estoque: number;
  price: string;
}

async function cartOf(token: string, app: FastifyInstance = ctx.app): Promise<Line[]> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/cart/',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ produto: Line; quantidade: number }[]>().map((l) => ({
    ...l.produto,
    quantidade: l.quantidade,
  }));
}

/** Reads her cart until `check` holds (a notification may take a moment on PostgreSQL). */
async function eventually(token: string, check: (lines: Line[]) => boolean, app?: FastifyInstance) {
  const deadline = performance.now() + 1_000;
  for (;;) {
    const lines = await cartOf(token, app);
    if (check(lines) || performance.now() > deadline) return lines;
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function shopperWith(ids: number[]) {
  const me = await loggedInCustomer(ctx.app, ctx.database);
  for (const id of ids) await addToCart(ctx.app, me.token, id, 1);
  return me;
}

describe('her cart, read again', () => {
  it('runs no query the second time', async () => {
    const me = await shopperWith([PLAIN[0]!]);
    const first = await cartOf(me.token);
    const queries = countQueries(ctx.database);
    try {
      expect(await cartOf(me.token)).toEqual(first);
      expect(queries).not.toHaveBeenCalled();
    } finally {
      queries.mockRestore();
    }
  });

  it('answers her own change at once', async () => {
    const me = await shopperWith([PLAIN[0]!]);
    await cartOf(me.token);
    await addToCart(ctx.app, me.token, PLAIN[1]!, 1);
    expect((await cartOf(me.token)).map((l) => l.id).sort()).toEqual([PLAIN[0], PLAIN[1]].sort());
  });

  it('sees a change of her cart made elsewhere (a checkout, another instance)', async () => {
    const me = await shopperWith([PLAIN[0]!, PLAIN[1]!]);
    await cartOf(me.token);
    await ctx.database.db
      .update(cartItems)
      .set({ quantidade: 2 })
      .where(and(eq(cartItems.userId, me.userId), eq(cartItems.productId, PLAIN[0]!)));
    const changed = await eventually(me.token, (l) => l[0]?.quantidade === 2);
    expect(changed.find((l) => l.id === PLAIN[0])?.quantidade).toBe(2);

    await ctx.database.db.delete(cartItems).where(eq(cartItems.userId, me.userId));
    expect(await eventually(me.token, (l) => l.length === 0)).toEqual([]);
  });

  it("sees a piece's new stock and price; another piece's change leaves it kept", async () => {
    const me = await shopperWith([PLAIN[0]!]);
    const [before] = await cartOf(me.token);

    // Another piece sells: her cart stays kept.
    await ctx.database.db
      .update(products)
      .set({ stock: sql`${products.stock} - 1` })
      .where(eq(products.id, PLAIN[2]!));
    if (!onPostgres) {
      const queries = countQueries(ctx.database);
      try {
        await cartOf(me.token);
        expect(queries).not.toHaveBeenCalled();
      } finally {
        queries.mockRestore();
      }
    }

    // Hers sells, then its price changes.
    await ctx.database.db
      .update(products)
      .set({ stock: sql`${products.stock} - 1` })
      .where(eq(products.id, PLAIN[0]!));
    const sold = await eventually(me.token, (l) => l[0]?.estoque === before!.estoque - 1);
    expect(sold[0]?.estoque).toBe(before!.estoque - 1);

    await ctx.database.db
      .update(products)
      .set({ priceCents: sql`${products.priceCents} + 100` })
      .where(eq(products.id, PLAIN[0]!));
    const repriced = await eventually(me.token, (l) => l[0]?.price !== before!.price);
    expect(Number(repriced[0]?.price)).toBeCloseTo(Number(before!.price) + 1);
  });
});

describe("her cart's CEP, remembered by her quotes", () => {
  const quote = (token: string, cep: string, app: FastifyInstance = ctx.app) =>
    post(
      app,
      '/api/calcular-frete/',
      { cep_destino: cep, valor_total: '0', quantidade_itens: 1 },
      token,
    );

  async function savedCep(userId: number): Promise<string | null> {
    const [row] = await ctx.database.db
      .select({ cep: users.cartCep })
      .from(users)
      .where(eq(users.id, userId));
    return row!.cep;
  }

  /** Quotes `cep` until a quote runs no query (within a second); whether one did. */
  async function quotesUntilQuiet(token: string, cep: string): Promise<boolean> {
    const deadline = performance.now() + 1_000;
    while (performance.now() < deadline) {
      const queries = countQueries(ctx.database);
      try {
        const again = await quote(token, cep);
        expect(again.statusCode, again.body).toBe(200);
        if (queries.mock.calls.length === 0) return true;
      } finally {
        queries.mockRestore();
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    return false;
  }

  it('a quote for the CEP already remembered runs no query (her lines and the CEP kept)', async () => {
    const me = await shopperWith([PLAIN[0]!]);
    expect((await quote(me.token, '01310100')).statusCode).toBe(200);
    expect(await savedCep(me.userId)).toBe('01310100');
    // Her own write is heard on the change feed like anyone's (her lines and CEP forgotten once);
    // from then on her quotes for that CEP run no query at all.
    expect(await quotesUntilQuiet(me.token, '01310100')).toBe(true);
    // A new CEP is written at once.
    expect((await quote(me.token, '20040020')).statusCode).toBe(200);
    expect(await savedCep(me.userId)).toBe('20040020');
  });

  it('a CEP changed elsewhere (another device, another instance) is written again by her next quote', async () => {
    const me = await shopperWith([PLAIN[0]!]);
    expect(await quotesUntilQuiet(me.token, '01310100')).toBe(true); // kept by the instance
    await ctx.database.db.update(users).set({ cartCep: '69005010' }).where(eq(users.id, me.userId));
    // The change feed tells the instance (a moment on PostgreSQL); her next quotes write hers.
    const deadline = performance.now() + 1_000;
    while ((await savedCep(me.userId)) !== '01310100' && performance.now() < deadline) {
      await quote(me.token, '01310100');
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(await savedCep(me.userId)).toBe('01310100');
  });
});

describe.skipIf(!onPostgres)('two instances on one PostgreSQL database', () => {
  const other = useOtherInstance(ctx);

  it('a piece added through one instance is in her cart on the other, which had kept it', async () => {
    const me = await shopperWith([PLAIN[0]!]);
    expect((await cartOf(me.token, other.app)).length).toBe(1);
    await addToCart(ctx.app, me.token, PLAIN[1]!, 1);
    const lines = await eventually(me.token, (l) => l.length === 2, other.app);
    expect(lines.length).toBe(2);
  });
});
