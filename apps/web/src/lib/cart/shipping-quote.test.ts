import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, storeTokens } from '@/lib/session';
import { accessToken, installFakeApi, type FakeApi } from '@test/fake-api';
import { CART_QUOTE } from '@test/fixtures';

const QUOTE = CART_QUOTE;

/** The module as a fresh page load (or a new tab) finds it: nothing in memory, only storage. */
async function freshPage() {
  vi.resetModules();
  return import('./shipping-quote');
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe("the cart's shipping quote", () => {
  it('is shown wherever it is read as soon as it is set', async () => {
    const { setCartShippingQuote, useCartShippingQuote } = await freshPage();
    const { result } = renderHook(() => useCartShippingQuote());
    expect(result.current).toBeNull();
    act(() => setCartShippingQuote(QUOTE));
    expect(result.current).toMatchObject(QUOTE);
    act(() => setCartShippingQuote(null));
    expect(result.current).toBeNull();
  });

  it('stays with the cart on the device: a reload or a new tab finds it (localStorage)', async () => {
    (await freshPage()).setCartShippingQuote(QUOTE);
    // A new tab has an empty sessionStorage: only localStorage is shared.
    window.sessionStorage.clear();

    const { useCartShippingQuote } = await freshPage();
    expect(renderHook(() => useCartShippingQuote()).result.current).toMatchObject(QUOTE);
  });

  it("is shown in this tab when another tab quotes (the 'storage' event)", async () => {
    const { useCartShippingQuote, CART_SHIPPING_KEY } = await freshPage();
    const { result } = renderHook(() => useCartShippingQuote());
    act(() => {
      window.localStorage.setItem(CART_SHIPPING_KEY, JSON.stringify(QUOTE));
      window.dispatchEvent(new StorageEvent('storage', { key: CART_SHIPPING_KEY }));
    });
    expect(result.current).toMatchObject(QUOTE);
  });

  it("keeps a logged-in shopper's CEP while she is logged in, not after she logs out", async () => {
    storeTokens(accessToken(), 'refresh');
    const { setCartShippingQuote, useCartShippingQuote } = await freshPage();
    setCartShippingQuote(QUOTE);
    const { result } = renderHook(() => useCartShippingQuote());
    expect(result.current).toMatchObject({ ...QUOTE, forAccount: true });

    act(() => clearSession());
    expect(result.current).toBeNull();
  });

  it("keeps a guest's CEP when she logs in (her cart comes along)", async () => {
    const { setCartShippingQuote, useCartShippingQuote } = await freshPage();
    setCartShippingQuote(QUOTE);
    const { result } = renderHook(() => useCartShippingQuote());
    act(() => storeTokens(accessToken(), 'refresh'));
    expect(result.current).toMatchObject(QUOTE);
  });

  it('is gone after the order (set to null), also after a reload', async () => {
    const first = await freshPage();
    first.setCartShippingQuote(QUOTE);
    first.setCartShippingQuote(null);
    const { useCartShippingQuote } = await freshPage();
    expect(renderHook(() => useCartShippingQuote()).result.current).toBeNull();
  });

  it('ignores a stored quote it cannot read', async () => {
    window.localStorage.setItem('cart-shipping', JSON.stringify({ cep: '01310-100' }));
    const { useCartShippingQuote } = await freshPage();
    expect(renderHook(() => useCartShippingQuote()).result.current).toBeNull();
  });
});

describe('the remembered CEP, quoted again when the cart changes', () => {
  let api: FakeApi;
  beforeEach(() => {
    api = installFakeApi({
      'POST /api/calcular-frete/': (call) => {
        const body = call.body as { valor_total: string; quantidade_itens: number };
        return {
          body: {
            success: true,
            frete: {
              valor: '16.40',
              valor_frete: '16.40',
              prazo: '3-5',
              gratis: false,
              motivo_gratis: null,
              regiao: 'Sudeste',
              peso_total: 0.8,
            },
            cep_destino: '01310100',
            subtotal: body.valor_total,
            quantidade_itens: body.quantidade_itens,
          },
        };
      },
    });
  });
  afterEach(() => {
    expect(api.unhandled).toEqual([]);
  });

  it('leaves a current quote alone', async () => {
    const { setCartShippingQuote, useFreshCartQuote } = await freshPage();
    setCartShippingQuote(QUOTE);
    const { result } = renderHook(() => useFreshCartQuote(QUOTE.quotedFor, 0));
    expect(result.current).toMatchObject({ stale: false, requoting: false });
    await new Promise((r) => setTimeout(r, 20));
    expect(api.callsTo('POST /api/calcular-frete/')).toHaveLength(0);
  });

  it('asks for the same CEP once the items or quantities changed, and remembers the answer', async () => {
    const { setCartShippingQuote, useFreshCartQuote } = await freshPage();
    setCartShippingQuote(QUOTE);
    const changed = { subtotalCents: 32960, itemCount: 4 };
    const { result } = renderHook(() => useFreshCartQuote(changed, 0));
    expect(result.current).toMatchObject({ stale: true, requoting: true });

    await waitFor(() => expect(result.current.stale).toBe(false));
    expect(result.current).toMatchObject({ requoting: false });
    expect(result.current.quote).toMatchObject({
      cep: '01310-100',
      quote: { valor: 1640 },
      quotedFor: changed,
    });
    expect(api.callsTo('POST /api/calcular-frete/').map((c) => c.body)).toEqual([
      { cep_destino: '01310100', valor_total: '329.60', quantidade_itens: 4 },
    ]);
    // A reload finds the new quote.
    const again = await freshPage();
    expect(again.readCartShippingQuote()).toMatchObject({ quote: { valor: 1640 } });
  });

  it('never asks without a CEP, nor while the cart is still changing (null)', async () => {
    const { setCartShippingQuote, useFreshCartQuote } = await freshPage();
    const withoutCep = renderHook(() =>
      useFreshCartQuote({ subtotalCents: 32960, itemCount: 4 }, 0),
    );
    expect(withoutCep.result.current).toMatchObject({
      quote: null,
      stale: false,
      requoting: false,
    });
    withoutCep.unmount();

    setCartShippingQuote(QUOTE);
    const changing = renderHook(() => useFreshCartQuote(null, 0));
    expect(changing.result.current).toMatchObject({ stale: false, requoting: false });
    await new Promise((r) => setTimeout(r, 20));
    expect(api.callsTo('POST /api/calcular-frete/')).toHaveLength(0);
  });

  it('shows the quote as stale, without asking again, when the answer is for another cart', async () => {
    // Logged in, the server quotes its own copy of the cart: here one the page does not show.
    api.on('POST /api/calcular-frete/', {
      body: {
        success: true,
        frete: { valor: '12.90', prazo: '3-5', gratis: false, regiao: 'Sudeste' },
        subtotal: '239.70',
        quantidade_itens: 3,
      },
    });
    const { setCartShippingQuote, useFreshCartQuote } = await freshPage();
    setCartShippingQuote(QUOTE);
    const { result } = renderHook(() =>
      useFreshCartQuote({ subtotalCents: 32960, itemCount: 4 }, 0),
    );
    await waitFor(() => expect(result.current.requoting).toBe(false));
    expect(result.current.stale).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(api.callsTo('POST /api/calcular-frete/')).toHaveLength(1);
  });

  it('asks again each time the cart changes, also back to figures it asked for before', async () => {
    const { setCartShippingQuote, useFreshCartQuote } = await freshPage();
    setCartShippingQuote(QUOTE);
    const four = { subtotalCents: 32960, itemCount: 4 };
    const { result, rerender } = renderHook(({ cart }) => useFreshCartQuote(cart, 0), {
      initialProps: { cart: four },
    });
    await waitFor(() => expect(result.current.quote?.quotedFor).toEqual(four));
    rerender({ cart: QUOTE.quotedFor });
    await waitFor(() => expect(result.current.quote?.quotedFor).toEqual(QUOTE.quotedFor));
    rerender({ cart: four });
    await waitFor(() => expect(result.current.quote?.quotedFor).toEqual(four));
    expect(result.current).toMatchObject({ stale: false, requoting: false });
    expect(api.callsTo('POST /api/calcular-frete/')).toHaveLength(3);
  });

  it('falls back to the local estimate when the quote call fails (SPEC §7)', async () => {
    api.on('POST /api/calcular-frete/', 'no-response');
    const { setCartShippingQuote, useFreshCartQuote } = await freshPage();
    setCartShippingQuote(QUOTE);
    const { result } = renderHook(() =>
      useFreshCartQuote({ subtotalCents: 32960, itemCount: 4 }, 0),
    );
    await waitFor(() => expect(result.current.stale).toBe(false));
    expect(result.current.quote).toMatchObject({ cep: '01310-100', estimated: true });
  });
});

describe("her account's CEP, on a device that knows none", () => {
  let api: FakeApi;
  const CART = { subtotalCents: 32960, itemCount: 4 };
  beforeEach(() => {
    api = installFakeApi({
      'GET /api/cart/cep/': { body: { cep: '20040020' } },
      'POST /api/calcular-frete/': (call) => {
        const body = call.body as { cep_destino: string; valor_total: string };
        return {
          body: {
            success: true,
            frete: { valor: '18.90', prazo: '5-7', gratis: false, regiao: 'Sul' },
            cep_destino: body.cep_destino,
            subtotal: body.valor_total,
            quantidade_itens: 4,
          },
        };
      },
    });
  });
  afterEach(() => {
    expect(api.unhandled).toEqual([]);
  });

  it('asks the server once, quotes her CEP for this cart and remembers it for her session', async () => {
    storeTokens(accessToken(), 'refresh');
    const { useFreshCartQuote } = await freshPage();
    const { result } = renderHook(() => useFreshCartQuote(CART, 0));
    // Checkout waits for it ('requoting' with no quote yet).
    expect(result.current).toMatchObject({ quote: null, requoting: true });
    await waitFor(() => expect(result.current.quote).not.toBeNull());
    expect(result.current).toMatchObject({
      stale: false,
      requoting: false,
      quote: { cep: '20040-020', quote: { valor: 1890 }, quotedFor: CART, forAccount: true },
    });
    expect(api.callsTo('POST /api/calcular-frete/').map((c) => c.body)).toEqual([
      { cep_destino: '20040020', valor_total: '329.60', quantidade_itens: 4 },
    ]);
    // A second screen reading it asks nothing more.
    renderHook(() => useFreshCartQuote(CART, 0));
    await new Promise((r) => setTimeout(r, 20));
    expect(api.callsTo('GET /api/cart/cep/')).toHaveLength(1);
    // Her CEP leaves the device with her session.
    act(() => clearSession());
    expect(result.current.quote).toBeNull();
  });

  it('leaves the field empty when she never quoted one', async () => {
    api.on('GET /api/cart/cep/', { body: { cep: null } });
    storeTokens(accessToken(), 'refresh');
    const { useFreshCartQuote } = await freshPage();
    const { result } = renderHook(() => useFreshCartQuote(CART, 0));
    await waitFor(() => expect(result.current.requoting).toBe(false));
    expect(result.current.quote).toBeNull();
    expect(api.callsTo('POST /api/calcular-frete/')).toHaveLength(0);
  });

  it("keeps the guest's CEP she just typed through her login, quoted once with her session", async () => {
    const { setCartShippingQuote, useFreshCartQuote } = await freshPage();
    setCartShippingQuote({ ...QUOTE, quotedFor: CART });
    storeTokens(accessToken(), 'refresh');
    const { result } = renderHook(() => useFreshCartQuote(CART, 0));
    // Quoted with her session: the server remembers it as her cart's; hers stays on the device.
    await waitFor(() => expect(result.current.quote?.forAccount).toBe(true));
    expect(result.current.quote).toMatchObject({ cep: '01310-100' });
    expect(api.callsTo('POST /api/calcular-frete/').map((c) => c.body)).toEqual([
      { cep_destino: '01310100', valor_total: '329.60', quantidade_itens: 4 },
    ]);
    expect(api.callsTo('GET /api/cart/cep/')).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 20));
    expect(api.callsTo('POST /api/calcular-frete/')).toHaveLength(1);
  });

  it('asks nothing for a guest, nor for an empty cart', async () => {
    const { useFreshCartQuote } = await freshPage();
    const guest = renderHook(() => useFreshCartQuote(CART, 0));
    guest.unmount();
    storeTokens(accessToken(), 'refresh');
    renderHook(() => useFreshCartQuote({ subtotalCents: 0, itemCount: 0 }, 0));
    await new Promise((r) => setTimeout(r, 20));
    expect(api.calls).toEqual([]);
  });
});
