import { formatBRL } from '@semijoias/domain/money';
import { describe, expect, it } from 'vitest';
import { addressLines, orderDateText, orderDateTimeAttribute, orderFigures } from './order-model';

/** Two rings at R$ 89,90 and an earring at R$ 59,90: what the lines add up to. */
const LINES_CENTS = 23970;

describe('the figures she pays', () => {
  it("shows the order's own subtotal, discount, shipping, total and coupon", () => {
    const figures = orderFigures(
      {
        subtotal: '239.70',
        desconto: '23.97',
        frete: '12.90',
        total: '228.63',
        cupom: ' BOASVINDAS ',
      },
      LINES_CENTS,
    );
    expect(figures).toEqual({
      subtotal: 23970,
      discount: 2397,
      pixDiscount: 0,
      shipping: 1290,
      total: 22863,
      coupon: 'BOASVINDAS',
      paidWith: null,
      carrier: null,
    });
    expect(formatBRL(figures.total)).toBe('R$ 228,63');
  });

  it('shows the PIX discount of an order paid by PIX, and takes it off a missing total', () => {
    const pix = { subtotal: '129.90', desconto: '0.00', desconto_pix: '6.50', frete: '12.90' };
    expect(orderFigures({ ...pix, total: '136.30' }, 12990)).toMatchObject({
      pixDiscount: 650,
      total: 13630,
    });
    expect(orderFigures(pix, 12990).total).toBe(13630);
    // A card order answers '0.00'; an older answer leaves it out.
    expect(orderFigures({ desconto_pix: '0.00', total: '142.80' }, 12990).pixDiscount).toBe(0);
    expect(orderFigures({ total: '142.80' }, 12990).pixDiscount).toBe(0);
  });

  it("shows the order's total even when the answer gives no breakdown of it", () => {
    // The lines add up to the products only; what she paid includes the shipping.
    expect(orderFigures({ total: '252.60' }, LINES_CENTS)).toMatchObject({
      subtotal: LINES_CENTS,
      shipping: null,
      total: 25260,
    });
  });

  it('adds subtotal less discount plus shipping when the total is missing', () => {
    expect(
      orderFigures({ subtotal: '239.70', desconto: '23.97', frete: '12.90' }, LINES_CENTS).total,
    ).toBe(22863);
    expect(orderFigures({ subtotal: 100, frete: 18.9, total: null }, LINES_CENTS).total).toBe(
      11890,
    );
  });

  it("falls back to the lines' sum for an older answer, and leaves the shipping row out", () => {
    expect(orderFigures({}, LINES_CENTS)).toEqual({
      subtotal: LINES_CENTS,
      discount: 0,
      pixDiscount: 0,
      shipping: null,
      total: LINES_CENTS,
      coupon: null,
      paidWith: null,
      carrier: null,
    });
    expect(orderFigures({ subtotal: '', frete: null, cupom: '  ' }, LINES_CENTS)).toMatchObject({
      subtotal: LINES_CENTS,
      shipping: null,
      coupon: null,
    });
  });

  it('keeps free shipping as 0 (shown as Grátis) and never a negative discount', () => {
    const figures = orderFigures(
      { subtotal: '640.00', desconto: '-5.00', frete: '0.00', total: '640.00' },
      64000,
    );
    expect(figures.shipping).toBe(0);
    expect(figures.discount).toBe(0);
  });
});

describe("the order's date", () => {
  it("shows data_pedido as the API writes it, São Paulo's time", () => {
    expect(orderDateText({ data_pedido: '23/11/2026 às 11:30' })).toBe('23/11/2026 às 11:30');
  });

  it('writes an instant in the same format, in São Paulo time', () => {
    expect(orderDateText({ data_pedido: '2026-11-23T14:30:00Z' })).toBe('23/11/2026 às 11:30');
    expect(orderDateText({ data_pedido: ' ', created_at: '2026-11-23T14:30:00.000Z' })).toBe(
      '23/11/2026 às 11:30',
    );
  });

  it("says 'Data não disponível' without a date and 'Data inválida' for one it cannot read", () => {
    expect(orderDateText({})).toBe('Data não disponível');
    expect(orderDateText({ data_pedido: null, created_at: '' })).toBe('Data não disponível');
    expect(orderDateText({ created_at: 'ontem' })).toBe('Data inválida');
    expect(orderDateText({ data_pedido: '31/02/2026 às 10:00' })).toBe('Data inválida');
  });

  it('gives <time> a machine-readable instant only when created_at can be read', () => {
    expect(orderDateTimeAttribute({ created_at: '2026-11-23T14:30:00Z' })).toBe(
      '2026-11-23T14:30:00.000Z',
    );
    expect(orderDateTimeAttribute({ created_at: 'ontem' })).toBeUndefined();
    expect(orderDateTimeAttribute({})).toBeUndefined();
  });
});

describe('the delivery address on the return page', () => {
  const address = {
    nome_completo: 'Ana Souza',
    endereco: 'Avenida Paulista',
    numero: '1000',
    complemento: 'ap 12',
    bairro: 'Bela Vista',
    cidade: 'São Paulo',
    estado: 'SP',
    cep: '01310100',
  };

  it('reads like a label', () => {
    expect(addressLines(address)).toEqual([
      'Ana Souza',
      'Avenida Paulista, 1000 - ap 12',
      'Bela Vista',
      'São Paulo - SP',
      'CEP 01310-100',
    ]);
  });

  it('leaves out what the order does not have', () => {
    expect(addressLines({ ...address, complemento: null, bairro: '', cep: '' })).toEqual([
      'Ana Souza',
      'Avenida Paulista, 1000',
      'São Paulo - SP',
    ]);
  });
});

describe("the order's carrier (issue 35)", () => {
  it("reads 'Correios · SEDEX', and nothing when the table quoted", () => {
    const lines = 8000;
    expect(
      orderFigures(
        { frete: '29.90', frete_transportadora: 'Correios', frete_servico_nome: 'SEDEX' },
        lines,
      ).carrier,
    ).toBe('Correios · SEDEX');
    expect(
      orderFigures({ frete: '12.90', frete_transportadora: null, frete_servico_nome: null }, lines)
        .carrier,
    ).toBeNull();
  });
});
