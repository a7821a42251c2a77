/**
 * A cart line and the piece's 'máximo por cliente': the plus stops at the units the line may
 * have (the maximum less its other sizes in the cart) and the line says why, as it stops at the
 * stock.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { CartLineView } from '@/lib/cart/use-cart';
import { CartLineItem } from './CartLineItem';

const line: CartLineView = {
  productId: 3,
  name: 'Anel Solitário',
  priceCents: 8990,
  quantidade: 2,
  image: null,
  estoque: 20,
};

function showLine(quantity: number, maxPerCustomer?: { max: number; room: number }) {
  const onChange = vi.fn();
  render(
    <MemoryRouter>
      <ul>
        <CartLineItem
          line={line}
          quantity={quantity}
          maxPerCustomer={maxPerCustomer}
          onChange={onChange}
          onAskRemove={() => {}}
          onNavigate={() => {}}
        />
      </ul>
    </MemoryRouter>,
  );
  return onChange;
}

describe("a cart line and its piece's maximum", () => {
  it('below it, the plus adds and nothing is said', () => {
    const onChange = showLine(2, { max: 3, room: 3 });
    fireEvent.click(screen.getByTestId('cart-line-plus'));
    expect(onChange).toHaveBeenCalledWith(1);
    expect(screen.queryByTestId('cart-line-max')).toBeNull();
  });

  it('at it, the plus stops and the line says the limit; the minus still works', () => {
    const onChange = showLine(3, { max: 3, room: 3 });
    const plus = screen.getByTestId('cart-line-plus') as HTMLButtonElement;
    expect(plus.disabled).toBe(true);
    expect(plus.title).toBe('Limite de 3 unidades por cliente.');
    expect(screen.getByTestId('cart-line-max').textContent).toBe(
      'Limite de 3 unidades por cliente.',
    );
    fireEvent.click(plus);
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('cart-line-minus'));
    expect(onChange).toHaveBeenCalledWith(-1);
  });

  it('counts the other sizes of the piece: its room is what they leave', () => {
    showLine(1, { max: 3, room: 1 });
    expect((screen.getByTestId('cart-line-plus') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('cart-line-max').textContent).toBe(
      'Limite de 3 unidades por cliente.',
    );
  });

  it('without a known maximum, only the stock stops it', () => {
    showLine(2);
    expect((screen.getByTestId('cart-line-plus') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId('cart-line-max')).toBeNull();
  });
});
