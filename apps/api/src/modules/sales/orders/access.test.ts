import { describe, expect, it } from 'vitest';
import { hashToken } from '../../../lib/secrets.js';
import { mayAccessOrder } from './access.js';

const chave = 'segredo-do-pedido';
const guestOrder = { userId: null, accessKeyHash: hashToken(chave) };
const herOrder = { userId: 7, accessKeyHash: hashToken(chave) };

describe('who may see or pay an order (the one rule)', () => {
  it('her bearer opens her own order, to see and to pay', () => {
    for (const purpose of ['view', 'pay'] as const)
      expect(mayAccessOrder(herOrder, { userId: 7, chave: undefined }, purpose)).toBe(true);
  });

  it("another customer's bearer opens nothing, whatever she tries", () => {
    for (const purpose of ['view', 'pay'] as const) {
      expect(mayAccessOrder(herOrder, { userId: 8, chave: undefined }, purpose)).toBe(false);
      expect(mayAccessOrder(guestOrder, { userId: 8, chave: 'errada' }, purpose)).toBe(false);
    }
  });

  it("a guest's order opens with its chave only, to see and to pay", () => {
    for (const purpose of ['view', 'pay'] as const) {
      expect(mayAccessOrder(guestOrder, { userId: undefined, chave }, purpose)).toBe(true);
      expect(mayAccessOrder(guestOrder, { userId: undefined, chave: 'errada' }, purpose)).toBe(
        false,
      );
      expect(mayAccessOrder(guestOrder, { userId: undefined, chave: '' }, purpose)).toBe(false);
      expect(mayAccessOrder(guestOrder, { userId: undefined, chave: null }, purpose)).toBe(false);
    }
  });

  it("a customer's order opens with its chave to be seen (her link on another device), not to be paid", () => {
    expect(mayAccessOrder(herOrder, { userId: undefined, chave }, 'view')).toBe(true);
    expect(mayAccessOrder(herOrder, { userId: undefined, chave }, 'pay')).toBe(false);
    expect(mayAccessOrder(herOrder, { userId: 8, chave }, 'pay')).toBe(false);
  });
});
