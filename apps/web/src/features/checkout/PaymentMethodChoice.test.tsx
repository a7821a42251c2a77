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

function showChoice(value: PaymentMethod | null, error: string | null = null) {
  const onChange = vi.fn<(method: PaymentMethod) => void>();
  render(
    <PaymentMethodChoice
      value={value}
      onChange={onChange}
      view={VIEW}
      pending={false}
      disabled={false}
      error={error}
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
  it('is a radio group of two labelled answers, each described by its figures, none chosen', () => {
    showChoice(null);
    const group = screen.getByRole('radiogroup', { name: 'Como você quer pagar?' });
    expect(group.getAttribute('aria-required')).toBe('true');
    const pix = within(group).getByRole('radio', { name: 'PIX' });
    const card = within(group).getByRole('radio', { name: 'Cartão de crédito' });
    expect((pix as HTMLInputElement).checked).toBe(false);
    expect((card as HTMLInputElement).checked).toBe(false);
    // One name: the arrow keys move between them, the browser's own way.
    expect((pix as HTMLInputElement).name).toBe((card as HTMLInputElement).name);
    expect(description(pix)).toBe('R$ 240,61 no PIX Aprovação imediata');
    expect(description(card)).toBe('em até 6x de R$ 42,10 sem juros Total de R$ 252,60');
    expect(screen.getByTestId('payment-option-pix').textContent).toContain('5 % de desconto');
  });

  it('tells which answer she picked', () => {
    const onChange = showChoice(null);
    fireEvent.click(screen.getByRole('radio', { name: 'PIX' }));
    expect(onChange).toHaveBeenCalledWith('pix');
  });

  it('shows her answer as chosen', () => {
    showChoice('cartao');
    expect(
      (screen.getByRole('radio', { name: 'Cartão de crédito' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(screen.getByTestId('payment-option-cartao').dataset.selected).toBe('true');
  });

  it('asks her to choose under the question, tied to the group', () => {
    showChoice(null, 'Escolha como você quer pagar.');
    const group = screen.getByRole('radiogroup');
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(description(group)).toBe('Escolha como você quer pagar.');
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
  };
  const items = cartCheckoutState().cartData.produtos;

  function showSummary(method: PaymentMethod | null, installmentsLine: string | null = null) {
    const totals = computeTotals({
      subtotal: 23970,
      desconto: 2397,
      frete: 1290,
      pixDiscountTenths: method === 'pix' ? 50 : 0,
    });
    render(
      <OrderSummary
        items={items}
        totals={totals}
        delivery={delivery}
        quotePending={false}
        couponCode="BOASVINDAS"
        fromServer={false}
        paymentMethod={method}
        pixPercentTenths={50}
        installmentsLine={installmentsLine}
      />,
      { wrapper: providers() },
    );
  }

  it('shows the PIX discount on its own line and the total she pays by PIX', () => {
    showSummary('pix');
    const line = screen.getByTestId('checkout-pix-discount');
    expect(line.textContent).toBe('− R$ 10,79');
    expect(line.previousElementSibling?.textContent).toBe('Desconto PIX5 %');
    expect(screen.getByTestId('checkout-total-label').textContent).toBe('Total no PIX');
    expect(screen.getByTestId('checkout-total').textContent).toBe('R$ 217,84');
    expect(screen.queryByTestId('checkout-installments')).toBeNull();
  });

  it('shows the card total with its installments, and no PIX line', () => {
    showSummary('cartao', 'em até 6x de R$ 38,11 sem juros');
    expect(screen.queryByTestId('checkout-pix-discount')).toBeNull();
    expect(screen.getByTestId('checkout-total-label').textContent).toBe('Total');
    expect(screen.getByTestId('checkout-total').textContent).toBe('R$ 228,63');
    expect(screen.getByTestId('checkout-installments').textContent).toBe(
      'em até 6x de R$ 38,11 sem juros',
    );
  });

  it('shows the total without a method chosen', () => {
    showSummary(null);
    expect(screen.queryByTestId('checkout-pix-discount')).toBeNull();
    expect(screen.getByTestId('checkout-total').textContent).toBe('R$ 228,63');
  });
});
