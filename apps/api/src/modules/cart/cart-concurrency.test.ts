/**
 * Concurrent cart calls never lose an update: each change is one atomic statement on the row.
 * On PGlite the calls interleave on one connection; with TEST_DATABASE_URL they run on several
 * PostgreSQL connections at once, which is the case that matters.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CART_ALREADY_AT_STOCK } from '@semijoias/domain/messages';
import { products } from '../../db/schema.js';
import { apiCall, login, verifiedUser, type Method } from '../../../test/accounts.js';
import { useTestApp } from '../../../test/helpers.js';
import { times } from '../../../test/racing.js';
import { plainProducts } from '../../../test/checkout.js';
import { memoryMailer } from '../../integrations/mail/mailer.js';
import type { CartLineJson } from './schemas.js';

const ctx = useTestApp({}, { mailer: memoryMailer() });
const N = 20;

async function shopperToken(): Promise<string> {
  const user = await verifiedUser(ctx.app, ctx.database);
  return (await login(ctx.app, user.email)).access;
}

// Seeded products sold without sizes (a sized one's stock is its sizes' sum).
const nextPlainProduct = plainProducts();

async function productWithStock(stock: number): Promise<number> {
  const id = nextPlainProduct();
  const [row] = await ctx.database.db
    .update(products)
    .set({ stock })
    .where(eq(products.id, id))
    .returning({ id: products.id });
  expect(row).toBeDefined();
  return id;
}

const send = (
  token: string,
  method: Method,
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) => apiCall(ctx.app, token, method, url, payload, headers);

async function quantityOf(token: string, productId: number): Promise<number | undefined> {
  const res = await send(token, 'GET', '/api/cart/');
  expect(res.statusCode).toBe(200);
  return res.json<CartLineJson[]>().find((l) => l.produto.id === productId)?.quantidade;
}

describe('concurrent cart calls', () => {
  it(`${N} concurrent +1 deltas on one line all count`, async () => {
    const token = await shopperToken();
    const id = await productWithStock(100);
    expect((await send(token, 'POST', '/api/cart/add/', { product_id: id })).statusCode).toBe(200);
    const answers = await times(N, () =>
      send(token, 'PUT', '/api/cart/update/', { productId: id, quantity: 1 }),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(N).fill(200));
    expect(await quantityOf(token, id)).toBe(1 + N);
  });

  it('concurrent +1 and -1 deltas cancel out', async () => {
    const token = await shopperToken();
    const id = await productWithStock(100);
    await send(token, 'POST', '/api/cart/', { produto: id, quantidade: 11 });
    const answers = await times(N, (i) =>
      send(token, 'PUT', '/api/cart/update/', { productId: id, quantity: i % 2 ? 1 : -1 }),
    );
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(await quantityOf(token, id)).toBe(11);
  });

  it(`${N} concurrent adds of a new product make one line of ${N}`, async () => {
    const token = await shopperToken();
    const id = await productWithStock(100);
    const answers = await times(N, () => send(token, 'POST', '/api/cart/add/', { product_id: id }));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(N).fill(200));
    expect(await quantityOf(token, id)).toBe(N);
  });

  it('concurrent adds stop exactly at the stock', async () => {
    const token = await shopperToken();
    const id = await productWithStock(5);
    const answers = await times(N, () => send(token, 'POST', '/api/cart/add/', { product_id: id }));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(5);
    const refused = answers.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(N - 5);
    for (const r of refused) expect(r.json()).toEqual({ error: CART_ALREADY_AT_STOCK });
    expect(await quantityOf(token, id)).toBe(5);
  });

  it('concurrent merges with one Idempotency-Key add once; with distinct keys, each adds', async () => {
    const token = await shopperToken();
    const once = await productWithStock(100);
    const same = await times(N, () =>
      send(
        token,
        'POST',
        '/api/cart/',
        { produto: once, quantidade: 2 },
        { 'idempotency-key': 'm:1' },
      ),
    );
    expect(same.map((r) => r.statusCode)).toEqual(Array(N).fill(200));
    expect(await quantityOf(token, once)).toBe(2);

    const each = await productWithStock(100);
    const distinct = await times(N, (i) =>
      send(
        token,
        'POST',
        '/api/cart/',
        { produto: each, quantidade: 1 },
        { 'idempotency-key': `m${i}` },
      ),
    );
    expect(distinct.map((r) => r.statusCode)).toEqual(Array(N).fill(200));
    expect(await quantityOf(token, each)).toBe(N);
  });

  it('two shoppers adding the same product at once keep separate lines', async () => {
    const [ana, bia] = await Promise.all([shopperToken(), shopperToken()]);
    const id = await productWithStock(100);
    await times(N, (i) => send(i % 2 ? ana : bia, 'POST', '/api/cart/add/', { product_id: id }));
    expect(await quantityOf(ana, id)).toBe(N / 2);
    expect(await quantityOf(bia, id)).toBe(N / 2);
  });
});
