/**
 * The cart of a piece sold by size: a line is a product and its size, in the guest cart,
 * in the server calls (docs/variations-contract.md) and in the merge at login (api/pay's lines:
 * features/checkout/variations.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storeTokens } from '@/lib/session';
import { accessToken, installFakeApi, type ApiCall, type FakeApi } from '@test/fake-api';
import { testQueryClient } from '@test/providers';
import {
  addToGuestCart,
  changeGuestQuantity,
  readGuestCart,
  removeFromGuestCart,
  type GuestProduct,
} from './guest-cart';
import { mergeGuestCart, mergeKey } from './merge';
import {
  addToServerCart,
  removeFromServerCart,
  updateServerCart,
  type ServerCart,
} from './server-cart';

const ring = { id: 3, name: 'Anel Solitário', price: '89.90', image: null };
const size16: GuestProduct = {
  ...ring,
  estoque: 2,
  variacao: { id: 41, nome: '16' },
  nome_variacao: 'Aro',
};
const size18: GuestProduct = {
  ...ring,
  estoque: 5,
  variacao: { id: 43, nome: '18' },
  nome_variacao: 'Aro',
};
const earrings: GuestProduct = { id: 7, name: 'Brinco Gota', price: '59.90', image: null };

let api: FakeApi;

beforeEach(() => {
  window.localStorage.clear();
  api = installFakeApi();
});

afterEach(() => {
  expect(api.unhandled).toEqual([]);
});

describe("a guest's cart with sizes", () => {
  it('keeps two sizes of one ring apart, each with its own stock', () => {
    addToGuestCart(size16);
    addToGuestCart(size18);
    addToGuestCart(size16);
    expect(addToGuestCart(size16)).toBe(false); // Aro 16 has 2 in stock.
    expect(readGuestCart()).toEqual([
      {
        ...ring,
        quantidade: 2,
        estoque: 2,
        variacao: { id: 41, nome: '16' },
        nome_variacao: 'Aro',
      },
      {
        ...ring,
        quantidade: 1,
        estoque: 5,
        variacao: { id: 43, nome: '18' },
        nome_variacao: 'Aro',
      },
    ]);
  });

  it('changes and removes one size, leaving the other', () => {
    addToGuestCart(size16);
    addToGuestCart(size18);
    changeGuestQuantity('3', 3, 43);
    expect(readGuestCart().map((i) => i.quantidade)).toEqual([1, 4]);
    removeFromGuestCart('3', 41);
    expect(readGuestCart()).toEqual([
      expect.objectContaining({ variacao: { id: 43, nome: '18' } }),
    ]);
    // Without a size named, a size's line is not the product's line.
    removeFromGuestCart('3');
    expect(readGuestCart()).toHaveLength(1);
  });

  it('reads a cart saved before sizes existed, and drops a line with a broken size', () => {
    window.localStorage.setItem(
      'cart',
      JSON.stringify([
        { id: 7, name: 'Brinco Gota', price: '59.90', image: null, quantidade: 2 },
        { ...ring, quantidade: 1, variacao: { id: 'x' } },
      ]),
    );
    expect(readGuestCart()).toEqual([
      { id: 7, name: 'Brinco Gota', price: '59.90', image: null, quantidade: 2 },
    ]);
    changeGuestQuantity('7', 1);
    expect(readGuestCart()[0]?.quantidade).toBe(3);
    removeFromGuestCart('7');
    expect(readGuestCart()).toEqual([]);
  });
});

describe('the server cart calls name the size', () => {
  it('sends variacao_id when adding and changing, ?variacao= when removing', async () => {
    api.on('POST /api/cart/add/', { body: [] });
    api.on('PUT /api/cart/update/', { body: [] });
    api.on('DELETE /api/cart/item/3/', { body: [] });
    await addToServerCart(3, 41);
    await updateServerCart(3, -1, 41);
    await removeFromServerCart(3, 41);
    await addToServerCart(7);
    await removeFromServerCart(3);
    expect(api.callsTo('POST /api/cart/add/').map((c) => c.body)).toEqual([
      { product_id: 3, variacao_id: 41 },
      { product_id: 7 },
    ]);
    expect(api.callsTo('PUT /api/cart/update/')[0]?.body).toEqual({
      productId: 3,
      quantity: -1,
      variacao_id: 41,
    });
    const deletes = api.callsTo('DELETE /api/cart/item/3/');
    expect(deletes.map((c) => c.query.get('variacao'))).toEqual(['41', null]);
  });
});

describe('the merge at login with sizes', () => {
  it('sends each size as its own line, keyed by product and size', async () => {
    addToGuestCart(size16);
    addToGuestCart(size16);
    addToGuestCart(size18);
    addToGuestCart(earrings);
    storeTokens(accessToken(), 'refresh');
    const cart: ServerCart = [];
    api.on('POST /api/cart/', () => ({ body: cart }));

    await mergeGuestCart(testQueryClient());

    const posts = api.callsTo('POST /api/cart/');
    expect(posts.map((c: ApiCall) => c.body)).toEqual([
      { produto: 3, quantidade: 2, variacao_id: 41 },
      { produto: 3, quantidade: 1, variacao_id: 43 },
      { produto: 7, quantidade: 1 },
    ]);
    const keys = posts.map((c) => c.headers['Idempotency-Key'] ?? '');
    const id = keys[0]?.split(':')[0] ?? '';
    expect(id).not.toBe('');
    expect(keys).toEqual([`${id}:3:41`, `${id}:3:43`, `${id}:7`]);
    expect(readGuestCart()).toEqual([]);
  });

  it('keys a line without a size as before (a merge begun by an older page finds its keys)', () => {
    expect(mergeKey('m', 7, null)).toBe('m:7');
    expect(mergeKey('m', 3, 41)).toBe('m:3:41');
  });
});
