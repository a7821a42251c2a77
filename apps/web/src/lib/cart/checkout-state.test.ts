import { describe, expect, it } from 'vitest';
import { CART_LINES, cartCheckoutState } from '@test/fixtures';
import { buildCheckoutState, readCheckoutState } from './checkout-state';

describe('what the cart hands the checkout', () => {
  it('carries the lines and every figure as decimal reais, with the quoted CEP', () => {
    expect(cartCheckoutState()).toEqual({
      cartData: {
        produtos: [
          {
            produto: { id: 3, name: 'Anel Solitário', price: '89.90', image: '/media/anel.webp' },
            name: 'Anel Solitário',
            price: '89.90',
            quantidade: 2,
          },
          {
            produto: { id: 7, name: 'Brinco Gota', price: '59.90', image: null },
            name: 'Brinco Gota',
            price: '59.90',
            quantidade: 1,
          },
        ],
        subtotal: '239.70',
        frete: '12.90',
        total: '252.60',
        cep: '01310-100',
      },
      dadosFrete: {
        valor: '12.90',
        valor_frete: '12.90',
        prazo: '3-5',
        gratis: false,
        motivo_gratis: null,
        regiao: 'Sudeste',
        peso_total: 0.6,
        cep: '01310-100',
        estimado: false,
        // The table quoted: nothing to choose.
        opcoes: [],
        servico_id: null,
      },
      totais: {
        subtotal: '239.70',
        subtotalComDesconto: '239.70',
        frete: '12.90',
        desconto: '0.00',
        total: '252.60',
      },
      cepDestino: '01310-100',
    });
  });

  it('totals a free-shipping cart at its subtotal, and says when the quote was an estimate', () => {
    const state = buildCheckoutState([{ ...CART_LINES[0]!, priceCents: 32000, quantidade: 2 }], {
      cep: '20040-020',
      quote: {
        valor: 0,
        prazo: '3-5',
        gratis: true,
        motivo_gratis: 'Compra acima de R$ 600,00',
        regiao: 'Sul',
        peso_total: 0.4,
      },
      quotedFor: { subtotalCents: 64000, itemCount: 2 },
      estimated: true,
    });
    expect(state.totais).toMatchObject({ subtotal: '640.00', frete: '0.00', total: '640.00' });
    expect(state.dadosFrete).toMatchObject({
      gratis: true,
      motivo_gratis: 'Compra acima de R$ 600,00',
      estimado: true,
    });
  });
});

describe('reading it at /checkout', () => {
  it("accepts the cart's state", () => {
    const state = cartCheckoutState();
    expect(readCheckoutState(state)).toBe(state);
  });

  it('finds nothing after a reload or a typed URL', () => {
    expect(readCheckoutState(null)).toBeNull();
    expect(readCheckoutState(undefined)).toBeNull();
    expect(readCheckoutState('checkout')).toBeNull();
    expect(readCheckoutState({ from: '/carrinho' })).toBeNull();
  });

  it('refuses an empty cart, unreadable totals or no CEP', () => {
    const state = cartCheckoutState();
    expect(readCheckoutState({ ...state, cartData: { ...state.cartData, produtos: [] } })).toBe(
      null,
    );
    expect(readCheckoutState({ ...state, totais: { ...state.totais, total: 'abc' } })).toBeNull();
    expect(readCheckoutState({ ...state, totais: undefined })).toBeNull();
    expect(readCheckoutState({ ...state, cepDestino: undefined })).toBeNull();
  });
});
