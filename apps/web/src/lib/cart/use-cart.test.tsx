import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storeTokens } from '@/lib/session';
import { accessToken, installFakeApi, type FakeApi } from '@test/fake-api';
import { providers } from '@test/providers';
import { addToGuestCart, readGuestCart } from './guest-cart';
import { maxPerCustomerOf, rememberMaxPerCustomer } from './purchase-limits';
import type { ServerCart } from './server-cart';
import { useAddToCart, useCart, useCartCount, useIsAdding } from './use-cart';

const ring = { id: 3, name: 'Anel Solitário', price: '89.90', image: null, estoque: 2 };
const earring = { id: 7, name: 'Brinco Gota', price: '59.90', image: '/media/brinco.webp' };

/** GET /api/cart/ (docs/cart-contract.md): two rings and one earring. */
const SERVER_CART: ServerCart = [
  {
    produto: { id: 3, name: 'Anel Solitário', price: '89.90', image: null, estoque: 12 },
    quantidade: 2,
    subtotal: '179.80',
  },
  {
    produto: { id: 7, name: 'Brinco Gota', price: '59.90', image: null, estoque: 1 },
    quantidade: 1,
    subtotal: '59.90',
  },
];

let api: FakeApi;

beforeEach(() => {
  window.localStorage.clear();
  api = installFakeApi();
});

afterEach(() => {
  expect(api.unhandled).toEqual([]);
});

function renderCart() {
  return renderHook(() => ({ cart: useCart(), count: useCartCount(), add: useAddToCart() }), {
    wrapper: providers(),
  });
}

describe("a guest's cart", () => {
  it('shows the lines kept on the device, in centavos, with subtotal, units and badge', () => {
    addToGuestCart(ring);
    addToGuestCart(ring);
    addToGuestCart(earring);
    const { result } = renderCart();
    expect(result.current.cart).toMatchObject({
      loggedIn: false,
      isLoading: false,
      subtotalCents: 23970,
      itemCount: 3,
    });
    expect(result.current.cart.lines).toEqual([
      {
        productId: 3,
        name: 'Anel Solitário',
        priceCents: 8990,
        quantidade: 2,
        image: null,
        estoque: 2,
      },
      {
        productId: 7,
        name: 'Brinco Gota',
        priceCents: 5990,
        quantidade: 1,
        image: '/media/brinco.webp',
        estoque: undefined,
      },
    ]);
    // The badge counts products, not units.
    expect(result.current.count).toBe(2);
    expect(api.calls).toEqual([]);
  });

  it('follows a change made in another tab', () => {
    const { result } = renderCart();
    expect(result.current.count).toBe(0);
    act(() => {
      window.localStorage.setItem(
        'cart',
        JSON.stringify([{ id: 9, name: 'Colar Elo', price: '149.00', image: null, quantidade: 1 }]),
      );
      window.dispatchEvent(new StorageEvent('storage', { key: 'cart' }));
    });
    expect(result.current.cart.subtotalCents).toBe(14900);
    expect(result.current.count).toBe(1);
  });

  it('counts two sizes of one ring as one product on the badge (SPEC §2), two lines in the drawer', () => {
    const { result } = renderCart();
    act(() => {
      window.localStorage.setItem(
        'cart',
        JSON.stringify([
          {
            id: 7,
            name: 'Anel Halo',
            price: '169.90',
            image: null,
            quantidade: 1,
            variacao: { id: 41, nome: '16' },
            nome_variacao: 'Aro',
          },
          {
            id: 7,
            name: 'Anel Halo',
            price: '169.90',
            image: null,
            quantidade: 1,
            variacao: { id: 42, nome: '17' },
            nome_variacao: 'Aro',
          },
        ]),
      );
      window.dispatchEvent(new StorageEvent('storage', { key: 'cart' }));
    });
    expect(result.current.cart.lines).toHaveLength(2);
    expect(result.current.count).toBe(1);
  });

  it('adds to the device and refuses beyond the stock', async () => {
    const { result } = renderCart();
    let answer: unknown;
    await act(async () => {
      answer = await result.current.add(ring);
    });
    expect(answer).toEqual({ ok: true });
    await act(async () => {
      answer = await result.current.add(ring);
    });
    await act(async () => {
      answer = await result.current.add(ring);
    });
    expect(answer).toEqual({
      ok: false,
      message: 'Você já tem no carrinho todas as unidades disponíveis deste produto.',
    });
    expect(result.current.cart.lines[0]?.quantidade).toBe(2);
    expect(api.calls).toEqual([]);
  });
});

describe("a piece's 'máximo por cliente'", () => {
  const bigRing = { ...ring, estoque: 20 };

  it('stops adding at the maximum the product page read, sizes together, in its words', async () => {
    const { result } = renderCart();
    const sized = (id: number, nome: string) => ({ ...bigRing, variacao: { id, nome } });
    let answer: unknown;
    await act(async () => {
      answer = await result.current.add(sized(41, '12'), { maxPerCustomer: 2 });
    });
    expect(answer).toEqual({ ok: true });
    await act(async () => {
      answer = await result.current.add(sized(43, '14'), { maxPerCustomer: 2 });
    });
    expect(answer).toEqual({ ok: true });
    // A third unit, of either size, would pass it.
    await act(async () => {
      answer = await result.current.add(sized(41, '12'), { maxPerCustomer: 2 });
    });
    expect(answer).toEqual({ ok: false, message: 'Limite de 2 unidades por cliente.' });
    expect(readGuestCart().map((i) => i.quantidade)).toEqual([1, 1]);
    // Kept for the cart and for a card's button, which do not know it.
    expect(maxPerCustomerOf(3)).toBe(2);
    await act(async () => {
      answer = await result.current.add(sized(43, '14'));
    });
    expect(answer).toEqual({ ok: false, message: 'Limite de 2 unidades por cliente.' });
  });

  it("a logged-in shopper's server cart counts too, and nothing is asked of the server", async () => {
    storeTokens(accessToken(), 'refresh');
    api.on('GET /api/cart/', { body: SERVER_CART });
    rememberMaxPerCustomer(3, 2);
    const { result } = renderCart();
    await waitFor(() => expect(result.current.cart.isLoading).toBe(false));
    let answer: unknown;
    await act(async () => {
      answer = await result.current.add({ ...ring, estoque: 12 });
    });
    expect(answer).toEqual({ ok: false, message: 'Limite de 2 unidades por cliente.' });
    expect(api.callsTo('POST /api/cart/add/')).toEqual([]);
  });

  it('a piece whose maximum was never read adds as before', async () => {
    const { result } = renderCart();
    for (let i = 0; i < 3; i++) {
      await act(async () => {
        await result.current.add(bigRing);
      });
    }
    expect(readGuestCart()[0]?.quantidade).toBe(3);
  });
});

describe('a logged-in shopper’s cart', () => {
  beforeEach(() => {
    storeTokens(accessToken(), 'refresh');
    // What she had as a guest is not her cart once she is logged in.
    addToGuestCart(earring);
    api.on('GET /api/cart/', { body: SERVER_CART });
  });

  it("shows the server's cart once it loads", async () => {
    const { result } = renderCart();
    expect(result.current.cart.isLoading).toBe(true);
    await waitFor(() => expect(result.current.cart.isLoading).toBe(false));
    expect(result.current.cart).toMatchObject({
      loggedIn: true,
      subtotalCents: 23970,
      itemCount: 3,
      isError: false,
    });
    expect(result.current.cart.lines.map((l) => [l.productId, l.quantidade, l.estoque])).toEqual([
      [3, 2, 12],
      [7, 1, 1],
    ]);
    expect(result.current.count).toBe(2);
  });

  it('says when the cart could not be loaded', async () => {
    api.on('GET /api/cart/', { status: 503, body: { error: 'Indisponível' } });
    const { result } = renderCart();
    await waitFor(() => expect(result.current.cart.isError).toBe(true));
    expect(result.current.cart.lines).toEqual([]);
  });

  it('adds on the server and shows the cart it answers, without asking again', async () => {
    api.on('POST /api/cart/add/', {
      body: [
        ...SERVER_CART,
        {
          produto: { id: 9, name: 'Colar Elo', price: '149.00', image: null, estoque: 4 },
          quantidade: 1,
          subtotal: '149.00',
        },
      ],
    });
    const { result } = renderCart();
    await waitFor(() => expect(result.current.cart.isLoading).toBe(false));

    let answer: unknown;
    await act(async () => {
      answer = await result.current.add({
        id: 9,
        name: 'Colar Elo',
        price: '149.00',
        image: null,
      });
    });
    expect(answer).toEqual({ ok: true });
    expect(api.callsTo('POST /api/cart/add/')[0]?.body).toEqual({ product_id: 9 });
    await waitFor(() => expect(result.current.count).toBe(3));
    expect(result.current.cart.subtotalCents).toBe(38870);
    expect(api.callsTo('GET /api/cart/')).toHaveLength(1);
  });

  it("explains a stock refusal in the server's words, anything else in the SPEC's", async () => {
    const { result } = renderCart();
    await waitFor(() => expect(result.current.cart.isLoading).toBe(false));

    api.on('POST /api/cart/add/', {
      status: 409,
      body: { error: 'Produto sem estoque no momento.' },
    });
    let answer: unknown;
    await act(async () => {
      answer = await result.current.add(ring);
    });
    expect(answer).toEqual({ ok: false, message: 'Produto sem estoque no momento.' });

    api.on('POST /api/cart/add/', { status: 500, body: { error: 'Erro interno.' } });
    await act(async () => {
      answer = await result.current.add(ring);
    });
    expect(answer).toEqual({
      ok: false,
      message: 'Erro ao adicionar produto ao carrinho. Tente novamente.',
    });

    api.on('POST /api/cart/add/', 'no-response');
    await act(async () => {
      answer = await result.current.add(ring);
    });
    expect(answer).toEqual({
      ok: false,
      message: 'Erro ao adicionar produto ao carrinho. Tente novamente.',
    });
  });

  it('disables the add button while adding, and a second click adds nothing', async () => {
    let answer: (value: { body: ServerCart }) => void = () => {};
    api.on('POST /api/cart/add/', () => new Promise((resolve) => (answer = resolve)));
    const { result } = renderHook(() => ({ add: useAddToCart(), adding: useIsAdding(3) }), {
      wrapper: providers(),
    });
    expect(result.current.adding).toBe(false);

    let first: Promise<unknown> = Promise.resolve();
    act(() => {
      first = result.current.add(ring);
    });
    await waitFor(() => expect(result.current.adding).toBe(true));
    let second: unknown;
    await act(async () => {
      second = await result.current.add(ring);
    });
    expect(second).toEqual({
      ok: false,
      message: 'Erro ao adicionar produto ao carrinho. Tente novamente.',
    });

    await act(async () => {
      answer({ body: SERVER_CART });
      await first;
    });
    expect(await first).toEqual({ ok: true });
    expect(result.current.adding).toBe(false);
    expect(api.callsTo('POST /api/cart/add/')).toHaveLength(1);
  });
});
