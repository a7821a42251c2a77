import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { readCheckoutState } from '@/lib/cart/checkout-state';
import { addToGuestCart } from '@/lib/cart/guest-cart';
import {
  forgetRequotes,
  readCartShippingQuote,
  setCartShippingQuote,
} from '@/lib/cart/shipping-quote';
import { ToastProvider } from '@/ui/toast';
import { storeTokens } from '@/lib/session';
import { accessToken, installFakeApi, type FakeApi } from '@test/fake-api';
import { PAULISTA } from '@test/fixtures';
import { testQueryClient } from '@test/providers';
import { CartDrawer } from './CartDrawer';

const ring = { id: 3, name: 'Anel Solitário', price: '89.90', image: null, estoque: 5 };

const QUOTE = {
  cep: '01310-100',
  quote: {
    valor: 1290,
    prazo: '3-5',
    gratis: false,
    motivo_gratis: null,
    regiao: 'Sudeste',
    peso_total: 0.4,
  },
  quotedFor: { subtotalCents: 17980, itemCount: 2 },
  estimated: false,
};

function Checkout() {
  const state = readCheckoutState(useLocation().state);
  return <p data-testid="at-checkout">{state ? state.totais.total : 'sem dados'}</p>;
}

function renderDrawer() {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <ToastProvider>
        <MemoryRouter initialEntries={['/']}>
          <Routes>
            <Route path="/" element={<CartDrawer open onOpenChange={() => {}} />} />
            <Route path="/checkout" element={<Checkout />} />
          </Routes>
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

let api: FakeApi;

beforeEach(() => {
  window.localStorage.clear();
  forgetRequotes();
  api = installFakeApi({
    'POST /api/validar-cep/': { body: PAULISTA },
    'GET /api/loja/': { body: {} },
  });
  addToGuestCart(ring);
  addToGuestCart(ring);
});

afterEach(() => {
  expect(api.unhandled).toEqual([]);
});

describe("the cart drawer's remembered CEP and 'Finalizar Compra'", () => {
  it('shows the CEP and quote remembered from an earlier visit', async () => {
    setCartShippingQuote(QUOTE);
    renderDrawer();
    expect((screen.getByTestId('cart-cep') as HTMLInputElement).value).toBe('01310-100');
    expect(screen.getByTestId('cart-quote-value').textContent).toContain('R$ 12,90');
    expect(screen.getByTestId('cart-total').textContent).toContain('R$ 192,70');
    await screen.findByText(/Avenida Paulista/);
  });

  it('asks for the CEP (SPEC) only when none is known, and points at its field', () => {
    renderDrawer();
    fireEvent.click(screen.getByTestId('cart-checkout'));
    expect(screen.getByTestId('cart-payment-error').textContent).toContain(
      'Por favor, calcule o frete antes de prosseguir com o pagamento.',
    );
    expect(document.activeElement).toBe(screen.getByTestId('cart-cep'));
    expect(screen.queryByTestId('at-checkout')).toBeNull();
  });

  it("logged in on a new device: shows her account's CEP and its freight, and goes on to /checkout", async () => {
    storeTokens(accessToken(), 'refresh');
    api.on('GET /api/cart/', {
      body: [
        {
          produto: { ...ring, image: null },
          quantidade: 2,
          subtotal: '179.80',
        },
      ],
    });
    // Her CEP takes a moment to come: she clicks before it did.
    api.on('GET /api/cart/cep/', async () => {
      await new Promise((r) => setTimeout(r, 60));
      return { body: { cep: '01310100' } };
    });
    api.on('POST /api/calcular-frete/', {
      body: {
        success: true,
        frete: { valor: '12.90', prazo: '3-5', gratis: false, regiao: 'Sudeste' },
        cep_destino: '01310100',
        subtotal: '179.80',
        quantidade_itens: 2,
      },
    });
    renderDrawer();
    // 'Finalizar Compra' at once: it waits for her CEP instead of asking her to type one.
    fireEvent.click(await screen.findByTestId('cart-checkout'));
    expect((await screen.findByTestId('at-checkout')).textContent).toContain('192.70');
    expect(screen.queryByText(/calcule o frete/)).toBeNull();
    expect(api.callsTo('GET /api/cart/cep/')).toHaveLength(1);
    expect(readCartShippingQuote()).toMatchObject({ cep: '01310-100', forAccount: true });
  });

  it("logged in on a new device: the drawer fills her account's CEP and quote without typing", async () => {
    storeTokens(accessToken(), 'refresh');
    api.on('GET /api/cart/', {
      body: [{ produto: { ...ring, image: null }, quantidade: 2, subtotal: '179.80' }],
    });
    api.on('GET /api/cart/cep/', { body: { cep: '01310100' } });
    api.on('POST /api/calcular-frete/', {
      body: {
        success: true,
        frete: { valor: '12.90', prazo: '3-5', gratis: false, regiao: 'Sudeste' },
        cep_destino: '01310100',
        subtotal: '179.80',
        quantidade_itens: 2,
      },
    });
    renderDrawer();
    await waitFor(() =>
      expect((screen.getByTestId('cart-cep') as HTMLInputElement).value).toBe('01310-100'),
    );
    expect((await screen.findByTestId('cart-quote-value')).textContent).toContain('R$ 12,90');
    expect(screen.getByTestId('cart-total').textContent).toContain('R$ 192,70');
    await screen.findByText(/Avenida Paulista/);
  });

  it('with a CEP known and the cart changed since, quotes by itself and goes on to /checkout', async () => {
    setCartShippingQuote(QUOTE);
    addToGuestCart(ring); // A third ring since the quote: R$ 269,70, 3 units.
    const answer = (body: { valor_total: string; quantidade_itens: number }) => ({
      body: {
        success: true,
        frete: { valor: '14.65', prazo: '3-5', gratis: false, regiao: 'Sudeste' },
        subtotal: body.valor_total,
        quantidade_itens: body.quantidade_itens,
      },
    });
    api.on('POST /api/calcular-frete/', (call) =>
      answer(call.body as { valor_total: string; quantidade_itens: number }),
    );
    renderDrawer();
    fireEvent.click(screen.getByTestId('cart-checkout'));

    expect((await screen.findByTestId('at-checkout')).textContent).toContain('284.35');
    expect(screen.queryByText(/calcule o frete/)).toBeNull();
    expect(readCartShippingQuote()).toMatchObject({
      cep: '01310-100',
      quotedFor: { subtotalCents: 26970, itemCount: 3 },
    });
    const calls = api.callsTo('POST /api/calcular-frete/');
    expect(calls.length).toBeGreaterThanOrEqual(1);
    // A guest's pieces travel with the quote, for the carriers (issue 35).
    expect(calls.at(-1)?.body).toEqual({
      cep_destino: '01310100',
      valor_total: '269.70',
      quantidade_itens: 3,
      itens: [{ id: 3, quantidade: 3 }],
    });
  });

  it('quotes the remembered CEP again as soon as the cart changes in the drawer', async () => {
    setCartShippingQuote(QUOTE);
    api.on('POST /api/calcular-frete/', {
      body: {
        success: true,
        frete: { valor: '14.65', prazo: '3-5', gratis: false, regiao: 'Sudeste' },
        subtotal: '269.70',
        quantidade_itens: 3,
      },
    });
    renderDrawer();
    fireEvent.click(screen.getByTestId('cart-line-plus'));
    await waitFor(() =>
      expect(screen.getByTestId('cart-quote-value').textContent).toContain('R$ 14,65'),
    );
    expect(screen.getByTestId('cart-quote').dataset.stale).toBe('false');
    expect(screen.getByTestId('cart-total').textContent).toContain('R$ 284,35');
  });
});

describe("the carriers' services (issue 35)", () => {
  const OPTIONS = [
    {
      id: 1,
      transportadora: 'Correios',
      servico: 'PAC',
      valor: '18.40',
      prazo: '6-9',
      gratis: false,
    },
    {
      id: 2,
      transportadora: 'Correios',
      servico: 'SEDEX',
      valor: '29.90',
      prazo: '2-3',
      gratis: false,
    },
  ];

  it('lists them, the cheapest chosen; her choice sets the freight and travels to /checkout', async () => {
    api.on('POST /api/calcular-frete/', {
      body: {
        success: true,
        frete: { valor: '18.40', prazo: '6-9', gratis: false, regiao: 'Sudeste' },
        cep_destino: '01310100',
        subtotal: '179.80',
        quantidade_itens: 2,
        opcoes: OPTIONS,
      },
    });
    renderDrawer();
    fireEvent.change(screen.getByTestId('cart-cep'), { target: { value: '01310-100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Calcular' }));

    const options = await screen.findAllByTestId('shipping-option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Correios · PACEntrega em 6-9 dias úteisR$ 18,40',
      'Correios · SEDEXEntrega em 2-3 dias úteisR$ 29,90',
    ]);
    expect(screen.getByRole('radio', { name: /PAC/ })).toHaveProperty('checked', true);
    expect(screen.getByTestId('cart-total').textContent).toContain('R$ 198,20');

    fireEvent.click(screen.getByRole('radio', { name: /SEDEX/ }));
    await waitFor(() =>
      expect(screen.getByTestId('cart-quote-value').textContent).toContain('R$ 29,90'),
    );
    expect(screen.getByTestId('cart-quote-days').textContent).toBe('Entrega em 2-3 dias úteis');
    expect(screen.getByTestId('cart-total').textContent).toContain('R$ 209,70');
    expect(readCartShippingQuote()).toMatchObject({ serviceId: 2 });

    fireEvent.click(screen.getByTestId('cart-checkout'));
    expect((await screen.findByTestId('at-checkout')).textContent).toContain('209.70');
  });

  it('shows no choice when the table quoted', async () => {
    setCartShippingQuote(QUOTE);
    renderDrawer();
    await screen.findByText(/Avenida Paulista/);
    expect(screen.queryByTestId('shipping-options')).toBeNull();
  });
});
