import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi } from '@test/fake-api';
import { fetchOrder, fetchPaymentLink, fetchUserOrders } from './api';

const UNAVAILABLE =
  'Link de pagamento não disponível no momento. Entre em contato conosco se precisar de ajuda.';
const FAILED = 'Erro ao buscar link de pagamento. Tente novamente mais tarde.';

let api: FakeApi;

beforeEach(() => {
  window.localStorage.clear();
  api = installFakeApi();
});

afterEach(() => {
  expect(api.unhandled).toEqual([]);
});

describe("her orders ('Meus Pedidos')", () => {
  it('asks with a timestamp, so no cache answers an old status', async () => {
    const line = {
      reference: '100023',
      status: 'Aguardando Pagamento',
      quantidade: 1,
      produto: { id: 3, name: 'Anel Solitário', price: '89.90', image: null },
    };
    api.on('GET /api/user/orders/', { body: [line] });
    expect(await fetchUserOrders({})).toEqual([line]);
    expect(Number(api.calls[0]?.query.get('t'))).toBeGreaterThan(0);
  });

  it('reads an answer that is not a list as no orders', async () => {
    api.on('GET /api/user/orders/', { body: { detail: 'x' } });
    expect(await fetchUserOrders({})).toEqual([]);
  });
});

describe('the order of the return page', () => {
  it("sends a guest's secret and always answers a list of items", async () => {
    api.on('GET /api/orders/100023/', {
      body: { reference: '100023', status: 'Pedido Pago', itens: null },
    });
    const order = await fetchOrder('100023', 'segredo');
    expect(order).toEqual({ reference: '100023', status: 'Pedido Pago', itens: [] });
    expect(api.calls[0]?.query.get('chave')).toBe('segredo');
    expect(api.calls[0]?.query.has('forma_pagamento')).toBe(false);
  });

  it('asks for the other way to pay on a retry, so the server recomputes the total for it', async () => {
    api.on('GET /api/payment-status/100023/', {
      body: { payment_link: 'https://pagamento.exemplo/pix', status: 'Erro no Pagamento' },
    });
    expect(await fetchPaymentLink('100023', 'segredo', 'pix')).toEqual({
      url: 'https://pagamento.exemplo/pix',
    });
    expect(api.calls[0]?.query.get('forma_pagamento')).toBe('pix');
  });

  it('leaves the secret out when there is none', async () => {
    api.on('GET /api/orders/100023/', {
      body: { reference: '100023', status: 'Pedido Pago', itens: [] },
    });
    await fetchOrder('100023', null);
    expect(api.calls[0]?.query.has('chave')).toBe(false);
  });

  it('refuses as the server does for an order she may not see', async () => {
    api.on('GET /api/orders/100023/', { status: 404, body: { error: 'Pedido não encontrado.' } });
    await expect(fetchOrder('100023', 'errada')).rejects.toMatchObject({ status: 404 });
  });
});

describe("'Pagar agora' on an unpaid order", () => {
  it('answers the link to pay at', async () => {
    api.on('GET /api/payment-status/100023/', {
      body: { payment_link: 'https://pagamento.exemplo/abc', status: 'Aguardando Pagamento' },
    });
    expect(await fetchPaymentLink('100023', 'segredo')).toEqual({
      url: 'https://pagamento.exemplo/abc',
    });
    expect(api.calls[0]?.query.get('chave')).toBe('segredo');
  });

  it("says the link is not available when there is none, in SPEC §8's words", async () => {
    api.on('GET /api/payment-status/100023/', { body: { status: 'Aguardando Pagamento' } });
    expect(await fetchPaymentLink('100023', null)).toEqual({ message: UNAVAILABLE });
    api.on('GET /api/payment-status/100023/', {
      status: 404,
      body: { error: 'Pedido não encontrado.' },
    });
    expect(await fetchPaymentLink('100023', null)).toEqual({ message: UNAVAILABLE, status: 404 });
  });

  it('marks a 409 (the order no longer waits for payment) so the list reloads', async () => {
    api.on('GET /api/payment-status/100023/', {
      status: 409,
      body: { error: 'Este pedido não aguarda pagamento.', status: 'Pedido Pago' },
    });
    expect(await fetchPaymentLink('100023', null)).toEqual({ message: FAILED, status: 409 });
  });

  it('says the link could not be fetched when the server fails or does not answer', async () => {
    api.on('GET /api/payment-status/100023/', { status: 502, body: { error: 'Indisponível' } });
    expect(await fetchPaymentLink('100023', null)).toEqual({ message: FAILED, status: 502 });
    api.on('GET /api/payment-status/100023/', 'no-response');
    expect(await fetchPaymentLink('100023', null)).toEqual({ message: FAILED });
  });
});
