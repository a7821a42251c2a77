import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartShippingQuote } from './shipping-quote';

const QUOTE: CartShippingQuote = {
  cep: '01310-100',
  quote: {
    valor: 1290,
    prazo: '3-5',
    gratis: false,
    motivo_gratis: null,
    regiao: 'Sudeste',
    peso_total: 0.6,
  },
  quotedFor: { subtotalCents: 23970, itemCount: 3 },
  estimated: false,
};

/** The module as a fresh page load finds it: nothing in memory, only sessionStorage. */
async function freshPage() {
  vi.resetModules();
  return import('./shipping-quote');
}

beforeEach(() => {
  window.sessionStorage.clear();
});

describe("the cart's shipping quote", () => {
  it('is shown wherever it is read as soon as it is set', async () => {
    const { setCartShippingQuote, useCartShippingQuote } = await freshPage();
    const { result } = renderHook(() => useCartShippingQuote());
    expect(result.current).toBeNull();
    act(() => setCartShippingQuote(QUOTE));
    expect(result.current).toEqual(QUOTE);
    act(() => setCartShippingQuote(null));
    expect(result.current).toBeNull();
  });

  it('survives a reload of the page in this visit (sessionStorage)', async () => {
    (await freshPage()).setCartShippingQuote(QUOTE);

    const { useCartShippingQuote } = await freshPage();
    expect(renderHook(() => useCartShippingQuote()).result.current).toEqual(QUOTE);
  });

  it('is gone after the order (set to null), also after a reload', async () => {
    const first = await freshPage();
    first.setCartShippingQuote(QUOTE);
    first.setCartShippingQuote(null);
    const { useCartShippingQuote } = await freshPage();
    expect(renderHook(() => useCartShippingQuote()).result.current).toBeNull();
  });

  it('ignores a stored quote it cannot read', async () => {
    window.sessionStorage.setItem('cart-shipping', JSON.stringify({ cep: '01310-100' }));
    const { useCartShippingQuote } = await freshPage();
    expect(renderHook(() => useCartShippingQuote()).result.current).toBeNull();
  });
});
