/**
 * A cart with two sizes of one ring on its way to api/pay, each line naming its size.
 */
import { describe, expect, it } from 'vitest';
import { buildCheckoutState } from '@/lib/cart/checkout-state';
import { cartLineKey, type CartLineView } from '@/lib/cart/use-cart';
import { attemptFingerprint } from './attempt';
import { buildPayBody } from './checkout-model';

describe('on the way to api/pay', () => {
  const line = (fields: Partial<CartLineView>): CartLineView => ({
    productId: 3,
    name: 'Anel Solitário',
    priceCents: 8990,
    quantidade: 1,
    image: null,
    estoque: 5,
    ...fields,
  });
  const lines = [
    line({ variationId: 41, variationLabel: 'Aro 16', quantidade: 2 }),
    line({ variationId: 43, variationLabel: 'Aro 18' }),
    line({ productId: 7, name: 'Brinco Gota', priceCents: 5990 }),
  ];

  it('gives each line its own key', () => {
    expect(lines.map(cartLineKey)).toEqual(['3:41', '3:43', '7']);
  });

  it("sends each line's variacao_id, the same ring twice as two lines", () => {
    const state = buildCheckoutState(lines, {
      cep: '01310-100',
      quote: {
        valor: 1290,
        prazo: '3-5',
        gratis: false,
        motivo_gratis: null,
        regiao: 'Sudeste',
        peso_total: 0.8,
      },
      quotedFor: { subtotalCents: 32960, itemCount: 4 },
      estimated: false,
    });
    expect(state.cartData.produtos.map((p) => p.variacao_label)).toEqual([
      'Aro 16',
      'Aro 18',
      undefined,
    ]);
    const totals = { subtotal: 32960, subtotalComDesconto: 32960, frete: 1290, desconto: 0 };
    const body = buildPayBody(
      state,
      '01310100',
      { ...totals, total: 34250, descontoPix: 0 },
      null,
      'cartao',
    );
    expect(body.produtos).toEqual([
      {
        produto: { id: 3, name: 'Anel Solitário', price: '89.90', image: null },
        name: 'Anel Solitário',
        price: '89.90',
        quantidade: 2,
        variacao_id: 41,
      },
      {
        produto: { id: 3, name: 'Anel Solitário', price: '89.90', image: null },
        name: 'Anel Solitário',
        price: '89.90',
        quantidade: 1,
        variacao_id: 43,
      },
      {
        produto: { id: 7, name: 'Brinco Gota', price: '59.90', image: null },
        name: 'Brinco Gota',
        price: '59.90',
        quantidade: 1,
      },
    ]);
    // Another size is another cart: a new try, not the old order.
    const other = body.produtos.map((p, i) => (i === 0 ? { ...p, variacao_id: 42 } : p));
    expect(attemptFingerprint(other, '', 'cartao')).not.toBe(
      attemptFingerprint(body.produtos, '', 'cartao'),
    );
  });
});
