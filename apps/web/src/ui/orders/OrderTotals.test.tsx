import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { orderFigures } from '@/lib/orders/order-model';
import { OrderTotals } from './OrderItems';

const fields = { subtotal: '129.90', desconto: '0.00', frete: '12.90', total: '142.80' };

describe('how she paid, under her order’s total', () => {
  it('names the card and its installments once paid', () => {
    render(
      <OrderTotals
        figures={orderFigures({ ...fields, pago_com: { forma: 'cartao', parcelas: 3 } }, 12990)}
      />,
    );
    expect(screen.getByText('Pago com')).toBeTruthy();
    expect(screen.getByTestId('order-paid-with').textContent).toBe('Cartão de crédito em 3x');
  });

  it('PIX as PIX, a card at once as à vista, a card of unknown installments as the card', () => {
    const cases = [
      [{ forma: 'pix', parcelas: null }, 'PIX'],
      [{ forma: 'cartao', parcelas: 1 }, 'Cartão de crédito à vista'],
      [{ forma: 'cartao', parcelas: null }, 'Cartão de crédito'],
    ] as const;
    for (const [pagoCom, text] of cases) {
      const { unmount } = render(
        <OrderTotals figures={orderFigures({ ...fields, pago_com: pagoCom }, 12990)} />,
      );
      expect(screen.getByTestId('order-paid-with').textContent).toBe(text);
      unmount();
    }
  });

  it('says nothing before the payment', () => {
    render(<OrderTotals figures={orderFigures({ ...fields, pago_com: null }, 12990)} />);
    expect(screen.queryByTestId('order-paid-with')).toBeNull();
    expect(screen.queryByText('Pago com')).toBeNull();
  });
});
