import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { GUEST_CART_KEY } from '@/lib/cart/guest-cart';
import { storeTokens } from '@/lib/session';
import { accessToken, installFakeApi, type FakeApi } from '@test/fake-api';
import {
  CART_LINES,
  CART_QUOTE,
  CPF,
  PAULISTA,
  PHONE,
  cartCheckoutState,
  savedProfile,
} from '@test/fixtures';
import { buildCheckoutState } from '@/lib/cart/checkout-state';
import { SHIPPING_OPTION_UNAVAILABLE } from '@semijoias/domain/messages';
import { providers } from '@test/providers';
import type { PaymentMethod } from '@semijoias/domain/payment-terms';
import {
  ADDRESS_HOLDS_TOO_MUCH,
  maxPerCustomerMessage,
  TOO_MANY_UNPAID_ORDERS,
} from '@semijoias/domain/purchase-limits';
import { DEVICE_HEADER, DEVICE_STORAGE_KEY } from '@semijoias/domain/second-factor';
import type { CheckoutField } from './checkout-model';
import { useCheckout } from './use-checkout';

const PAYMENT_URL = 'https://pagamento.exemplo/checkout/abc';
const TOTALS_CHANGED = 'Os valores do pedido mudaram. Confira o resumo e tente novamente.';

/** GET /api/loja/ with the seeded payment settings: 6x without interest of R$ 20,00 or more, 5 % by PIX. */
const LOJA = {
  prazo_pagamento_minutos: 1440,
  pagamentos: {
    parcelas_max: 6,
    parcelas_sem_juros: 6,
    parcela_minima: '20.00',
    desconto_pix_percentual: '5.0',
  },
};

const TOKEN = accessToken();
let api: FakeApi;
let assign: Mock<(url: string | URL) => void>;

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
  api = installFakeApi({
    'GET /api/loja/': { body: LOJA },
    'POST /api/validar-cep/': { body: PAULISTA },
    'POST /api/pay/': {
      status: 201,
      body: { reference: '100023', chave: 'segredo', total: '252.60' },
    },
    'POST /api/pagamento/': { body: { payment_url: PAYMENT_URL } },
  });
});

afterEach(() => {
  expect(api.unhandled).toEqual([]);
});

function renderCheckout() {
  return renderHook(() => useCheckout(cartCheckoutState()), { wrapper: providers() });
}

type Rendered = ReturnType<typeof renderCheckout>['result'];

function type(result: Rendered, values: Partial<Record<CheckoutField, string>>) {
  act(() => {
    for (const [field, value] of Object.entries(values))
      result.current.setField(field as CheckoutField, value);
  });
}

/** A guest's contact data; street, district, city and state come from the CEP lookup. */
const GUEST = {
  fullName: 'Ana Souza',
  email: 'ana@exemplo.com.br',
  number: '1000',
  complement: 'ap 12',
  phone: PHONE,
  cpf: CPF,
};

/** Her answer to 'Como você quer pagar?'. */
function choose(result: Rendered, method: PaymentMethod) {
  act(() => result.current.setPaymentMethod(method));
}

/** A guest with her address typed and, unless told otherwise, the card chosen (null: she keeps the owners' choice). */
async function guestReadyToPay(method: PaymentMethod | null = 'cartao') {
  window.localStorage.setItem(
    GUEST_CART_KEY,
    JSON.stringify([{ id: 3, name: 'Anel Solitário', price: '89.90', image: null, quantidade: 2 }]),
  );
  const rendered = renderCheckout();
  await waitFor(() => expect(rendered.result.current.cepLookup.status).toBe('found'));
  await waitFor(() => expect(rendered.result.current.paymentTermsPending).toBe(false));
  type(rendered.result, GUEST);
  if (method) choose(rendered.result, method);
  return rendered;
}

function click(result: Rendered) {
  act(() => result.current.onPrimary());
}

describe('a guest at the checkout', () => {
  it("shows the guest form with the cart's CEP and the cart's totals", async () => {
    const { result } = renderCheckout();
    expect(result.current.view).toBe('guest');
    expect(result.current.primaryLabel).toBe('Ir para o pagamento');
    expect(result.current.form.cep).toBe('01310-100');
    // PIX comes chosen (the owners give 5 % for it): R$ 11,99 off the products.
    expect(result.current.totals).toEqual({
      subtotal: 23970,
      subtotalComDesconto: 23970,
      descontoPix: 1199,
      frete: 1290,
      desconto: 0,
      total: 24061,
    });
    expect(result.current.delivery).toMatchObject({ cep: '01310-100', recalculated: false });
    await waitFor(() => expect(result.current.cepLookup.status).toBe('found'));
    expect(result.current.form).toMatchObject({
      street: 'Avenida Paulista',
      district: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    });
    expect(result.current.locks).toEqual({
      street: true,
      district: true,
      city: true,
      state: true,
    });
  });

  it('says what is missing, under each field too, and calls nothing', async () => {
    const { result } = renderCheckout();
    await waitFor(() => expect(result.current.cepLookup.status).toBe('found'));
    expect(result.current.fieldErrors).toEqual({});

    click(result);

    expect(result.current.error).toBe(
      'Por favor, complete todos os dados de entrega obrigatórios.',
    );
    expect(result.current.fieldErrors).toEqual({
      fullName: 'Nome completo é obrigatório',
      email: 'Email é obrigatório',
      cpf: 'CPF é obrigatório',
      phone: 'Telefone é obrigatório',
      number: 'Número é obrigatório',
    });
    expect(result.current.processing).toBe(false);
    expect(api.callsTo('POST /api/pay/')).toEqual([]);
  });

  it('refuses an invalid CPF before calling the server', async () => {
    const { result } = await guestReadyToPay();
    type(result, { cpf: '111.111.111-11' });
    click(result);
    expect(result.current.error).toBe('Erro no CPF: CPF inválido');
    expect(api.callsTo('POST /api/pay/')).toEqual([]);
  });

  it('makes the order, starts the payment, empties her cart and goes to the payment page', async () => {
    const { result } = await guestReadyToPay();
    click(result);

    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAYMENT_URL));
    const [pay] = api.callsTo('POST /api/pay/');
    expect(pay?.body).toMatchObject({
      subtotal: '239.70',
      frete: '12.90',
      total: '252.60',
      cep: '01310-100',
      forma_pagamento: 'cartao',
      produtos: [
        { produto: { id: 3 }, quantidade: 2 },
        { produto: { id: 7 }, quantidade: 1 },
      ],
    });
    expect(pay?.body).not.toHaveProperty('cupom');
    const [pagamento] = api.callsTo('POST /api/pagamento/');
    expect(pagamento?.body).toEqual({
      reference: '100023',
      chave: 'segredo',
      logged: false,
      shippingInfo: {
        cep: '01310-100',
        street: 'Avenida Paulista',
        number: '1000',
        complement: 'ap 12',
        district: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
        phone: PHONE,
        cpf: CPF,
        fullName: 'Ana Souza',
        email: 'ana@exemplo.com.br',
      },
      dadosFrete: { valor: '12.90', prazo: '3-5' },
      totais: {
        subtotal: '239.70',
        subtotalComDesconto: '239.70',
        frete: '12.90',
        desconto: '0.00',
        total: '252.60',
      },
    });
    expect(pay?.headers['Idempotency-Key']).toEqual(expect.any(String));
    expect(pagamento?.headers['Idempotency-Key']).toEqual(expect.any(String));
    expect(pagamento?.headers['Idempotency-Key']).not.toBe(pay?.headers['Idempotency-Key']);

    // Her guest cart is the order now; the return page finds the order's secret on this device.
    expect(window.localStorage.getItem(GUEST_CART_KEY)).toBeNull();
    expect(window.localStorage.getItem('pedido-chave:100023')).toBe('segredo');
    expect(window.sessionStorage.getItem('checkout-attempt')).toBeNull();
    // The overlay stays while the browser leaves.
    expect(result.current.processing).toBe(true);
    expect(result.current.error).toBeNull();
  });

  it('lets her type the address herself when the CEP lookup could not run', async () => {
    api.on('POST /api/validar-cep/', {
      status: 503,
      body: { success: false, error: 'Erro ao validar CEP' },
    });
    const { result } = renderCheckout();
    await waitFor(() => expect(result.current.cepLookup.status).toBe('failed'));
    expect(result.current.locks).toEqual({
      street: false,
      district: false,
      city: false,
      state: false,
    });
    type(result, {
      ...GUEST,
      street: 'Av. Paulista',
      district: 'Bela Vista',
      city: 'São Paulo',
      state: 'sp',
    });
    choose(result, 'pix');
    click(result);

    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAYMENT_URL));
    expect(api.callsTo('POST /api/pagamento/')[0]?.body).toMatchObject({
      shippingInfo: { street: 'Av. Paulista', state: 'SP' },
    });
    expect(api.callsTo('POST /api/pay/')[0]?.body).toMatchObject({ forma_pagamento: 'pix' });
  });
});

describe("'Como você quer pagar?'", () => {
  it("comes with the owners' choice chosen: PIX when they give a discount for it, and pays with it", async () => {
    const { result } = await guestReadyToPay(null);
    expect(result.current.paymentMethod).toBe('pix');

    click(result);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAYMENT_URL));
    expect(api.callsTo('POST /api/pay/')[0]?.body).toMatchObject({ forma_pagamento: 'pix' });
  });

  it('comes with the card chosen when the owners give no PIX discount, and she can change it', async () => {
    api.on('GET /api/loja/', {
      body: { ...LOJA, pagamentos: { ...LOJA.pagamentos, desconto_pix_percentual: '0.0' } },
    });
    const { result } = await guestReadyToPay(null);
    expect(result.current.paymentMethod).toBe('cartao');
    choose(result, 'pix');
    expect(result.current.paymentMethod).toBe('pix');
  });

  it('shows each answer with its figures: PIX its total and discount, the card its installments of the whole total', async () => {
    const { result } = await guestReadyToPay(null);
    expect(result.current.paymentChoice).toEqual({
      // 5 % of R$ 239,70 is R$ 11,99; the freight (R$ 12,90) keeps its price.
      // One figure each: what she pays with it, freight included.
      pix: { line: 'R$ 240,61 no PIX', badge: '5 % de desconto', note: 'Aprovação imediata' },
      // R$ 252,60, freight included, in 6.
      cartao: { line: 'em até 6x de R$ 42,10 sem juros', note: 'Total de R$ 252,60' },
    });
    // PIX comes chosen: its total is the one shown, the card's the hint.
    expect(result.current.totals).toEqual({
      subtotal: 23970,
      subtotalComDesconto: 23970,
      descontoPix: 1199,
      frete: 1290,
      desconto: 0,
      total: 24061,
    });
    expect(result.current.otherMethodTotal).toEqual({ method: 'cartao', total: 25260 });
    expect(result.current.cardInstallmentsLine).toBeNull();
    expect(result.current.pixPercentTenths).toBe(50);

    choose(result, 'cartao');
    expect(result.current.totals).toMatchObject({ descontoPix: 0, total: 25260 });
    expect(result.current.otherMethodTotal).toEqual({ method: 'pix', total: 24061 });
    expect(result.current.cardInstallmentsLine).toBe('em até 6x de R$ 42,10 sem juros');
  });

  it("follows the owners' settings", async () => {
    api.on('GET /api/loja/', {
      body: {
        ...LOJA,
        pagamentos: {
          parcelas_max: 10,
          parcelas_sem_juros: 3,
          parcela_minima: '25.50',
          desconto_pix_percentual: '7.5',
        },
      },
    });
    const { result } = await guestReadyToPay('pix');
    // 7,5 % of R$ 239,70 is R$ 17,98.
    expect(result.current.totals).toMatchObject({ descontoPix: 1798, total: 23462 });
    expect(result.current.paymentChoice.pix).toMatchObject({
      line: 'R$ 234,62 no PIX',
      badge: '7,5 % de desconto',
    });
    expect(result.current.paymentChoice.cartao.line).toBe('em até 3x de R$ 84,20 sem juros');
  });

  it('pays by PIX: the order is asked for PIX and the payment carries the totals she saw', async () => {
    const { result } = await guestReadyToPay('pix');
    click(result);

    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAYMENT_URL));
    expect(api.callsTo('POST /api/pay/')[0]?.body).toMatchObject({
      forma_pagamento: 'pix',
      subtotal: '239.70',
      frete: '12.90',
      total: '240.61',
    });
    expect(api.callsTo('POST /api/pagamento/')[0]?.body).toMatchObject({
      totais: {
        subtotal: '239.70',
        subtotalComDesconto: '239.70',
        frete: '12.90',
        desconto: '0.00',
        descontoPix: '11.99',
        total: '240.61',
      },
    });
  });

  it('makes another order when she changes her answer after the first was made', async () => {
    let pays = 0;
    api.on('POST /api/pay/', () => ({
      status: 201,
      body:
        ++pays === 1
          ? { reference: '100023', chave: 'segredo', total: '240.61' }
          : { reference: '100024', chave: 'outro', total: '252.60' },
    }));
    let pagamentos = 0;
    api.on('POST /api/pagamento/', () =>
      ++pagamentos === 1
        ? {
            status: 502,
            body: { error: 'Não foi possível iniciar o pagamento. Tente novamente em instantes.' },
          }
        : { body: { payment_url: PAYMENT_URL } },
    );
    const { result } = await guestReadyToPay('pix');

    click(result);
    await waitFor(() =>
      expect(result.current.error).toBe(
        'Não foi possível iniciar o pagamento. Tente novamente em instantes.',
      ),
    );
    // The PIX order exists, its total the PIX one: paying by card needs an order of its own.
    choose(result, 'cartao');
    click(result);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAYMENT_URL));

    const [pixOrder, cardOrder] = api.callsTo('POST /api/pay/');
    expect(pixOrder?.body).toMatchObject({ forma_pagamento: 'pix', total: '240.61' });
    expect(cardOrder?.body).toMatchObject({ forma_pagamento: 'cartao', total: '252.60' });
    expect(cardOrder?.headers['Idempotency-Key']).not.toBe(pixOrder?.headers['Idempotency-Key']);
    const [first, second] = api.callsTo('POST /api/pagamento/');
    expect(first?.body).toMatchObject({ reference: '100023', totais: { total: '240.61' } });
    expect(second?.body).toMatchObject({ reference: '100024', totais: { total: '252.60' } });
    expect(second?.body).not.toHaveProperty('totais.descontoPix');
    expect(second?.headers['Idempotency-Key']).not.toBe(first?.headers['Idempotency-Key']);
    expect(window.localStorage.getItem('pedido-chave:100024')).toBe('outro');
  });

  it("shows the server's PIX figures after a 409, pays the same order with them, and leaves them for the card", async () => {
    // A price went up to R$ 249,70 meanwhile: 5 % off is R$ 12,49.
    const serverTotals = {
      subtotal: '249.70',
      subtotalComDesconto: '249.70',
      frete: '12.90',
      desconto: '0.00',
      descontoPix: '12.49',
      total: '250.11',
    };
    let pagamentos = 0;
    api.on('POST /api/pagamento/', () =>
      ++pagamentos === 1
        ? { status: 409, body: { error: TOTALS_CHANGED, totais: serverTotals } }
        : { body: { payment_url: PAYMENT_URL } },
    );
    const { result } = await guestReadyToPay('pix');

    click(result);
    await waitFor(() => expect(result.current.error).toBe(TOTALS_CHANGED));
    expect(result.current.totalsFromServer).toBe(true);
    expect(result.current.totals).toEqual({
      subtotal: 24970,
      subtotalComDesconto: 24970,
      descontoPix: 1249,
      frete: 1290,
      desconto: 0,
      total: 25011,
    });
    expect(result.current.paymentChoice.pix.line).toBe('R$ 250,11 no PIX');

    // The card's figures are not those the server gave for PIX...
    choose(result, 'cartao');
    expect(result.current.totalsFromServer).toBe(false);
    // ...and back on PIX they stand again: the next click pays the same order with them.
    choose(result, 'pix');
    expect(result.current.totalsFromServer).toBe(true);
    click(result);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAYMENT_URL));
    expect(api.callsTo('POST /api/pay/')).toHaveLength(1);
    expect(api.callsTo('POST /api/pagamento/')[1]?.body).toMatchObject({
      reference: '100023',
      totais: serverTotals,
    });
  });
});

describe('when the server refuses or does not answer', () => {
  it("shows the server's figures after a 409 'Os valores do pedido mudaram…', and the next click pays the same order with them", async () => {
    const serverTotals = {
      subtotal: '249.70',
      subtotalComDesconto: '249.70',
      frete: '12.90',
      desconto: '0.00',
      total: '262.60',
    };
    let pagamentos = 0;
    api.on('POST /api/pagamento/', () =>
      ++pagamentos === 1
        ? { status: 409, body: { error: TOTALS_CHANGED, totais: serverTotals } }
        : { body: { payment_url: PAYMENT_URL } },
    );
    const { result } = await guestReadyToPay();

    click(result);
    await waitFor(() => expect(result.current.error).toBe(TOTALS_CHANGED));
    expect(result.current.totalsFromServer).toBe(true);
    expect(result.current.totals).toEqual({
      subtotal: 24970,
      subtotalComDesconto: 24970,
      descontoPix: 0,
      frete: 1290,
      desconto: 0,
      total: 26260,
    });
    expect(result.current.processing).toBe(false);
    expect(assign).not.toHaveBeenCalled();
    // Nothing was paid: her cart is still there.
    expect(window.localStorage.getItem(GUEST_CART_KEY)).not.toBeNull();

    click(result);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAYMENT_URL));
    expect(api.callsTo('POST /api/pay/')).toHaveLength(1);
    const [first, second] = api.callsTo('POST /api/pagamento/');
    expect(second?.body).toMatchObject({ reference: '100023', totais: serverTotals });
    expect(second?.headers['Idempotency-Key']).not.toBe(first?.headers['Idempotency-Key']);
  });

  it("shows a stock refusal in the server's words, and the next try is a new order", async () => {
    const stock = 'O produto "Anel Solitário" não tem estoque suficiente (disponível: 1).';
    api.on('POST /api/pay/', { status: 409, body: { error: stock, message: stock } });
    const { result } = await guestReadyToPay();

    click(result);
    await waitFor(() => expect(result.current.error).toBe(stock));
    expect(api.callsTo('POST /api/pagamento/')).toEqual([]);

    click(result);
    await waitFor(() => expect(api.callsTo('POST /api/pay/')).toHaveLength(2));
    const [first, second] = api.callsTo('POST /api/pay/');
    expect(second?.headers['Idempotency-Key']).not.toBe(first?.headers['Idempotency-Key']);
  });

  it("sends her browser's id (X-Dispositivo) with api/pay, the same on every order", async () => {
    const { result } = await guestReadyToPay();
    click(result);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAYMENT_URL));
    const [pay] = api.callsTo('POST /api/pay/');
    const kept = window.localStorage.getItem(DEVICE_STORAGE_KEY);
    expect(kept).toMatch(/\S{8,}/);
    expect(pay?.headers[DEVICE_HEADER]).toBe(kept);
  });

  it.each([
    ['a piece past its maximum', maxPerCustomerMessage('Anel Solitário', 1, 0)],
    ['a piece, with what she holds', maxPerCustomerMessage('Anel Solitário', 3, 2)],
    ['too many unpaid orders', TOO_MANY_UNPAID_ORDERS],
    ['her network holding too much', ADDRESS_HOLDS_TOO_MUCH],
  ])(
    "shows a purchase limit's refusal (%s) in the server's words, keeps the cart, and the next try is a new order",
    async (_case, message) => {
      api.on('POST /api/pay/', { status: 409, body: { error: message, message } });
      const { result } = await guestReadyToPay();
      const cart = window.localStorage.getItem(GUEST_CART_KEY);

      click(result);
      await waitFor(() => expect(result.current.error).toBe(message));
      expect(api.callsTo('POST /api/pagamento/')).toEqual([]);
      expect(assign).not.toHaveBeenCalled();
      // Her cart stays as it was: she lowers the quantity or pays an order she already has.
      expect(window.localStorage.getItem(GUEST_CART_KEY)).toBe(cart);
      expect(result.current.processing).toBe(false);

      click(result);
      await waitFor(() => expect(api.callsTo('POST /api/pay/')).toHaveLength(2));
      const [first, second] = api.callsTo('POST /api/pay/');
      expect(second?.headers['Idempotency-Key']).not.toBe(first?.headers['Idempotency-Key']);
    },
  );

  it('after a lost answer, tries again with the same key, so the order is not made twice', async () => {
    let pays = 0;
    api.on('POST /api/pay/', () =>
      ++pays === 1
        ? 'no-response'
        : { status: 201, body: { reference: '100023', chave: 'segredo', total: '252.60' } },
    );
    const { result } = await guestReadyToPay();

    click(result);
    await waitFor(() =>
      expect(result.current.error).toBe(
        'Erro de conexão. Verifique sua internet e tente novamente.',
      ),
    );
    click(result);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAYMENT_URL));
    expect(api.callsTo('POST /api/pay/')).toHaveLength(2);
    const [first, second] = api.callsTo('POST /api/pay/');
    expect(second?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
  });

  it('pays the order already made when only the payment call failed', async () => {
    let pagamentos = 0;
    api.on('POST /api/pagamento/', () =>
      ++pagamentos === 1
        ? {
            status: 502,
            body: { error: 'Não foi possível iniciar o pagamento. Tente novamente em instantes.' },
          }
        : { body: { payment_url: PAYMENT_URL } },
    );
    const { result } = await guestReadyToPay();

    click(result);
    await waitFor(() =>
      expect(result.current.error).toBe(
        'Não foi possível iniciar o pagamento. Tente novamente em instantes.',
      ),
    );
    click(result);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAYMENT_URL));
    expect(api.callsTo('POST /api/pay/')).toHaveLength(1);
    expect(api.callsTo('POST /api/pagamento/')).toHaveLength(2);
    const [first, second] = api.callsTo('POST /api/pagamento/');
    expect(second?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
  });

  it('makes a new order when the one made no longer waits for payment', async () => {
    let pagamentos = 0;
    api.on('POST /api/pagamento/', () =>
      ++pagamentos === 1
        ? { status: 409, body: { error: 'Este pedido não aguarda pagamento.' } }
        : { body: { payment_url: PAYMENT_URL } },
    );
    const { result } = await guestReadyToPay();

    click(result);
    await waitFor(() => expect(result.current.error).toBe('Este pedido não aguarda pagamento.'));
    expect(result.current.totalsFromServer).toBe(false);
    click(result);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAYMENT_URL));
    expect(api.callsTo('POST /api/pay/')).toHaveLength(2);
    const [first, second] = api.callsTo('POST /api/pay/');
    expect(second?.headers['Idempotency-Key']).not.toBe(first?.headers['Idempotency-Key']);
  });
});

describe('a logged-in shopper at the checkout', () => {
  const home = savedProfile({ id: 11, nome_perfil: 'Casa' });
  const work = savedProfile({
    id: 12,
    nome_perfil: 'Trabalho',
    is_default: true,
    endereco: 'Rua Augusta',
    numero: '500',
    complemento: '',
  });

  beforeEach(() => {
    storeTokens(TOKEN, 'refresh');
    api.on('GET /api/perfis-endereco/', { body: { success: true, perfis: [home, work] } });
    api.on('GET /api/infos/', {
      body: {
        first_name: 'Ana',
        last_name: 'Souza',
        email: 'ana@exemplo.com.br',
        phone: '11987654321',
        cpf: '12345678909',
      },
    });
    api.on('DELETE /api/cart/clear/', { body: [] });
  });

  it('waits for her saved addresses, then offers them with the default one chosen', async () => {
    const { result } = renderCheckout();
    expect(result.current.view).toBe('loading');
    await waitFor(() => expect(result.current.view).toBe('saved'));
    expect(result.current.selectedProfile?.nome_perfil).toBe('Trabalho');
    expect(result.current.form).toMatchObject({ street: 'Rua Augusta', number: '500' });
    expect(result.current.primaryLabel).toBe('Ir para o Pagamento');

    act(() => result.current.selectProfile(11));
    expect(result.current.selectedProfile?.nome_perfil).toBe('Casa');
  });

  it('pays with a saved address and empties her server cart', async () => {
    const { result } = renderCheckout();
    await waitFor(() => expect(result.current.view).toBe('saved'));
    choose(result, 'cartao');
    click(result);

    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAYMENT_URL));
    expect(api.callsTo('POST /api/perfis-endereco/')).toEqual([]);
    expect(api.callsTo('POST /api/pagamento/')[0]?.body).toMatchObject({
      logged: true,
      shippingInfo: { street: 'Rua Augusta', number: '500', fullName: 'Ana Souza' },
    });
    expect(api.callsTo('POST /api/pay/')[0]?.headers.Authorization).toBe(`Bearer ${TOKEN}`);
    expect(api.callsTo('DELETE /api/cart/clear/')).toHaveLength(1);
  });

  it('fills a new address from her account, asks a profile name and saves it before paying', async () => {
    const created = savedProfile({ id: 13, nome_perfil: 'Casa da mãe', complemento: '' });
    api.on('POST /api/perfis-endereco/', { status: 201, body: { success: true, perfil: created } });
    const { result } = renderCheckout();
    await waitFor(() => expect(result.current.view).toBe('saved'));

    act(() => result.current.chooseNewAddress());
    expect(result.current.view).toBe('manual');
    expect(result.current.primaryLabel).toBe('Salvar e Ir para o Pagamento');
    await waitFor(() =>
      expect(result.current.form).toMatchObject({
        fullName: 'Ana Souza',
        email: 'ana@exemplo.com.br',
        phone: PHONE,
        cpf: CPF,
        street: 'Avenida Paulista',
      }),
    );
    type(result, { number: '1000' });
    choose(result, 'cartao');

    click(result);
    expect(result.current.error).toBe(
      'Por favor, digite um nome para o perfil de endereço (ex: Casa, Trabalho).',
    );
    expect(result.current.fieldErrors.nomePerfilEndereco).toBe('Nome do perfil é obrigatório');

    type(result, { nomePerfilEndereco: 'Casa da mãe' });
    click(result);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAYMENT_URL));
    expect(api.callsTo('POST /api/perfis-endereco/')[0]?.body).toMatchObject({
      nome_perfil: 'Casa da mãe',
      nome_completo: 'Ana Souza',
      endereco: 'Avenida Paulista',
      numero: '1000',
      is_default: false,
    });
  });

  it('stops when the new address cannot be saved, in the words of SPEC §8', async () => {
    api.on('GET /api/perfis-endereco/', { body: { success: true, perfis: [] } });
    api.on('POST /api/perfis-endereco/', {
      status: 400,
      body: {
        error: 'Você já possui um perfil de endereço com este nome. Escolha um nome diferente.',
      },
    });
    const { result } = renderCheckout();
    await waitFor(() => expect(result.current.view).toBe('manual'));
    await waitFor(() => expect(result.current.form.fullName).toBe('Ana Souza'));
    await waitFor(() => expect(result.current.cepLookup.status).toBe('found'));
    type(result, { nomePerfilEndereco: 'Casa', number: '1000' });
    choose(result, 'cartao');

    click(result);
    await waitFor(() =>
      expect(result.current.error).toBe(
        'Você já possui um perfil de endereço com este nome. Escolha um nome diferente.',
      ),
    );
    expect(api.callsTo('POST /api/pay/')).toEqual([]);
  });

  it("applies the coupon in place with 'Aplicar', then pays with its discount", async () => {
    api.on('POST /api/validar-cupom/', {
      body: {
        success: true,
        desconto: '23.97',
        message: 'Cupom aplicado com sucesso!',
        codigo: 'BOASVINDAS',
      },
    });
    const { result } = renderCheckout();
    await waitFor(() => expect(result.current.view).toBe('saved'));

    act(() => result.current.coupon.setCode(' boasvindas '));
    // The main button never turns into 'Validar cupom'.
    expect(result.current.primaryLabel).toBe('Ir para o Pagamento');
    await act(() => result.current.coupon.apply());
    expect(result.current.coupon.status).toBe('valid');
    expect(api.callsTo('POST /api/validar-cupom/')[0]?.body).toEqual({
      codigo_cupom: 'boasvindas',
      valor_pedido: '239.70',
    });
    expect(api.callsTo('POST /api/pay/')).toEqual([]);
    expect(result.current.primaryLabel).toBe('Ir para o Pagamento');

    choose(result, 'cartao');
    expect(result.current.totals).toMatchObject({ desconto: 2397, total: 22863 });
    click(result);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAYMENT_URL));
    expect(api.callsTo('POST /api/pay/')[0]?.body).toMatchObject({
      cupom: 'BOASVINDAS',
      cupom_validado: true,
      cupom_desconto: '23.97',
      total: '228.63',
    });
    expect(api.callsTo('POST /api/pagamento/')[0]?.body).toMatchObject({
      cupom_dados: { codigo: 'BOASVINDAS', validado: true, desconto: '23.97' },
      totais: { desconto: '23.97', total: '228.63' },
    });
  });

  it("keeps the server's refusal under the field, pays nothing with it, and 'Remover' takes the coupon off", async () => {
    api.on('POST /api/validar-cupom/', ({ body }) =>
      (body as { codigo_cupom: string }).codigo_cupom === 'BOASVINDAS'
        ? {
            body: {
              success: true,
              desconto: '23.97',
              message: 'Cupom aplicado com sucesso!',
            },
          }
        : { status: 400, body: { success: false, desconto: '0.00', message: 'Cupom expirado.' } },
    );
    const { result } = renderCheckout();
    await waitFor(() => expect(result.current.view).toBe('saved'));

    act(() => result.current.coupon.setCode('NATAL'));
    // Paying with a code typed but not applied applies it in place first, and pays nothing.
    click(result);
    await waitFor(() => expect(result.current.coupon.status).toBe('invalid'));
    expect(result.current.coupon.result?.message).toBe('Cupom expirado.');
    expect(result.current.primaryLabel).toBe('Ir para o Pagamento');
    expect(result.current.totals.desconto).toBe(0);
    click(result);
    expect(result.current.error).toBe('Aguarde a validação do cupom ou remova-o para continuar.');
    expect(api.callsTo('POST /api/pay/')).toEqual([]);

    act(() => result.current.coupon.setCode('BOASVINDAS'));
    // Another code takes the message about the refused one away.
    expect(result.current.error).toBeNull();
    await act(() => result.current.coupon.apply());
    expect(result.current.totals.desconto).toBe(2397);
    act(() => result.current.coupon.remove());
    expect(result.current.coupon.code).toBe('');
    expect(result.current.coupon.applied).toBeNull();
    expect(result.current.totals.desconto).toBe(0);
  });

  it('quotes the freight again for a saved address in another CEP', async () => {
    const rio = savedProfile({ id: 14, cep: '20040020', cidade: 'Rio de Janeiro', estado: 'RJ' });
    api.on('GET /api/perfis-endereco/', {
      body: { success: true, perfis: [{ ...rio, is_default: true }] },
    });
    api.on('POST /api/calcular-frete/', {
      body: {
        success: true,
        frete: {
          valor: '18.90',
          valor_frete: '18.90',
          prazo: '5-7',
          gratis: false,
          motivo_gratis: null,
          regiao: 'Sul',
          peso_total: 0.6,
        },
        cep_destino: '20040020',
        subtotal: '239.70',
        quantidade_itens: 3,
      },
    });
    const { result } = renderCheckout();
    await waitFor(() => expect(result.current.delivery.recalculated).toBe(true));
    expect(result.current.delivery).toMatchObject({ cep: '20040-020', estimated: false });
    expect(result.current.totals).toMatchObject({ frete: 1890, total: 24661 });
    expect(api.callsTo('POST /api/calcular-frete/')[0]?.body).toEqual({
      cep_destino: '20040020',
      valor_total: '239.70',
      quantidade_itens: 3,
    });
  });
});

describe("the carriers' services (issue 35)", () => {
  const PAC = {
    id: 1,
    transportadora: 'Correios',
    servico: 'PAC',
    valor: '12.90',
    prazo: '5-8',
    gratis: false,
  };
  const SEDEX = { ...PAC, id: 2, servico: 'SEDEX', valor: '24.50', prazo: '2' };
  const JADLOG = { ...PAC, id: 3, transportadora: 'Jadlog', servico: '.Package', valor: '15.30' };

  /** A guest ready to pay, her cart quoted with PAC and SEDEX, SEDEX chosen in the drawer. */
  async function guestWithSedex() {
    const state = buildCheckoutState(CART_LINES, {
      ...CART_QUOTE,
      quote: { ...CART_QUOTE.quote, valor: 2450, prazo: '2' },
      options: [PAC, SEDEX],
      serviceId: 2,
    });
    const rendered = renderHook(() => useCheckout(state), { wrapper: providers() });
    await waitFor(() => expect(rendered.result.current.cepLookup.status).toBe('found'));
    await waitFor(() => expect(rendered.result.current.paymentTermsPending).toBe(false));
    type(rendered.result, GUEST);
    choose(rendered.result, 'cartao');
    return rendered;
  }

  it("comes with the cart's choice, and the service she picks sets the freight and reaches api/pay", async () => {
    const { result } = await guestWithSedex();
    expect(result.current.delivery).toMatchObject({ serviceId: 2, options: [PAC, SEDEX] });
    expect(result.current.totals).toMatchObject({ frete: 2450, total: 26420 });

    act(() => result.current.chooseShippingService(1));
    expect(result.current.delivery.serviceId).toBe(1);
    expect(result.current.totals).toMatchObject({ frete: 1290, total: 25260 });

    click(result);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAYMENT_URL));
    expect(api.callsTo('POST /api/pay/')[0]?.body).toMatchObject({
      frete: '12.90',
      total: '252.60',
      frete_servico: 1,
    });
  });

  it('after api/pay refuses her service, shows why, offers the services quoted now with the cheapest chosen, and pays with it', async () => {
    api.on('POST /api/pay/', (call) =>
      (call.body as { frete_servico?: number }).frete_servico === 2
        ? { status: 409, body: { success: false, error: SHIPPING_OPTION_UNAVAILABLE } }
        : { status: 201, body: { reference: '100024', chave: 'outra', total: '254.00' } },
    );
    api.on('POST /api/calcular-frete/', {
      body: {
        success: true,
        frete: {
          valor: '12.90',
          valor_frete: '12.90',
          prazo: '5-8',
          gratis: false,
          motivo_gratis: null,
          regiao: 'Sudeste',
          peso_total: 0.6,
        },
        opcoes: [PAC, JADLOG],
        cep_destino: '01310100',
        subtotal: '239.70',
        quantidade_itens: 3,
      },
    });
    const { result } = await guestWithSedex();

    click(result);
    await waitFor(() => expect(result.current.error).toBe(SHIPPING_OPTION_UNAVAILABLE));
    expect(api.callsTo('POST /api/pagamento/')).toEqual([]);
    // The same CEP asked again, her pieces with it (a guest).
    await waitFor(() => expect(result.current.delivery.options).toEqual([PAC, JADLOG]));
    expect(api.callsTo('POST /api/calcular-frete/')[0]?.body).toMatchObject({
      cep_destino: '01310100',
      itens: [
        { id: 3, quantidade: 2 },
        { id: 7, quantidade: 1 },
      ],
    });
    expect(result.current.delivery).toMatchObject({ serviceId: 1, recalculated: false });
    expect(result.current.totals).toMatchObject({ frete: 1290, total: 25260 });

    act(() => result.current.chooseShippingService(3));
    expect(result.current.totals).toMatchObject({ frete: 1530 });
    click(result);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAYMENT_URL));
    const calls = api.callsTo('POST /api/pay/');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body).toMatchObject({ frete: '15.30', frete_servico: 3 });
    expect(calls[1]?.headers['Idempotency-Key']).not.toBe(calls[0]?.headers['Idempotency-Key']);
  });
});
