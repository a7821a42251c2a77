import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storeTokens } from '@/lib/session';
import { accessToken, installFakeApi, type FakeApi } from '@test/fake-api';
import { CART_QUOTE, cartCheckoutState } from '@test/fixtures';
import { providers } from '@test/providers';
import { addToGuestCart } from './guest-cart';
import type { ServerCart } from './server-cart';
import { forgetRequotes, setCartShippingQuote } from './shipping-quote';
import { useCheckoutFromCart } from './use-checkout-from-cart';

const ring = {
  id: 3,
  name: 'Anel Solitário',
  price: '89.90',
  image: '/media/anel.webp',
  estoque: 5,
};
const earring = { id: 7, name: 'Brinco Gota', price: '59.90', image: null, estoque: 2 };

/** The fixtures' cart: two rings and an earring, R$ 239,70, quoted R$ 12,90 to 01310-100. */
const QUOTE = CART_QUOTE;

function guestCart() {
  addToGuestCart(ring);
  addToGuestCart(ring);
  addToGuestCart(earring);
}

const SERVER_CART: ServerCart = [
  {
    produto: {
      id: 3,
      name: 'Anel Solitário',
      price: '89.90',
      image: '/media/anel.webp',
      estoque: 5,
    },
    quantidade: 2,
    subtotal: '179.80',
  },
  {
    produto: { id: 7, name: 'Brinco Gota', price: '59.90', image: null, estoque: 2 },
    quantidade: 1,
    subtotal: '59.90',
  },
];

function frete(valor: string, subtotal: string, units: number) {
  return {
    body: {
      success: true,
      frete: { valor, valor_frete: valor, prazo: '3-5', gratis: false, regiao: 'Sudeste' },
      cep_destino: '01310100',
      subtotal,
      quantidade_itens: units,
    },
  };
}

let api: FakeApi;

beforeEach(() => {
  window.localStorage.clear();
  forgetRequotes();
  api = installFakeApi();
});

afterEach(() => {
  expect(api.unhandled).toEqual([]);
});

function render() {
  return renderHook(() => useCheckoutFromCart(), { wrapper: providers(undefined, '/checkout') });
}

describe('/checkout without the navigation state (reloaded, a new tab)', () => {
  it("rebuilds a guest's checkout from the device cart and the remembered quote", () => {
    guestCart();
    setCartShippingQuote(QUOTE);
    const { result } = render();
    // Exactly what 'Finalizar Compra' would have handed it.
    expect(result.current).toEqual({ status: 'ready', state: cartCheckoutState() });
    expect(api.calls).toEqual([]);
  });

  it('is really empty only when the cart is', () => {
    setCartShippingQuote(QUOTE);
    expect(render().result.current).toEqual({ status: 'empty' });
  });

  it('quotes the remembered CEP again first when the cart changed since', async () => {
    guestCart();
    setCartShippingQuote(QUOTE);
    addToGuestCart(ring); // A third ring: R$ 329,60, 4 units.
    api.on('POST /api/calcular-frete/', frete('16.40', '329.60', 4));
    const { result } = render();
    expect(result.current).toEqual({ status: 'loading' });

    await waitFor(() => expect(result.current.status).toBe('ready'));
    const state = result.current.status === 'ready' ? result.current.state : null;
    expect(state?.cartData.produtos.map((p) => p.quantidade)).toEqual([3, 1]);
    expect(state?.cepDestino).toBe('01310-100');
    expect(state?.totais).toMatchObject({ subtotal: '329.60', frete: '16.40', total: '346.00' });
    expect(api.callsTo('POST /api/calcular-frete/')).toHaveLength(1);
  });

  it('without a CEP known, still shows her items, the freight to quote at the address', () => {
    guestCart();
    const { result } = render();
    expect(result.current.status).toBe('ready');
    const state = result.current.status === 'ready' ? result.current.state : null;
    expect(state?.cartData.produtos).toHaveLength(2);
    expect(state?.cepDestino).toBe('');
    expect(state?.totais).toMatchObject({ subtotal: '239.70', frete: '0.00', total: '239.70' });
  });

  it("logged in, waits for her server cart and rebuilds from it (not this device's guest cart)", async () => {
    storeTokens(accessToken(), 'refresh');
    setCartShippingQuote(QUOTE);
    api.on('GET /api/cart/', { body: SERVER_CART });
    const { result } = render();
    expect(result.current).toEqual({ status: 'loading' });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current).toEqual({ status: 'ready', state: cartCheckoutState() });
  });

  it("logged in on a device that knows no CEP, waits for her account's CEP and its quote", async () => {
    storeTokens(accessToken(), 'refresh');
    api.on('GET /api/cart/', { body: SERVER_CART });
    api.on('GET /api/cart/cep/', { body: { cep: '01310100' } });
    const quoted = frete('12.90', '239.70', 3);
    api.on('POST /api/calcular-frete/', {
      body: { ...quoted.body, frete: { ...quoted.body.frete, peso_total: 0.6 } },
    });
    const seen: ReturnType<typeof useCheckoutFromCart>[] = [];
    const { result } = renderHook(
      () => {
        const answer = useCheckoutFromCart();
        seen.push(answer);
        return answer;
      },
      { wrapper: providers(undefined, '/checkout') },
    );
    await waitFor(() => expect(result.current.status).toBe('ready'));
    // Never built without the freight: the first 'ready' already has her CEP quoted.
    expect(result.current).toEqual({ status: 'ready', state: cartCheckoutState() });
    expect(seen.find((answer) => answer.status === 'ready')).toEqual(result.current);
    expect(api.callsTo('POST /api/calcular-frete/')).toHaveLength(1);
  });

  it('logged in with an empty server cart: no data', async () => {
    storeTokens(accessToken(), 'refresh');
    api.on('GET /api/cart/', { body: [] });
    const { result } = render();
    await waitFor(() => expect(result.current).toEqual({ status: 'empty' }));
  });

  it('logged in, a server cart that cannot be read offers to try again, not "no data"', async () => {
    storeTokens(accessToken(), 'refresh');
    api.on('GET /api/cart/', { status: 500, body: { error: 'Erro interno do servidor.' } });
    const { result } = render();
    await waitFor(() => expect(result.current.status).toBe('error'));
  });
});
