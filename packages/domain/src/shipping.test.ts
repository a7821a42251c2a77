import { describe, expect, it } from 'vitest';
import {
  FREE_SHIPPING_REASON,
  FREE_SHIPPING_THRESHOLD,
  freeShippingProgress,
  isCartQuoteStale,
  isQuoteStale,
  quoteFromWire,
  quoteShipping,
  quoteToWire,
  quoteWithService,
  SHIPPING_FALLBACK_LABEL,
  weightSurcharge,
} from './shipping';

describe('quoteShipping: the fallback table by the first two CEP digits (SPEC §9)', () => {
  it.each([
    ['01310-100', 'Sudeste', 1290, '3-5'],
    ['19999-999', 'Sudeste', 1290, '3-5'],
    ['20040-020', 'Sul', 1890, '5-7'],
    ['28999-999', 'Sul', 1890, '5-7'],
    ['40010-000', 'Nordeste', 2290, '7-10'],
    ['48999-999', 'Nordeste', 2290, '7-10'],
    ['50000-000', 'Centro-Oeste', 1990, '6-8'],
    ['56999-999', 'Centro-Oeste', 1990, '6-8'],
    ['69000-000', 'Norte', 2890, '8-12'],
    ['76999-999', 'Norte', 2890, '8-12'],
    ['00000-000', '', 1590, '5-8'],
    ['29000-000', '', 1590, '5-8'],
    ['30130-000', '', 1590, '5-8'],
    ['49000-000', '', 1590, '5-8'],
    ['57000-000', '', 1590, '5-8'],
    ['68000-000', '', 1590, '5-8'],
    ['77000-000', '', 1590, '5-8'],
    ['90010-000', '', 1590, '5-8'],
  ])('%s -> %j R$ %i centavos, %s days', (cep, regiao, valor, prazo) => {
    expect(quoteShipping({ cep, subtotalCents: 10000, itemCount: 1 })).toEqual({
      valor,
      prazo,
      gratis: false,
      motivo_gratis: null,
      regiao,
      peso_total: 0.2,
    });
  });

  it('accepts the CEP without its mask', () => {
    expect(quoteShipping({ cep: '01310100', subtotalCents: 100, itemCount: 1 }).valor).toBe(1290);
  });

  it.each(['0131', '01310-10', '0131a-100', ''])('refuses an incomplete CEP %j', (cep) => {
    expect(() => quoteShipping({ cep, subtotalCents: 100, itemCount: 1 })).toThrow(RangeError);
  });
});

describe('weight: 0.2 kg per item, R$ 3,50 per started kg above 1 kg', () => {
  it.each([
    [1, 0.2, 1290],
    [5, 1.0, 1290],
    [6, 1.2, 1290 + 350],
    [10, 2.0, 1290 + 350],
    [11, 2.2, 1290 + 700],
    [16, 3.2, 1290 + 1050],
  ])('%i items = %f kg -> %i centavos (Sudeste)', (itemCount, kg, valor) => {
    const quote = quoteShipping({ cep: '01310-100', subtotalCents: 10000, itemCount });
    expect(quote.peso_total).toBe(kg);
    expect(quote.valor).toBe(valor);
  });

  it('surcharge by grams', () => {
    expect(weightSurcharge(0)).toBe(0);
    expect(weightSurcharge(1000)).toBe(0);
    expect(weightSurcharge(1001)).toBe(350);
    expect(weightSurcharge(2000)).toBe(350);
    expect(weightSurcharge(2001)).toBe(700);
  });
});

describe('free shipping from R$ 600,00', () => {
  it('threshold is 60000 centavos', () => {
    expect(FREE_SHIPPING_THRESHOLD).toBe(60000);
  });

  it.each(['01310-100', '69000-000', '90010-000'])(
    'at exactly R$ 600,00 it is free (%s), even heavy',
    (cep) => {
      const quote = quoteShipping({ cep, subtotalCents: 60000, itemCount: 11 });
      expect(quote).toMatchObject({
        valor: 0,
        prazo: '3-5',
        gratis: true,
        motivo_gratis: 'Compra acima de R$ 600,00',
        peso_total: 2.2,
      });
    },
  );

  it('one centavo less is charged', () => {
    expect(quoteShipping({ cep: '01310-100', subtotalCents: 59999, itemCount: 1 })).toMatchObject({
      valor: 1290,
      gratis: false,
    });
  });
});

describe('freeShippingProgress', () => {
  it.each([
    [0, 0, 60000, false],
    [30000, 50, 30000, false],
    [59999, 99, 1, false],
    [60000, 100, 0, true],
    [90000, 100, 0, true],
  ])('%i centavos -> %i%%, %i remaining', (subtotal, percent, remainingCents, qualifies) => {
    expect(freeShippingProgress(subtotal)).toEqual({ percent, remainingCents, qualifies });
  });
});

describe('isQuoteStale: more than R$ 0,01 of difference', () => {
  it.each([
    [10000, 10000, false],
    [10000, 10001, false],
    [10001, 10000, false],
    [10000, 10002, true],
    [10002, 10000, true],
    [10000, 0, true],
  ])('quoted %i, now %i -> %s', (quoted, current, stale) => {
    expect(isQuoteStale(quoted, current)).toBe(stale);
  });
});

it('fallback label', () => {
  expect(SHIPPING_FALLBACK_LABEL).toBe('Erro no cálculo. Valor estimado.');
});

describe('wire format of api/calcular-frete/', () => {
  const quote = quoteShipping({ cep: '20040-020', subtotalCents: 10000, itemCount: 6 });

  it('writes money as decimal strings, under valor and valor_frete', () => {
    expect(quoteToWire(quote)).toEqual({
      valor: '22.40',
      valor_frete: '22.40',
      prazo: '5-7',
      gratis: false,
      motivo_gratis: null,
      regiao: 'Sul',
      peso_total: 1.2,
    });
  });

  it('reads it back, from valor or valor_frete, string or number', () => {
    expect(quoteFromWire(quoteToWire(quote))).toEqual(quote);
    expect(quoteFromWire({ valor_frete: 12.9, prazo: '3-5' })).toMatchObject({
      valor: 1290,
      prazo: '3-5',
    });
    expect(quoteFromWire({ valor: '0.00', gratis: true })).toMatchObject({
      valor: 0,
      gratis: true,
    });
    expect(quoteFromWire({ prazo: '3-5' })).toBeNull();
    expect(quoteFromWire({ valor: 'grátis' })).toBeNull();
  });
});

describe('isCartQuoteStale: the subtotal or the units moved', () => {
  const cart = (subtotalCents: number, itemCount: number) => ({ subtotalCents, itemCount });
  it.each([
    [cart(10000, 2), cart(10000, 2), false],
    [cart(10000, 2), cart(10001, 2), false],
    [cart(10000, 2), cart(10002, 2), true],
    [cart(10000, 2), cart(10000, 3), true],
    [cart(10000, 2), cart(9999, 1), true],
  ])('quoted %j, now %j -> %s', (quoted, current, stale) => {
    expect(isCartQuoteStale(quoted, current)).toBe(stale);
  });
});

describe('quoteWithService (issue 35)', () => {
  const table = quoteShipping({ cep: '20040020', subtotalCents: 8990, itemCount: 1 });

  it("takes the service's price, days and free mark; the region and weight stay", () => {
    expect(quoteWithService(table, { valor: 2745, prazo: '1-2', gratis: false })).toEqual({
      ...table,
      valor: 2745,
      prazo: '1-2',
      gratis: false,
      motivo_gratis: null,
    });
  });

  it('names the R$ 600 rule on a free service, and drops it on a paid one', () => {
    const free = quoteWithService(table, { valor: 0, prazo: '4-5', gratis: true });
    expect(free).toMatchObject({ gratis: true, motivo_gratis: FREE_SHIPPING_REASON });
    expect(
      quoteWithService(free, { valor: 2745, prazo: '1-2', gratis: false }).motivo_gratis,
    ).toBeNull();
  });
});
