import { describe, expect, it } from 'vitest';
import {
  ADDRESS_HOLDS_TOO_MUCH,
  isValidMaxPerCustomer,
  maxPerCustomerMessage,
  maxPerCustomerNote,
  purchaseLimitMessage,
  purchaseLimitMet,
  TOO_MANY_UNPAID_ORDERS,
  type HeldNow,
} from './purchase-limits';

const nothing: HeldNow = { orders: 0, unitsByPiece: new Map(), unitsFromAddress: 0 };
const ring = { productId: 7, name: 'Anel Solitário', quantity: 2, max: 2 };

describe('purchaseLimitMet', () => {
  it('lets an order within every limit through', () => {
    expect(purchaseLimitMet(nothing, [ring], 300)).toBeNull();
  });

  it('counts what she already holds of the piece against its maximum', () => {
    const held = { ...nothing, unitsByPiece: new Map([[7, 1]]) };
    const refusal = purchaseLimitMet(held, [ring], 300);
    expect(refusal).toEqual({ kind: 'piece', piece: ring, alreadyHeld: 1 });
    expect(purchaseLimitMessage(refusal!)).toBe(
      'Cada cliente pode levar no máximo 2 unidades de "Anel Solitário". Você já tem 1 unidade em pedidos aguardando pagamento.',
    );
    expect(purchaseLimitMet(held, [{ ...ring, quantity: 1 }], 300)).toBeNull();
  });

  it('refuses a sixth unpaid order before anything else', () => {
    const refusal = purchaseLimitMet({ ...nothing, orders: 5 }, [ring], 300);
    expect(purchaseLimitMessage(refusal!)).toBe(TOO_MANY_UNPAID_ORDERS);
  });

  it('refuses what would take the address past its units, not up to them', () => {
    expect(purchaseLimitMet({ ...nothing, unitsFromAddress: 298 }, [ring], 300)).toBeNull();
    const refusal = purchaseLimitMet({ ...nothing, unitsFromAddress: 299 }, [ring], 300);
    expect(purchaseLimitMessage(refusal!)).toBe(ADDRESS_HOLDS_TOO_MUCH);
  });
});

describe('the words', () => {
  it('say one unit and many units', () => {
    expect(maxPerCustomerNote(1)).toBe('Limite de 1 unidade por cliente.');
    expect(maxPerCustomerNote(3)).toBe('Limite de 3 unidades por cliente.');
    expect(maxPerCustomerMessage('Colar Ponto de Luz', 1, 0)).toBe(
      'Cada cliente pode levar no máximo 1 unidade de "Colar Ponto de Luz".',
    );
  });

  it('accept a maximum of 1 to 99 whole units', () => {
    expect([1, 99].every(isValidMaxPerCustomer)).toBe(true);
    expect([0, 100, 2.5, Number.NaN].some(isValidMaxPerCustomer)).toBe(false);
  });
});
