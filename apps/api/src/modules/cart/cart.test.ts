import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { centsToDecimal } from '@semijoias/domain/money';
import {
  CART_ALREADY_AT_STOCK,
  CART_ITEM_NOT_IN_CART,
  CART_OUT_OF_STOCK,
  CART_QUANTITY_INVALID,
  cartMergeKeyInvalidMessage,
  PRODUCT_ID_INVALID,
  PRODUCT_NOT_FOUND,
  TOKEN_INVALID_OR_EXPIRED,
} from '@semijoias/domain/messages';
import { cartItems, cartMergeKeys, products } from '../../db/schema.js';
import {
  apiCall,
  loggedInCustomer,
  type LoggedInCustomer,
  type Method,
} from '../../../test/accounts.js';
import { useTestApp } from '../../../test/helpers.js';
import { plainProducts } from '../../../test/checkout.js';
import { memoryMailer } from '../../integrations/mail/mailer.js';
import type { CartLineJson } from './schemas.js';

const IMAGE_BASE = 'https://cdn.loja.test/img/';
const ctx = useTestApp({ imageBaseUrl: IMAGE_BASE }, { mailer: memoryMailer() });

const shopper = () => loggedInCustomer(ctx.app, ctx.database);
type Shopper = LoggedInCustomer;

const call = (
  method: Method,
  url: string,
  token: string | undefined,
  payload?: unknown,
  headers: Record<string, string> = {},
) => apiCall(ctx.app, token, method, url, payload, headers);

function cartOf(res: LightMyRequestResponse): CartLineJson[] {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json<CartLineJson[]>();
}

/** [product id, quantidade] of each line, in the answer's order. */
const pairs = (cart: CartLineJson[]) => cart.map((l) => [l.produto.id, l.quantidade]);

const getCart = async (s: Shopper) => cartOf(await call('GET', '/api/cart/', s.token));
const add = (s: Shopper, productId: unknown) =>
  call('POST', '/api/cart/add/', s.token, { product_id: productId });
const update = (s: Shopper, productId: unknown, quantity: unknown) =>
  call('PUT', '/api/cart/update/', s.token, { productId, quantity });
const merge = (s: Shopper, produto: unknown, quantidade: unknown, key?: string) =>
  call(
    'POST',
    '/api/cart/',
    s.token,
    { produto, quantidade },
    key === undefined ? {} : { 'idempotency-key': key },
  );

async function addOk(s: Shopper, productId: number): Promise<CartLineJson[]> {
  return cartOf(await add(s, productId));
}

function expectError(res: LightMyRequestResponse, status: number, error: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ error });
  expect(res.headers['cache-control']).toBe('no-store');
}

/**
 * Each test takes its own products, so stock and price changes never leak between tests. The
 * stock is set (20 unless given): the seed's own stock may be anything, 0 included.
 */
// Seeded products sold without sizes (sized ones are bought in a size: sales/variations.test).
const nextProductWithoutSizes = plainProducts();

async function freshProduct(changes: { stock?: number; priceCents?: number } = {}) {
  const id = nextProductWithoutSizes();
  await ctx.database.db
    .update(products)
    .set({ stock: 20, ...changes })
    .where(eq(products.id, id));
  const [row] = await ctx.database.db.select().from(products).where(eq(products.id, id));
  expect(row, `product ${id} in the seed`).toBeDefined();
  return row!;
}

async function mergeKeyCount(userId: number): Promise<number> {
  const [row] = await ctx.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(cartMergeKeys)
    .where(eq(cartMergeKeys.userId, userId));
  return row!.n;
}

describe('the bearer token', () => {
  const calls: [Method, string, unknown][] = [
    ['GET', '/api/cart/', undefined],
    ['GET', '/api/cart/count/', undefined],
    ['POST', '/api/cart/add/', { product_id: 1 }],
    ['PUT', '/api/cart/update/', { productId: 1, quantity: 1 }],
    ['DELETE', '/api/cart/item/1/', undefined],
    ['POST', '/api/cart/', { produto: 1, quantidade: 1 }],
    ['DELETE', '/api/cart/clear/', undefined],
    // An anonymous caller learns nothing about its body: 401 before validation.
    ['POST', '/api/cart/add/', { product_id: 'x' }],
    ['PUT', '/api/cart/update/', {}],
    ['DELETE', '/api/cart/item/abc/', undefined],
  ];

  it.each(calls)('%s %s answers 401 without a token or with a bad one', async (m, url, body) => {
    for (const token of [undefined, 'nao.e.jwt']) {
      const res = await call(m, url, token, body);
      expect(res.statusCode, res.body).toBe(401);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({
        detail: TOKEN_INVALID_OR_EXPIRED,
        error: TOKEN_INVALID_OR_EXPIRED,
      });
    }
  });
});

describe('GET /api/cart/ and /api/cart/count/', () => {
  it('answer an empty list for a new shopper, with and without the trailing slash', async () => {
    const s = await shopper();
    for (const url of ['/api/cart/', '/api/cart', '/api/cart/count/', '/api/cart/count']) {
      expect(cartOf(await call('GET', url, s.token))).toEqual([]);
    }
  });

  it('answer the whole cart, oldest line first, in the contract shape', async () => {
    const s = await shopper();
    const a = await freshProduct();
    const b = await freshProduct();
    await addOk(s, b.id);
    await addOk(s, a.id);
    await addOk(s, b.id);
    const cart = await getCart(s);
    expect(pairs(cart)).toEqual([
      [b.id, 2],
      [a.id, 1],
    ]);
    expect(cart[0]).toEqual({
      produto: {
        id: b.id,
        name: b.name,
        price: centsToDecimal(b.priceCents),
        image: IMAGE_BASE + b.image,
        estoque: b.stock,
      },
      quantidade: 2,
      subtotal: centsToDecimal(b.priceCents * 2),
      variacao: null,
      nome_variacao: null,
    });
    expect(cart[0]!.produto.price).toMatch(/^\d+\.\d{2}$/);
    expect(cartOf(await call('GET', '/api/cart/count/', s.token))).toEqual(cart);
  });

  it('reads prices and stock from the products table at every call', async () => {
    const s = await shopper();
    const product = await freshProduct({ priceCents: 10_000, stock: 30 });
    await addOk(s, product.id);
    await addOk(s, product.id);
    await ctx.database.db
      .update(products)
      .set({ priceCents: 12_345, stock: 7 })
      .where(eq(products.id, product.id));
    // The kept cart hears the change at once on PGlite, a moment later on PostgreSQL.
    await vi.waitFor(
      async () => {
        const [line] = await getCart(s);
        expect(line!.produto).toMatchObject({ price: '123.45', estoque: 7 });
        expect(line!.subtotal).toBe('246.90');
      },
      { timeout: 2000, interval: 10 },
    );
  });
});

describe('POST /api/cart/add/', () => {
  it('creates the line with 1 and then adds 1 each time', async () => {
    const s = await shopper();
    const product = await freshProduct();
    expect(pairs(await addOk(s, product.id))).toEqual([[product.id, 1]]);
    expect(pairs(await addOk(s, product.id))).toEqual([[product.id, 2]]);
    const rows = await ctx.database.db
      .select()
      .from(cartItems)
      .where(eq(cartItems.userId, s.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.updatedAt.getTime()).toBeGreaterThanOrEqual(rows[0]!.createdAt.getTime());
  });

  it('takes the id as a digit string too, and ignores a price sent with it', async () => {
    const s = await shopper();
    const product = await freshProduct();
    const cart = cartOf(
      await call('POST', '/api/cart/add', s.token, {
        product_id: String(product.id),
        price: '0.01',
      }),
    );
    expect(cart[0]!.produto.price).toBe(centsToDecimal(product.priceCents));
  });

  it.each([0, -1, 1.5, 'abc', '1e3', '', ' 1', '-1', null, true, [1], 2_147_483_648])(
    'refuses the id %j with 400',
    async (id) => {
      const s = await shopper();
      const res = await add(s, id);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toContain(PRODUCT_ID_INVALID);
      expect(res.json().errors).toEqual({ product_id: [PRODUCT_ID_INVALID] });
    },
  );

  it('refuses a missing id or body with 400 in Portuguese', async () => {
    const s = await shopper();
    expectError(
      await call('POST', '/api/cart/add/', s.token, {}),
      400,
      `Dados inválidos: ${PRODUCT_ID_INVALID}`,
    );
    expect((await call('POST', '/api/cart/add/', s.token)).statusCode).toBe(400);
  });

  it('answers 404 for an unknown product', async () => {
    const s = await shopper();
    expectError(await add(s, 999_999), 404, PRODUCT_NOT_FOUND);
    expect(await getCart(s)).toEqual([]);
  });

  it('answers 409 for a product without stock, and at the stock', async () => {
    const s = await shopper();
    const soldOut = await freshProduct({ stock: 0 });
    expectError(await add(s, soldOut.id), 409, CART_OUT_OF_STOCK);
    const few = await freshProduct({ stock: 2 });
    await addOk(s, few.id);
    await addOk(s, few.id);
    expectError(await add(s, few.id), 409, CART_ALREADY_AT_STOCK);
    expect(pairs(await getCart(s))).toEqual([[few.id, 2]]);
  });

  it('keeps a line whose product ran out, and refuses adding to it', async () => {
    const s = await shopper();
    const product = await freshProduct();
    await addOk(s, product.id);
    await ctx.database.db.update(products).set({ stock: 0 }).where(eq(products.id, product.id));
    expectError(await add(s, product.id), 409, CART_OUT_OF_STOCK);
    expect(pairs(await getCart(s))).toEqual([[product.id, 1]]);
  });
});

describe('PUT /api/cart/update/', () => {
  it('moves the line by the delta, within 1 and the stock', async () => {
    const s = await shopper();
    const product = await freshProduct({ stock: 10 });
    await addOk(s, product.id);
    const steps: [number, number][] = [
      [3, 4],
      [-2, 2],
      [-1, 1],
      [-1, 1], // never below 1: removing is DELETE
      [-999, 1],
      [6, 7],
      [999, 10], // capped at the stock
      [1, 10],
      [-4, 6],
    ];
    for (const [delta, expected] of steps) {
      const cart = cartOf(await update(s, product.id, delta));
      expect(pairs(cart), `delta ${delta}`).toEqual([[product.id, expected]]);
      expect(cart[0]!.subtotal).toBe(centsToDecimal(product.priceCents * expected));
    }
  });

  it('takes a line above a lowered stock down to the stock, and never below 1 at stock 0', async () => {
    const s = await shopper();
    const product = await freshProduct({ stock: 10 });
    await addOk(s, product.id);
    await update(s, product.id, 7);
    await ctx.database.db.update(products).set({ stock: 3 }).where(eq(products.id, product.id));
    expect(pairs(cartOf(await update(s, product.id, -1)))).toEqual([[product.id, 3]]);
    await ctx.database.db.update(products).set({ stock: 0 }).where(eq(products.id, product.id));
    expect(pairs(cartOf(await update(s, product.id, 1)))).toEqual([[product.id, 1]]);
    expect(pairs(cartOf(await update(s, product.id, -1)))).toEqual([[product.id, 1]]);
  });

  it.each([0, 1000, -1000, 1.5, '1', null, undefined, true, Number.MAX_SAFE_INTEGER])(
    'refuses the delta %j with 400 Quantidade inválida.',
    async (delta) => {
      const s = await shopper();
      const product = await freshProduct();
      await addOk(s, product.id);
      const res = await update(s, product.id, delta);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        error: CART_QUANTITY_INVALID,
        errors: { quantity: [CART_QUANTITY_INVALID] },
      });
      expect(pairs(await getCart(s))).toEqual([[product.id, 1]]);
    },
  );

  it('refuses a bad product id with 400', async () => {
    const s = await shopper();
    for (const id of [0, 'x', 1.5, null]) {
      const res = await update(s, id, 1);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toContain(PRODUCT_ID_INVALID);
    }
  });

  it('answers 404 for a product not in the cart (or not at all)', async () => {
    const s = await shopper();
    const product = await freshProduct();
    expectError(await update(s, product.id, 1), 404, CART_ITEM_NOT_IN_CART);
    expectError(await update(s, 999_999, 1), 404, CART_ITEM_NOT_IN_CART);
    expect(await getCart(s)).toEqual([]);
  });
});

describe('DELETE /api/cart/item/{id}/', () => {
  it('removes the line and answers the rest; an absent line is a no-op', async () => {
    const s = await shopper();
    const a = await freshProduct();
    const b = await freshProduct();
    await addOk(s, a.id);
    await addOk(s, b.id);
    expect(pairs(cartOf(await call('DELETE', `/api/cart/item/${a.id}/`, s.token)))).toEqual([
      [b.id, 1],
    ]);
    expect(pairs(cartOf(await call('DELETE', `/api/cart/item/${a.id}`, s.token)))).toEqual([
      [b.id, 1],
    ]);
    expect(pairs(cartOf(await call('DELETE', '/api/cart/item/999999/', s.token)))).toEqual([
      [b.id, 1],
    ]);
  });

  it.each(['abc', '0', '-1', '1.5', '1e3', '99999999999'])(
    'refuses the id %s with 400',
    async (id) => {
      const s = await shopper();
      const res = await call('DELETE', `/api/cart/item/${id}/`, s.token);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatch(/^Parâmetros inválidos: /);
    },
  );
});

describe('DELETE /api/cart/clear/', () => {
  it('empties the cart and answers []', async () => {
    const s = await shopper();
    await addOk(s, (await freshProduct()).id);
    await addOk(s, (await freshProduct()).id);
    expect(cartOf(await call('DELETE', '/api/cart/clear/', s.token))).toEqual([]);
    expect(await getCart(s)).toEqual([]);
    expect(cartOf(await call('DELETE', '/api/cart/clear', s.token))).toEqual([]);
  });
});

describe('POST /api/cart/ (guest-cart merge)', () => {
  it('adds the quantity to a new or an existing line; without a key every call adds', async () => {
    const s = await shopper();
    const a = await freshProduct({ stock: 50 });
    const b = await freshProduct({ stock: 50 });
    await addOk(s, a.id);
    expect(pairs(cartOf(await merge(s, a.id, 3)))).toEqual([[a.id, 4]]);
    expect(pairs(cartOf(await merge(s, b.id, 2)))).toEqual([
      [a.id, 4],
      [b.id, 2],
    ]);
    expect(pairs(cartOf(await merge(s, String(b.id), 2)))).toEqual([
      [a.id, 4],
      [b.id, 4],
    ]);
    expect(await mergeKeyCount(s.userId)).toBe(0);
  });

  it('adds once per Idempotency-Key, and again for another key', async () => {
    const s = await shopper();
    const product = await freshProduct({ stock: 50 });
    const key = `merge-1:${product.id}`;
    expect(pairs(cartOf(await merge(s, product.id, 2, key)))).toEqual([[product.id, 2]]);
    expect(pairs(cartOf(await merge(s, product.id, 2, key)))).toEqual([[product.id, 2]]);
    expect(pairs(cartOf(await merge(s, product.id, 2, `merge-2:${product.id}`)))).toEqual([
      [product.id, 4],
    ]);
    expect(await mergeKeyCount(s.userId)).toBe(2);
  });

  it('keeps keys per shopper: the same key from another shopper still adds', async () => {
    const ana = await shopper();
    const bia = await shopper();
    const product = await freshProduct({ stock: 50 });
    await merge(ana, product.id, 1, 'same-key');
    expect(pairs(cartOf(await merge(bia, product.id, 3, 'same-key')))).toEqual([[product.id, 3]]);
    expect(pairs(await getCart(ana))).toEqual([[product.id, 1]]);
  });

  it('caps the line at the stock', async () => {
    const s = await shopper();
    const product = await freshProduct({ stock: 5 });
    expect(pairs(cartOf(await merge(s, product.id, 8)))).toEqual([[product.id, 5]]);
    expect(pairs(cartOf(await merge(s, product.id, 1, 'k')))).toEqual([[product.id, 5]]);
    const other = await freshProduct({ stock: 5 });
    await addOk(s, other.id);
    await addOk(s, other.id);
    expect(pairs(cartOf(await merge(s, other.id, 4)))).toEqual([
      [product.id, 5],
      [other.id, 5],
    ]);
  });

  it('answers the cart unchanged for a product without stock (not an error)', async () => {
    const s = await shopper();
    const kept = await freshProduct();
    await addOk(s, kept.id);
    const soldOut = await freshProduct({ stock: 0 });
    expect(pairs(cartOf(await merge(s, soldOut.id, 2, 'k-sold-out')))).toEqual([[kept.id, 1]]);
    // A line already in the cart keeps its quantity when its product ran out.
    await ctx.database.db.update(products).set({ stock: 0 }).where(eq(products.id, kept.id));
    expect(pairs(cartOf(await merge(s, kept.id, 2)))).toEqual([[kept.id, 1]]);
  });

  it('answers 404 for an unknown product and keeps no key', async () => {
    const s = await shopper();
    expectError(await merge(s, 999_999, 1, 'k-unknown'), 404, PRODUCT_NOT_FOUND);
    expectError(await merge(s, 999_999, 1), 404, PRODUCT_NOT_FOUND);
    expect(await mergeKeyCount(s.userId)).toBe(0);
  });

  it.each([0, -1, 1000, 2.5, '2', null, undefined])(
    'refuses the quantidade %j with 400',
    async (quantidade) => {
      const s = await shopper();
      const res = await merge(s, (await freshProduct()).id, quantidade, 'k-bad');
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        error: CART_QUANTITY_INVALID,
        errors: { quantidade: [CART_QUANTITY_INVALID] },
      });
      expect(await getCart(s)).toEqual([]);
      expect(await mergeKeyCount(s.userId)).toBe(0);
    },
  );

  it('refuses a bad product id with 400', async () => {
    const s = await shopper();
    for (const id of [0, 'abc', 1.5, null, undefined]) {
      const res = await merge(s, id, 1);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toContain(PRODUCT_ID_INVALID);
    }
  });

  it('takes a key of up to 200 characters and refuses a longer or empty one', async () => {
    const s = await shopper();
    const product = await freshProduct({ stock: 50 });
    expect(pairs(cartOf(await merge(s, product.id, 1, 'k'.repeat(200))))).toEqual([
      [product.id, 1],
    ]);
    for (const key of ['k'.repeat(201), '']) {
      const res = await merge(s, product.id, 1, key);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toContain(cartMergeKeyInvalidMessage(200));
    }
    expect(pairs(await getCart(s))).toEqual([[product.id, 1]]);
  });
});

describe('one shopper cannot see or change another one’s cart', () => {
  it('acts on the token owner’s rows only', async () => {
    const ana = await shopper();
    const bia = await shopper();
    const product = await freshProduct({ stock: 50 });
    await addOk(ana, product.id);
    await update(ana, product.id, 2);
    const anaCart = await getCart(ana);
    expect(pairs(anaCart)).toEqual([[product.id, 3]]);

    expect(await getCart(bia)).toEqual([]);
    expect(cartOf(await call('GET', '/api/cart/count/', bia.token))).toEqual([]);
    expectError(await update(bia, product.id, 5), 404, CART_ITEM_NOT_IN_CART);
    expect(cartOf(await call('DELETE', `/api/cart/item/${product.id}/`, bia.token))).toEqual([]);
    expect(cartOf(await call('DELETE', '/api/cart/clear/', bia.token))).toEqual([]);
    // A user id in the body is not read.
    await call('POST', '/api/cart/add/', bia.token, {
      product_id: product.id,
      user_id: ana.userId,
    });
    expect(pairs(await getCart(bia))).toEqual([[product.id, 1]]);

    expect(await getCart(ana)).toEqual(anaCart);
    const [row] = await ctx.database.db
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.userId, ana.userId), eq(cartItems.productId, product.id)));
    expect(row!.quantidade).toBe(3);
  });
});
