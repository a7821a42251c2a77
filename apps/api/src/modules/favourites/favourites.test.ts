/**
 * The favourites calls (docs/favourites-contract.md): the bearer, each status, the order, the
 * catalog's shape, hidden products and one customer's list never showing in another's.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FAVOURITE_PRODUCT_ID_INVALID } from '@semijoias/domain/favourites';
import { PRODUCT_NOT_FOUND } from '@semijoias/domain/messages';
import { favourites, products } from '../../db/schema.js';
import { apiCall, loggedInCustomer, type Method } from '../../../test/accounts.js';
import { useTestApp } from '../../../test/helpers.js';
import { memoryMailer } from '../../integrations/mail/mailer.js';
import type { ProductJson } from '../catalog/schemas.js';

const ctx = useTestApp({}, { mailer: memoryMailer() });

const send = (method: Method, url: string, token?: string, payload?: unknown) =>
  apiCall(ctx.app, token, method, url, payload);

const add = (token: string, produto_id: unknown) =>
  send('POST', '/api/favoritos/', token, { produto_id });

async function listIds(token: string): Promise<number[]> {
  const res = await send('GET', '/api/favoritos/', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProductJson[]>().map((p) => p.id);
}

async function rowsOf(userId: number): Promise<number> {
  const [row] = await ctx.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(favourites)
    .where(eq(favourites.userId, userId));
  return row!.n;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('favourites: the bearer', () => {
  it('answers 401 to every call without a token or with a bad one', async () => {
    for (const token of [undefined, 'not-a-token']) {
      expect((await send('GET', '/api/favoritos/', token)).statusCode).toBe(401);
      expect((await add(token as string, 1)).statusCode).toBe(401);
      expect((await send('DELETE', '/api/favoritos/1/', token)).statusCode).toBe(401);
    }
  });
});

describe('favourites: adding, listing, removing', () => {
  it('starts empty, adds with 201, again with 200 and still one row', async () => {
    const { token, userId } = await loggedInCustomer(ctx.app, ctx.database);
    expect(await listIds(token)).toEqual([]);
    const first = await add(token, 3);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ success: true, produto_id: 3 });
    expect(first.headers['cache-control']).toBe('no-store');
    const again = await add(token, '3'); // a device list may keep the id as text
    expect(again.statusCode, again.body).toBe(200);
    expect(await rowsOf(userId)).toBe(1);
    expect(await listIds(token)).toEqual([3]);
  });

  it('lists the newest first', async () => {
    const { token } = await loggedInCustomer(ctx.app, ctx.database);
    for (const id of [5, 2, 9]) {
      expect((await add(token, id)).statusCode).toBe(201);
      await pause(5);
    }
    expect(await listIds(token)).toEqual([9, 2, 5]);
    // Adding one already there does not move it.
    expect((await add(token, 5)).statusCode).toBe(200);
    expect(await listIds(token)).toEqual([9, 2, 5]);
  });

  it("answers each product exactly as the catalog's list does", async () => {
    const { token } = await loggedInCustomer(ctx.app, ctx.database);
    const catalog = (await send('GET', '/api/listar_produtos/')).json<ProductJson[]>();
    // One with compositions ('Complete o Look') and one sold by size, when the seed has them.
    const withLook = catalog.find((p) => p.composicoes.length > 0)!;
    const sized = catalog.find((p) => p.tem_variacoes && p.id !== withLook.id)!;
    expect(withLook).toBeDefined();
    expect(sized).toBeDefined();
    await add(token, withLook.id);
    await pause(5);
    await add(token, sized.id);
    const res = await send('GET', '/api/favoritos/', token);
    expect(res.json()).toEqual([sized, withLook]);
  });

  it('removes with 204, and again with 204', async () => {
    const { token, userId } = await loggedInCustomer(ctx.app, ctx.database);
    await add(token, 4);
    await add(token, 6);
    const gone = await send('DELETE', '/api/favoritos/4/', token);
    expect(gone.statusCode, gone.body).toBe(204);
    expect(gone.body).toBe('');
    expect((await send('DELETE', '/api/favoritos/4', token)).statusCode).toBe(204);
    expect((await send('DELETE', '/api/favoritos/77777/', token)).statusCode).toBe(204);
    expect(await listIds(token)).toEqual([6]);
    expect(await rowsOf(userId)).toBe(1);
  });

  it("keeps each customer's list her own", async () => {
    const ana = await loggedInCustomer(ctx.app, ctx.database);
    const bia = await loggedInCustomer(ctx.app, ctx.database);
    await add(ana.token, 7);
    await add(bia.token, 8);
    // Bia removing Ana's piece touches only her own list.
    expect((await send('DELETE', '/api/favoritos/7/', bia.token)).statusCode).toBe(204);
    expect(await listIds(ana.token)).toEqual([7]);
    expect(await listIds(bia.token)).toEqual([8]);
  });
});

describe('favourites: refusals', () => {
  it('answers 400 with a clear message for a bad id, writing nothing', async () => {
    const { token, userId } = await loggedInCustomer(ctx.app, ctx.database);
    for (const bad of [0, -1, 1.5, '1e3', 'abc', '', null, true, 2_147_483_648, { id: 1 }]) {
      const res = await add(token, bad);
      expect(res.statusCode, `${JSON.stringify(bad)}: ${res.body}`).toBe(400);
      expect(res.json().error).toContain(FAVOURITE_PRODUCT_ID_INVALID);
      expect(res.json().errors).toEqual({ produto_id: [FAVOURITE_PRODUCT_ID_INVALID] });
    }
    const missing = await send('POST', '/api/favoritos/', token, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toContain(FAVOURITE_PRODUCT_ID_INVALID);
    const notJson = await send('POST', '/api/favoritos/', token, [3]);
    expect(notJson.statusCode).toBe(400);
    for (const path of ['abc', '0', '1.5', '-2']) {
      const res = await send('DELETE', `/api/favoritos/${path}/`, token);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().error).toContain(FAVOURITE_PRODUCT_ID_INVALID);
    }
    expect(await rowsOf(userId)).toBe(0);
  });

  it('answers 404 for an unknown product', async () => {
    const { token, userId } = await loggedInCustomer(ctx.app, ctx.database);
    const res = await add(token, 999_999);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: PRODUCT_NOT_FOUND });
    expect(await rowsOf(userId)).toBe(0);
  });

  it('answers 404 for a hidden product, and leaves a hidden favourite out of the list', async () => {
    const { token, userId } = await loggedInCustomer(ctx.app, ctx.database);
    const hide = (id: number, hidden: boolean) =>
      ctx.database.db
        .update(products)
        .set({ hiddenAt: hidden ? sql`now()` : null })
        .where(eq(products.id, id));
    await add(token, 10);
    await pause(5);
    await add(token, 11);
    await hide(10, true);
    await hide(12, true);
    try {
      const res = await add(token, 12);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: PRODUCT_NOT_FOUND });
      // Her favourite stays hers (the row is kept): it shows again when the owners show it.
      expect(await listIds(token)).toEqual([11]);
      expect(await rowsOf(userId)).toBe(2);
      const rows = await ctx.database.db
        .select()
        .from(favourites)
        .where(and(eq(favourites.userId, userId), eq(favourites.productId, 12)));
      expect(rows).toEqual([]);
    } finally {
      await hide(10, false);
      await hide(12, false);
    }
    expect(await listIds(token)).toEqual([11, 10]);
  });
});
