import { describe, expect, it } from 'vitest';
import {
  cartBadgeCount,
  cartItemCount,
  cartSubtotal,
  CART_CHANGE_MAX,
  clampQuantity,
  isCartAddition,
  isCartDelta,
  lineSubtotal,
  toCartLine,
  type CartLine,
} from './cart';

const l = (productId: string, quantidade: number, priceCents = 1000): CartLine => ({
  productId,
  name: `Produto ${productId}`,
  priceCents,
  quantidade,
  image: null,
});

describe('toCartLine', () => {
  it('reads the server shape', () => {
    expect(
      toCartLine({
        produto: { id: 7, name: 'Anel', price: '129.90', image: 'a.svg' },
        quantidade: 2,
      }),
    ).toEqual({
      productId: '7',
      name: 'Anel',
      priceCents: 12990,
      quantidade: 2,
      image: 'a.svg',
    });
  });

  it('reads the guest shape', () => {
    expect(toCartLine({ id: '7', name: 'Anel', price: 129.9, quantidade: 1 })).toMatchObject({
      productId: '7',
      priceCents: 12990,
      image: null,
    });
  });
});

describe('subtotals and badge', () => {
  const lines = [l('1', 3, 10), l('2', 1, 12990), l('3', 2, 5990)];

  it('line subtotal = quantity x price', () => {
    expect(lineSubtotal(l('1', 3, 10))).toBe(30);
  });

  it('cart subtotal in centavos', () => {
    expect(cartSubtotal(lines)).toBe(30 + 12990 + 11980);
    expect(cartSubtotal([])).toBe(0);
  });

  it('badge counts distinct products, not units', () => {
    expect(cartBadgeCount(lines)).toBe(3);
    expect(cartItemCount(lines)).toBe(6);
    expect(cartBadgeCount([])).toBe(0);
  });
});

describe('clampQuantity to [1, stock]', () => {
  it.each([
    [0, 5, 1],
    [-3, 5, 1],
    [3, 5, 3],
    [5, 5, 5],
    [9, 5, 5],
    [2.7, 5, 2],
    [Number.NaN, 5, 1],
    [3, 0, 1],
  ])('%d with stock %d -> %d', (q, stock, out) => {
    expect(clampQuantity(q, stock)).toBe(out);
  });
});

describe('cart call quantities', () => {
  it.each([1, -1, 5, -998, CART_CHANGE_MAX, -CART_CHANGE_MAX])('delta %s is valid', (d) => {
    expect(isCartDelta(d)).toBe(true);
  });

  it.each([0, -0, 1000, -1000, 1.5, Number.NaN, Infinity, '1', null, undefined, true])(
    'delta %s is refused',
    (d) => {
      expect(isCartDelta(d)).toBe(false);
    },
  );

  it.each([1, 2, CART_CHANGE_MAX])('addition %s is valid', (q) => {
    expect(isCartAddition(q)).toBe(true);
  });

  it.each([0, -1, 1000, 2.5, '3', null, undefined])('addition %s is refused', (q) => {
    expect(isCartAddition(q)).toBe(false);
  });
});
