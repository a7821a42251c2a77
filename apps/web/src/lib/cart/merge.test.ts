import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storeTokens } from '@/lib/session';
import {
  accessToken,
  installFakeApi,
  type ApiCall,
  type FakeAnswer,
  type FakeApi,
} from '@test/fake-api';
import { providers, testQueryClient } from '@test/providers';
import { addToGuestCart, readGuestCart } from './guest-cart';
import { mergeGuestCart, useGuestCartMerge } from './merge';
import { SERVER_CART_KEY, type ServerCart } from './server-cart';

const ring = { id: 3, name: 'Anel Solitário', price: '89.90', image: null, estoque: 5 };
const necklace = { id: 9, name: 'Colar Elo', price: '149.00', image: null };

/** The server cart after a line arrived (docs/cart-contract.md: every call answers the cart). */
function serverCart(...lines: [id: number, quantidade: number][]): ServerCart {
  return lines.map(([id, quantidade]) => ({
    produto: { id, name: `Produto ${id}`, price: '10.00', image: null, estoque: 10 },
    quantidade,
    subtotal: `${quantidade * 10}.00`,
  }));
}

const TOKEN = accessToken();
/** POST /api/cart/ as the server does it: the line gains `quantidade`, the whole cart answers. */
function addingServer(): (call: ApiCall) => FakeAnswer {
  const cart = new Map<number, number>();
  return (call) => {
    const { produto, quantidade } = call.body as { produto: number; quantidade: number };
    cart.set(produto, (cart.get(produto) ?? 0) + quantidade);
    return { body: serverCart(...cart) };
  };
}

let api: FakeApi;

beforeEach(() => {
  window.localStorage.clear();
  api = installFakeApi({
    'GET /api/cart/': { body: serverCart([3, 2], [9, 1]) },
  });
  // Two units of the ring and one necklace, added as a guest.
  addToGuestCart(ring);
  addToGuestCart(ring);
  addToGuestCart(necklace);
});

afterEach(() => {
  expect(api.unhandled).toEqual([]);
});

describe('merging the guest cart at login', () => {
  it('does nothing without a session', async () => {
    await mergeGuestCart(testQueryClient());
    expect(api.calls).toEqual([]);
    expect(readGuestCart()).toHaveLength(2);
  });

  it('sends each line once with its quantity, then empties the guest cart', async () => {
    storeTokens(TOKEN, 'refresh');
    api.on('POST /api/cart/', addingServer());
    const queryClient = testQueryClient();

    await mergeGuestCart(queryClient);

    const posts = api.callsTo('POST /api/cart/');
    expect(posts.map((c) => c.body)).toEqual([
      { produto: 3, quantidade: 2 },
      { produto: 9, quantidade: 1 },
    ]);
    const keys = posts.map((c) => c.headers['Idempotency-Key'] ?? '');
    const mergeId = keys[0]?.split(':')[0];
    expect(keys).toEqual([`${mergeId}:3`, `${mergeId}:9`]);
    expect(posts[0]?.headers.Authorization).toBe(`Bearer ${TOKEN}`);

    expect(readGuestCart()).toEqual([]);
    expect(window.localStorage.getItem('cart-merge-id')).toBeNull();
    expect(queryClient.getQueryData(SERVER_CART_KEY)).toEqual(serverCart([3, 2], [9, 1]));
  });

  it('keeps the guest cart after a failure and retries with the same keys, so nothing doubles', async () => {
    storeTokens(TOKEN, 'refresh');
    const server = addingServer();
    let calls = 0;
    api.on('POST /api/cart/', (call) => (++calls === 2 ? 'no-response' : server(call)));

    await mergeGuestCart(testQueryClient());
    expect(readGuestCart()).toHaveLength(2);
    expect(window.localStorage.getItem('cart-merge-id')).not.toBeNull();

    await mergeGuestCart(testQueryClient());
    expect(readGuestCart()).toEqual([]);
    const keys = api.callsTo('POST /api/cart/').map((c) => c.headers['Idempotency-Key']);
    expect(keys).toHaveLength(4);
    expect(keys.slice(2)).toEqual(keys.slice(0, 2));
  });

  it('drops a product that no longer exists and merges the rest', async () => {
    storeTokens(TOKEN, 'refresh');
    api.on('POST /api/cart/', (call) =>
      (call.body as { produto: number }).produto === 3
        ? { status: 404, body: { error: 'Produto não encontrado.' } }
        : { body: serverCart([9, 1]) },
    );

    await mergeGuestCart(testQueryClient());
    expect(api.callsTo('POST /api/cart/')).toHaveLength(2);
    expect(readGuestCart()).toEqual([]);
  });

  it('runs once when asked twice at the same time', async () => {
    storeTokens(TOKEN, 'refresh');
    api.on('POST /api/cart/', addingServer());
    const queryClient = testQueryClient();
    await Promise.all([mergeGuestCart(queryClient), mergeGuestCart(queryClient)]);
    expect(api.callsTo('POST /api/cart/')).toHaveLength(2);
  });

  it('starts by itself when she logs in', async () => {
    api.on('POST /api/cart/', addingServer());
    renderHook(() => useGuestCartMerge(), { wrapper: providers() });
    expect(api.calls).toEqual([]);

    storeTokens(TOKEN, 'refresh');
    await waitFor(() => expect(readGuestCart()).toEqual([]));
    expect(api.callsTo('POST /api/cart/')).toHaveLength(2);
  });
});
