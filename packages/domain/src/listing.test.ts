import { describe, expect, it } from 'vitest';
import {
  compareSizes,
  formatPriceParam,
  listingQueryEntries,
  NO_LISTING_FILTERS,
  parsePriceParam,
  platingFromName,
} from './listing';

describe('prices in an address', () => {
  it.each([
    ['50', 5000],
    ['49.90', 4990],
    ['49,9', 4990],
    [' 0 ', 0],
    ['100000', 10_000_000],
  ])('%j -> %j centavos', (text, cents) => {
    expect(parsePriceParam(text)).toBe(cents);
  });

  it.each(['', '-1', '1e3', '49.999', 'abc', '100000.01', '1.000,00'])('%j is no price', (text) => {
    expect(parsePriceParam(text)).toBeNull();
  });

  it('writes whole reais without decimals, and reads back what it writes', () => {
    expect(formatPriceParam(5000)).toBe('50');
    expect(formatPriceParam(4990)).toBe('49.90');
    expect(formatPriceParam(5)).toBe('0.05');
    for (const cents of [0, 5, 4990, 5000, 12345]) {
      expect(parsePriceParam(formatPriceParam(cents))).toBe(cents);
    }
  });
});

describe('listingQueryEntries', () => {
  it('leaves the defaults out', () => {
    expect(listingQueryEntries(NO_LISTING_FILTERS)).toEqual([]);
  });

  it('writes one order whatever the order chosen', () => {
    expect(
      listingQueryEntries({
        sort: 'menor-preco',
        priceMinCents: 5000,
        priceMaxCents: 15000,
        platings: ['rose', 'dourado'],
        sizes: ['16', '8', '16'],
        promo: true,
      }),
    ).toEqual([
      ['ordem', 'menor-preco'],
      ['preco_min', '50'],
      ['preco_max', '150'],
      ['banho', 'dourado'],
      ['banho', 'rose'],
      ['tamanho', '8'],
      ['tamanho', '16'],
      ['promocao', '1'],
    ]);
  });
});

it('sizes sort as numbers, then by name', () => {
  expect(['26', '8', '14', 'P', '45 cm', '40 cm'].sort(compareSizes)).toEqual([
    '8',
    '14',
    '26',
    '40 cm',
    '45 cm',
    'P',
  ]);
});

it.each([
  ['Anel Halo Rubi Ródio', 'rodio'],
  ['Anel Riviera Ródio Negro Zircônias Negras', 'rodio-negro'],
  ['Brinco Argola Torcida Rosé', 'rose'],
  ['Pulseira Berloques Coração Prateada', 'prateado'],
  ['Brinco Maxi Argola Grossa Dourada', 'dourado'],
  ['Colar Veneziana Pingente Gota Esmeralda', null],
])('platingFromName(%j) -> %j', (name, code) => {
  expect(platingFromName(name)).toBe(code);
});
