import { computeTotals } from '@semijoias/domain/coupon';
import type { PaymentMethod } from '@semijoias/domain/payment-terms';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { cartCheckoutState } from '@test/fixtures';
import { providers } from '@test/providers';
import { OrderSummary } from './OrderSummary';
import { PaymentMethodChoice } from './PaymentMethodChoice';

const VIEW = {
  pix: { line: 'R$ 240,61 no PIX', badge: '5 % de desconto', note: 'Aprovação imediata' },
  cartao: { line: 'em até 6x de R$ 42,10 sem juros', note: 'Total de R$ 252,60' },
};

function showChoice(value: PaymentMethod) {
  const onChange = vi.fn<(method: PaymentMethod) => void>();
  render(
    <PaymentMethodChoice
      value={value}
      onChange={onChange}
      view={VIEW}
      pending={false}
      disabled={false}
    />,
  );
  return onChange;
}

/** The element's accessible description: the text of the elements aria-describedby names. */
function description(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe("'Como você quer pagar?'", () => {
  it('is a radio group of two labelled answers, each described by its figures, one chosen', () => {
    showChoice('pix');
    const group = screen.getByRole('radiogroup', { name: 'Como você quer pagar?' });
    expect(group.getAttribute('aria-required')).toBe('true');
    const pix = within(group).getByRole('radio', { name: 'PIX' });
    const card = within(group).getByRole('radio', { name: 'Cartão de crédito' });
    expect((pix as HTMLInputElement).checked).toBe(true);
    expect((card as HTMLInputElement).checked).toBe(false);
    // One name: the arrow keys move between them, the browser's own way.
    expect((pix as HTMLInputElement).name).toBe((card as HTMLInputElement).name);
    expect(description(pix)).toBe('R$ 240,61 no PIX Aprovação imediata');
    expect(description(card)).toBe('em até 6x de R$ 42,10 sem juros Total de R$ 252,60');
    expect(screen.getByTestId('payment-option-pix').textContent).toContain('5 % de desconto');
  });

  it('tells which answer she picked', () => {
    const onChange = showChoice('pix');
    fireEvent.click(screen.getByRole('radio', { name: 'Cartão de crédito' }));
    expect(onChange).toHaveBeenCalledWith('cartao');
  });

  it('shows her answer as chosen', () => {
    showChoice('cartao');
    expect(
      (screen.getByRole('radio', { name: 'Cartão de crédito' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(screen.getByTestId('payment-option-cartao').dataset.selected).toBe('true');
  });
});

describe('the order summary paid by PIX or by card', () => {
  const delivery = {
    cep: '01310-100',
    quote: {
      valor: 1290,
      prazo: '3-5',
      gratis: false,
      motivo_gratis: null,
      regiao: 'Sudeste',
      peso_total: 0.6,
    },
    estimated: false,
    recalculated: false,
    options: [],
    serviceId: null,
  };
  const items = cartCheckoutState().cartData.produtos;

  function showSummary(method: PaymentMethod, installmentsLine: string | null = null) {
    const totalsBy = (m: PaymentMethod) =>
      computeTotals({
        subtotal: 23970,
        desconto: 2397,
        frete: 1290,
        pixDiscountTenths: m === 'pix' ? 50 : 0,
      });
    const totals = totalsBy(method);
    const other: PaymentMethod = method === 'pix' ? 'cartao' : 'pix';
    render(
      <OrderSummary
        items={items}
        totals={totals}
        delivery={delivery}
        quotePending={false}
        couponCode="BOASVINDAS"
        fromServer={false}
        paymentMethod={method}
        otherMethodTotal={{ method: other, total: totalsBy(other).total }}
        pixPercentTenths={50}
        installmentsLine={installmentsLine}
      />,
      { wrapper: providers() },
    );
  }

  it('shows the PIX discount on its own line, the total she pays by PIX, and the card total as a hint', () => {
    showSummary('pix');
    const line = screen.getByTestId('checkout-pix-discount');
    expect(line.textContent).toBe('− R$ 10,79');
    expect(line.previousElementSibling?.textContent).toBe('Desconto PIX5 %');
    expect(screen.getByTestId('checkout-total-label').textContent).toBe('Total no PIX');
    expect(screen.getByTestId('checkout-total').textContent).toBe('R$ 217,84');
    expect(screen.getByTestId('checkout-other-total').textContent).toBe('No cartão: R$ 228,63');
    // One total: 'R$ 228,63' is only the hint, never a second 'Total'.
    expect(screen.getAllByText(/^Total/)).toHaveLength(1);
    expect(screen.queryByTestId('checkout-installments')).toBeNull();
  });

  it('shows the card total with its installments, no PIX line, and the PIX total as a hint', () => {
    showSummary('cartao', 'em até 6x de R$ 38,11 sem juros');
    expect(screen.queryByTestId('checkout-pix-discount')).toBeNull();
    expect(screen.getByTestId('checkout-total-label').textContent).toBe('Total no cartão');
    expect(screen.getByTestId('checkout-other-total').textContent).toBe('No PIX: R$ 217,84');
    expect(screen.getByTestId('checkout-total').textContent).toBe('R$ 228,63');
    expect(screen.getByTestId('checkout-installments').textContent).toBe(
      'em até 6x de R$ 38,11 sem juros',
    );
  });
});
