import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addToGuestCart } from '@/lib/cart/guest-cart';
import { forgetRequotes, setCartShippingQuote } from '@/lib/cart/shipping-quote';
import { CART_QUOTE } from '@test/fixtures';
import { installFakeApi, type FakeApi } from '@test/fake-api';
import { providers } from '@test/providers';
import { CheckoutPage } from './CheckoutPage';

const ring = { id: 3, name: 'Anel Solitário', price: '89.90', image: null, estoque: 5 };
const earring = { id: 7, name: 'Brinco Gota', price: '59.90', image: null, estoque: 2 };

let api: FakeApi;

beforeEach(() => {
  window.localStorage.clear();
  forgetRequotes();
  api = installFakeApi({ 'GET /api/loja/': { body: {} } });
});

afterEach(() => {
  expect(api.unhandled).toEqual([]);
});

/** /checkout as a reload or a new tab opens it: no navigation state. */
function openCheckoutDirectly() {
  const Providers = providers(undefined, '/checkout');
  return render(
    <Providers>
      <CheckoutPage />
    </Providers>,
  );
}

describe('/checkout opened directly', () => {
  it("shows her items and the remembered freight, not 'Dados do carrinho não encontrados'", async () => {
    addToGuestCart(ring);
    addToGuestCart(ring);
    addToGuestCart(earring);
    setCartShippingQuote(CART_QUOTE);
    // The form starts from the cart's CEP, and looks it up.
    api.on('POST /api/validar-cep/', { status: 503, body: { success: false } });
    openCheckoutDirectly();

    const summary = await screen.findByTestId('checkout-summary');
    const items = within(summary).getAllByTestId('checkout-item');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Anel Solitário × 2'),
      expect.stringContaining('Brinco Gota × 1'),
    ]);
    expect(within(summary).getByTestId('checkout-cep').textContent).toBe('01310-100');
    expect(within(summary).getByTestId('checkout-shipping').textContent).toBe('R$ 12,90');
    // PIX comes chosen (the seeded 5 %): one total, named, the card's as a hint.
    expect(within(summary).getByTestId('checkout-total-label').textContent).toBe('Total no PIX');
    expect(within(summary).getByTestId('checkout-total').textContent).toBe('R$ 240,61');
    expect(within(summary).getByTestId('checkout-other-total').textContent).toBe(
      'No cartão: R$ 252,60',
    );
    expect(screen.queryByText('Dados do carrinho não encontrados')).toBeNull();
  });

  it('without a CEP known, shows her items with the freight still to be quoted', async () => {
    addToGuestCart(ring);
    openCheckoutDirectly();
    const summary = await screen.findByTestId('checkout-summary');
    expect(within(summary).getAllByTestId('checkout-item')).toHaveLength(1);
    expect(within(summary).getByTestId('checkout-shipping').textContent).toBe('a calcular');
    expect(within(summary).queryByTestId('checkout-cep')).toBeNull();
  });

  it("says 'Dados do carrinho não encontrados' when the cart is really empty", () => {
    openCheckoutDirectly();
    expect(screen.getByRole('heading', { name: 'Dados do carrinho não encontrados' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Voltar ao Carrinho' })).toBeTruthy();
  });
});
