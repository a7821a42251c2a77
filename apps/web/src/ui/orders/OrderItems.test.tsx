import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderItems } from './OrderItems';

describe("an order's pieces (her orders, the return page)", () => {
  it("names a line's size under the product's name, and nothing for a piece without one", () => {
    render(
      <OrderItems
        items={[
          {
            produto: { id: 5, name: 'Anel Aurora', price: '89.90', image: null },
            quantidade: 1,
            variacao: { id: 43, nome: '16' },
            nome_variacao: 'Aro',
          },
          {
            produto: { id: 9, name: 'Colar Elo', price: '149.00', image: null },
            quantidade: 1,
            variacao: { id: 50, nome: '45 cm' },
            nome_variacao: 'Comprimento',
          },
          {
            produto: { id: 7, name: 'Brinco Gota', price: '59.90', image: null },
            quantidade: 2,
            variacao: null,
            nome_variacao: null,
          },
        ]}
      />,
    );
    expect(screen.getAllByTestId('order-item-variation').map((e) => e.textContent)).toEqual([
      'Aro 16',
      'Comprimento 45 cm',
    ]);
    expect(screen.getAllByTestId('order-item')[2]?.textContent).not.toContain('Aro');
  });
});
