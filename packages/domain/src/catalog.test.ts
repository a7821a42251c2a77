import { describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  CATEGORY_PAGE_SIZE,
  FEATURED_COUNT,
  findCategory,
  normalizeSearchText,
  pageCounterText,
  productPagePath,
  productSearchText,
  searchWords,
} from './catalog';

describe('CATEGORIES', () => {
  it('has the four categories with their routes (SPEC §2)', () => {
    expect(CATEGORIES.map((c) => [c.name, c.slug])).toEqual([
      ['Anel', 'aneis'],
      ['Brinco', 'brincos'],
      ['Pulseira', 'pulseiras'],
      ['Colar', 'colares'],
    ]);
  });

  it('each empty state reads "Não há ... disponíveis no momento"', () => {
    for (const c of CATEGORIES) expect(c.emptyText).toMatch(/^Não há .+ disponíveis no momento$/);
  });
});

describe('findCategory', () => {
  it.each([
    ['aneis', 'Anel'],
    ['Anéis', 'Anel'],
    ['ANEL', 'Anel'],
    ['brincos', 'Brinco'],
    ['Pulseira', 'Pulseira'],
    ['colares', 'Colar'],
    [' Colar ', 'Colar'],
  ])('%s -> %s', (key, name) => {
    expect(findCategory(key)?.name).toBe(name);
  });

  it.each(['', 'relogio', 'anel de ouro'])('%j -> undefined', (key) => {
    expect(findCategory(key)).toBeUndefined();
  });
});

describe('normalizeSearchText and searchWords', () => {
  it.each([
    ['Anéis', 'aneis'],
    ['  Colar   Pérola ', 'colar perola'],
    ['PROMOÇÃO', 'promocao'],
  ])('%j -> %j', (input, out) => {
    expect(normalizeSearchText(input)).toBe(out);
  });

  it('splits into at most 8 normalized words', () => {
    expect(searchWords('  Brinco  DOURADO ')).toEqual(['brinco', 'dourado']);
    expect(searchWords('')).toEqual([]);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
  });

  it('a product is found by every word of its category', () => {
    const text = productSearchText({
      name: 'Anel Solitário',
      description: 'Banhado a ouro',
      category: 'Anel',
    });
    for (const word of ['anel', 'aneis', 'solitario', 'ouro']) expect(text).toContain(word);
  });
});

describe('pagination (SPEC §9)', () => {
  it('36 products per page, 4 featured', () => {
    expect(CATEGORY_PAGE_SIZE).toBe(36);
    expect(FEATURED_COUNT).toBe(4);
  });

  it.each([
    [0, 36, 50, 'Mostrando 1 - 36 de 50 produtos'],
    [36, 14, 50, 'Mostrando 37 - 50 de 50 produtos'],
    [0, 0, 0, 'Mostrando 0 - 0 de 0 produtos'],
  ])('offset %i, shown %i, total %i -> %s', (offset, shown, total, text) => {
    expect(pageCounterText(offset, shown, total)).toBe(text);
  });
});

describe('productPagePath', () => {
  it('is the piece page, with the size she chose in ?variacao=', () => {
    expect(productPagePath(34)).toBe('/produto/34');
    expect(productPagePath(34, null)).toBe('/produto/34');
    expect(productPagePath(34, 7)).toBe('/produto/34?variacao=7');
  });
});
