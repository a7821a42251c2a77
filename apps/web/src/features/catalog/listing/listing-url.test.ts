import { describe, expect, it } from 'vitest';
import { NO_LISTING_FILTERS } from '@semijoias/domain/listing';
import { activeFilterCount, listingApiQuery, listingSearch, readListing } from './listing-url';

const read = (query: string) => readListing(new URLSearchParams(query));

describe('readListing: the address to the filters', () => {
  it('nothing asked: the defaults', () => {
    expect(read('')).toEqual(NO_LISTING_FILTERS);
    expect(read('pagina=3&utm_source=zap')).toEqual(NO_LISTING_FILTERS);
  });

  it('every parameter', () => {
    expect(
      read(
        'ordem=menor-preco&preco_min=50&preco_max=149,90&banho=rose&banho=dourado&tamanho=16&tamanho=%2014%20&promocao=1',
      ),
    ).toEqual({
      sort: 'menor-preco',
      priceMinCents: 5000,
      priceMaxCents: 14990,
      platings: ['dourado', 'rose'],
      sizes: ['16', '14'],
      promo: true,
    });
  });

  it('what it says wrong is left out; a range the wrong way round is turned', () => {
    expect(
      read('ordem=barato&preco_min=abc&banho=ouro&banho=rodio&tamanho=&promocao=sim&preco_max=-1'),
    ).toEqual({ ...NO_LISTING_FILTERS, platings: ['rodio'] });
    expect(read('preco_min=200&preco_max=100')).toMatchObject({
      priceMinCents: 10000,
      priceMaxCents: 20000,
    });
  });
});

describe('listingSearch: the filters to the address', () => {
  it('the own parameters first, the defaults and page 1 left out', () => {
    expect(listingSearch([], NO_LISTING_FILTERS)).toBe('');
    expect(listingSearch([], NO_LISTING_FILTERS, 2)).toBe('?pagina=2');
    expect(listingSearch([['q', 'anel dourado']], NO_LISTING_FILTERS, 1)).toBe('?q=anel+dourado');
  });

  it('one order whatever the order chosen, and back again', () => {
    const search = listingSearch(
      [['q', 'colar']],
      {
        sort: 'novidades',
        priceMinCents: 4990,
        priceMaxCents: null,
        platings: ['rose', 'dourado'],
        sizes: ['45 cm', '40 cm'],
        promo: true,
      },
      3,
    );
    expect(search).toBe(
      '?q=colar&ordem=novidades&preco_min=49.90&banho=dourado&banho=rose&tamanho=40+cm&tamanho=45+cm&promocao=1&pagina=3',
    );
    expect(readListing(new URLSearchParams(search))).toEqual({
      sort: 'novidades',
      priceMinCents: 4990,
      priceMaxCents: null,
      platings: ['dourado', 'rose'],
      sizes: ['40 cm', '45 cm'],
      promo: true,
    });
  });
});

it('listingApiQuery: the same words, no page', () => {
  expect(listingApiQuery(NO_LISTING_FILTERS)).toBe('');
  expect(listingApiQuery({ ...NO_LISTING_FILTERS, sort: 'maior-preco', sizes: ['16'] })).toBe(
    'ordem=maior-preco&tamanho=16',
  );
});

it('activeFilterCount: the price range counts once, the sort not at all', () => {
  expect(activeFilterCount({ ...NO_LISTING_FILTERS, sort: 'novidades' })).toBe(0);
  expect(
    activeFilterCount({
      ...NO_LISTING_FILTERS,
      priceMinCents: 100,
      priceMaxCents: 200,
      platings: ['dourado', 'rodio'],
      promo: true,
    }),
  ).toBe(4);
});
