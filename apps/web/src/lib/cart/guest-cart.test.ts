import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addToGuestCart,
  changeGuestQuantity,
  clearGuestCart,
  readGuestCart,
  removeFromGuestCart,
  subscribeGuestCart,
  type GuestProduct,
} from './guest-cart';

const ring: GuestProduct = {
  id: 3,
  name: 'Anel Solitário',
  price: '89.90',
  image: '/media/anel.webp',
  estoque: 2,
};
const necklace: GuestProduct = { id: 9, name: 'Colar Elo', price: '149.00', image: null };

/** What a reload finds on the device: the raw JSON under 'cart'. */
function stored(): unknown {
  const raw = window.localStorage.getItem('cart');
  return raw === null ? null : JSON.parse(raw);
}

beforeEach(() => {
  window.localStorage.clear();
});

describe("a guest's cart on her device", () => {
  it("keeps the SPEC's fields under 'cart' in localStorage", () => {
    expect(addToGuestCart(ring)).toBe(true);
    expect(stored()).toEqual([
      {
        id: 3,
        name: 'Anel Solitário',
        price: '89.90',
        image: '/media/anel.webp',
        quantidade: 1,
        estoque: 2,
      },
    ]);
  });

  it('survives a reload: a cart written by an earlier visit is read back', () => {
    window.localStorage.setItem(
      'cart',
      JSON.stringify([
        { id: 3, name: 'Anel Solitário', price: '89.90', image: null, quantidade: 2 },
        { id: '9', name: 'Colar Elo', price: 149, image: null, quantidade: 1 },
      ]),
    );
    expect(readGuestCart()).toEqual([
      { id: 3, name: 'Anel Solitário', price: '89.90', image: null, quantidade: 2 },
      { id: '9', name: 'Colar Elo', price: 149, image: null, quantidade: 1 },
    ]);
  });

  it('drops lines it cannot use and reads garbage as an empty cart', () => {
    window.localStorage.setItem(
      'cart',
      JSON.stringify([
        { id: 3, name: 'Anel Solitário', price: '89.90', quantidade: 0 },
        { id: 4, name: 'Pulseira', price: '59.90', quantidade: 1.5 },
        { id: 5, price: '10.00', quantidade: 1 },
        null,
        { id: 7, name: 'Brinco Gota', price: '59.90', quantidade: 1 },
      ]),
    );
    expect(readGuestCart().map((item) => item.id)).toEqual([7]);
    window.localStorage.setItem('cart', '{not json');
    expect(readGuestCart()).toEqual([]);
    window.localStorage.setItem('cart', '{"id": 3}');
    expect(readGuestCart()).toEqual([]);
  });

  it('answers the same list while nothing changed (a stable snapshot for React)', () => {
    addToGuestCart(ring);
    expect(readGuestCart()).toBe(readGuestCart());
  });

  it('is empty when the browser blocks storage', () => {
    addToGuestCart(ring);
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(readGuestCart()).toEqual([]);
  });
});

describe('adding', () => {
  it('adds one unit to the line already there, at the latest price', () => {
    addToGuestCart(ring);
    addToGuestCart({ ...ring, price: '79.90' });
    addToGuestCart(necklace);
    expect(readGuestCart()).toEqual([
      expect.objectContaining({ id: 3, quantidade: 2, price: '79.90' }),
      expect.objectContaining({ id: 9, quantidade: 1 }),
    ]);
  });

  it('stops at the stock and says nothing was added', () => {
    addToGuestCart(ring);
    addToGuestCart(ring);
    expect(addToGuestCart(ring)).toBe(false);
    expect(readGuestCart()[0]?.quantidade).toBe(2);
  });

  it('remembers the stock it saw when a later add does not tell it', () => {
    addToGuestCart(ring);
    addToGuestCart({ ...ring, estoque: undefined });
    expect(addToGuestCart({ ...ring, estoque: undefined })).toBe(false);
  });

  it('matches a line stored with a string id', () => {
    window.localStorage.setItem(
      'cart',
      JSON.stringify([{ id: '9', name: 'Colar Elo', price: '149.00', image: null, quantidade: 1 }]),
    );
    addToGuestCart(necklace);
    expect(readGuestCart()).toEqual([expect.objectContaining({ id: '9', quantidade: 2 })]);
  });
});

describe('changing and removing', () => {
  it('moves a quantity within 1 and the stock', () => {
    addToGuestCart(ring);
    changeGuestQuantity('3', 5);
    expect(readGuestCart()[0]?.quantidade).toBe(2);
    changeGuestQuantity('3', -5);
    expect(readGuestCart()[0]?.quantidade).toBe(1);
  });

  it('never goes below 1 when the stock is unknown', () => {
    addToGuestCart(necklace);
    changeGuestQuantity('9', 4);
    expect(readGuestCart()[0]?.quantidade).toBe(5);
    changeGuestQuantity('9', -10);
    expect(readGuestCart()[0]?.quantidade).toBe(1);
  });

  it('removes one line, and the key goes with the last one', () => {
    addToGuestCart(ring);
    addToGuestCart(necklace);
    removeFromGuestCart('3');
    expect(readGuestCart().map((item) => item.id)).toEqual([9]);
    removeFromGuestCart('9');
    expect(window.localStorage.getItem('cart')).toBeNull();
  });

  it('empties the cart after an order', () => {
    addToGuestCart(ring);
    clearGuestCart();
    expect(readGuestCart()).toEqual([]);
    expect(window.localStorage.getItem('cart')).toBeNull();
  });
});

describe('listening', () => {
  it('hears changes made in this tab and in another one', () => {
    const onChange = vi.fn();
    const stop = subscribeGuestCart(onChange);
    addToGuestCart(ring);
    expect(onChange).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new StorageEvent('storage', { key: 'cart' }));
    expect(onChange).toHaveBeenCalledTimes(2);

    stop();
    addToGuestCart(necklace);
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});
