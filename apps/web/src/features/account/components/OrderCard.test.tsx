import { groupOrderLines } from '@semijoias/domain/orders';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserOrderLine } from '@/lib/orders/api';
import { installFakeApi, type FakeApi } from '@test/fake-api';
import { providers } from '@test/providers';
import { OrderCard } from './OrderCard';

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi({ 'GET /api/loja/': { body: { prazo_pagamento_minutos: 1440 } } });
});

afterEach(() => {
  expect(api.unhandled).toEqual([]);
});

/** One order of GET /api/user/orders/: its two lines, the order's fields repeated on each. */
function orderLines(fields: Partial<UserOrderLine> = {}): UserOrderLine[] {
  const order = {
    reference: '100023',
    status: 'Aguardando Pagamento',
    data_pedido: '23/11/2026 às 11:30',
    created_at: '2026-11-23T14:30:00Z',
    subtotal: '239.70',
    desconto: '23.97',
    frete: '12.90',
    total: '228.63',
    cupom: 'BOASVINDAS',
    expira_em: '2026-11-24T14:30:00Z',
    ...fields,
  };
  return [
    {
      ...order,
      quantidade: 2,
      produto: { id: 3, name: 'Anel Solitário', price: '89.90', image: null },
    },
    {
      ...order,
      quantidade: 1,
      produto: { id: 7, name: 'Brinco Gota', price: '59.90', image: null },
    },
  ];
}

function showCard(fields: Partial<UserOrderLine> = {}) {
  const [order] = groupOrderLines(orderLines(fields));
  return render(<OrderCard order={order!} onStale={() => {}} />, { wrapper: providers() });
}

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe("an order in 'Meus Pedidos'", () => {
  it('shows its reference, date, pieces and what she pays', () => {
    showCard();
    expect(text('order-reference')).toBe('Pedido #100023');
    expect(text('order-date')).toBe('23/11/2026 às 11:30');
    expect(screen.getAllByTestId('order-item-name').map((n) => n.textContent)).toEqual([
      'Anel Solitário',
      'Brinco Gota',
    ]);
    expect(screen.getAllByTestId('order-item-price').map((n) => n.textContent)).toEqual([
      'R$ 179,80',
      'R$ 59,90',
    ]);
    expect(text('order-subtotal')).toBe('R$ 239,70');
    expect(text('order-coupon')).toBe('BOASVINDAS');
    expect(text('order-discount')).toBe('− R$ 23,97');
    expect(text('order-shipping')).toBe('R$ 12,90');
    expect(text('order-total')).toBe('R$ 228,63');
  });

  it('offers to pay an order awaiting payment, with its deadline and the note', () => {
    showCard();
    expect(text('order-status')).toBe('Aguardando Pagamento');
    const unpaid = screen.getByTestId('order-unpaid');
    expect(
      within(unpaid).getByText('Ainda não recebemos a confirmação do pagamento deste pedido.'),
    ).toBeTruthy();
    expect(text('order-pay-now')).toBe('Pagar agora (abre em nova aba)');
    expect(text('order-deadline')).toBe('Pague até 24/11 às 11:30.');
    expect(text('order-unpaid-note')).toBe(
      'Pedidos não pagos são cancelados automaticamente após 24 horas.',
    );
    expect(screen.queryByTestId('order-paid-note')).toBeNull();
  });

  it("words the note with the store's own deadline", async () => {
    api.on('GET /api/loja/', { body: { prazo_pagamento_minutos: 90 } });
    showCard();
    await waitFor(() =>
      expect(text('order-unpaid-note')).toBe(
        'Pedidos não pagos são cancelados automaticamente após 90 minutos.',
      ),
    );
  });

  it('offers to try again after a refused payment', () => {
    showCard({ status: 'Erro no Pagamento' });
    expect(text('order-status')).toBe('Erro no Pagamento');
    expect(screen.getByText('O pagamento deste pedido não foi aprovado.')).toBeTruthy();
    expect(text('order-pay-now')).toBe('Tentar pagar novamente (abre em nova aba)');
  });

  it('confirms a paid order and offers no payment', () => {
    showCard({ status: 'Pedido Pago' });
    expect(text('order-status')).toBe('Pago');
    expect(screen.getByTestId('order-paid-note').textContent).toContain('Pagamento confirmado!');
    expect(screen.queryByTestId('order-pay-now')).toBeNull();
  });

  it('says why an order was cancelled, and that the store refunded what she paid', () => {
    showCard({ status: 'Cancelado' });
    expect(text('order-cancelled-note')).toBe(
      'Este pedido foi cancelado porque o pagamento não foi confirmado até o prazo. Nenhum valor foi cobrado.',
    );
    expect(screen.queryByTestId('order-pay-now')).toBeNull();
    showCard({ reference: '100024', status: 'Cancelado', cancelado_pela_loja: true });
    expect(
      screen.getByText('A loja cancelou este pedido e o valor pago foi estornado integralmente.'),
    ).toBeTruthy();
  });

  it('shows the PIX discount of an order paid by PIX on its own line', () => {
    // R$ 215,73 of products after the coupon, 5 % off by PIX (R$ 10,79), R$ 12,90 of freight.
    showCard({ forma_pagamento: 'pix', desconto_pix: '10.79', total: '217.84' });
    expect(text('order-discount')).toBe('− R$ 23,97');
    const line = screen.getByTestId('order-pix-discount');
    expect(line.textContent).toBe('− R$ 10,79');
    expect(line.previousElementSibling?.textContent).toBe('Desconto PIX');
    expect(text('order-total')).toBe('R$ 217,84');
  });

  it('has no PIX line for an order paid by card', () => {
    showCard({ forma_pagamento: 'cartao', desconto_pix: '0.00' });
    expect(screen.queryByTestId('order-pix-discount')).toBeNull();
    expect(screen.queryByText('Desconto PIX')).toBeNull();
  });

  it('shows free shipping as Grátis and leaves out what an older answer does not say', () => {
    showCard({ frete: '0.00', desconto: null, cupom: null, total: '239.70' });
    expect(text('order-shipping')).toBe('Grátis');
    expect(screen.queryByTestId('order-discount')).toBeNull();
    expect(text('order-total')).toBe('R$ 239,70');
  });

  it("adds the lines up when the answer has no figures of the order's", () => {
    showCard({ subtotal: null, desconto: null, frete: null, total: null, cupom: null });
    expect(text('order-subtotal')).toBe('R$ 239,70');
    expect(screen.queryByTestId('order-shipping')).toBeNull();
    expect(text('order-total')).toBe('R$ 239,70');
  });
});
