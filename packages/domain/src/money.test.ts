import { describe, expect, it } from 'vitest';
import { centsToDecimal, formatBRL, toCents } from './money';

describe('formatBRL', () => {
  it.each([
    [0, 'R$ 0,00'],
    [1, 'R$ 0,01'],
    [12990, 'R$ 129,90'],
    [60000, 'R$ 600,00'],
    [123456, 'R$ 1.234,56'],
    [100000000, 'R$ 1.000.000,00'],
    [-0, 'R$ 0,00'],
  ])('%i centavos -> %s', (cents, text) => {
    expect(formatBRL(cents)).toBe(text);
  });

  it('uses a plain space after R$ (not a no-break space)', () => {
    expect(formatBRL(350)).toBe('R$ 3,50');
    expect(formatBRL(350)).not.toContain('\u00a0');
  });

  it('shows negative amounts with a minus sign', () => {
    expect(formatBRL(-150)).toMatch(/^-R\$ 1,50$/);
  });
});

describe('centsToDecimal', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [12990, '129.90'],
    [60000, '600.00'],
    [-350, '-3.50'],
  ])('%i -> %s', (cents, text) => {
    expect(centsToDecimal(cents)).toBe(text);
  });

  it('refuses fractions of a centavo', () => {
    expect(() => centsToDecimal(12.5)).toThrow(RangeError);
  });
});

describe('toCents', () => {
  it.each<[string | number, number | null]>([
    ['129.90', 12990],
    ['129,90', 12990],
    ['129.9', 12990],
    ['129', 12900],
    ['0.01', 1],
    ['R$ 1.234,56', 123456],
    ['R$\u00a01.234,56', 123456],
    ['1.234.567,89', 123456789],
    ['-3,50', -350],
    ['-0,00', 0],
    [' 12.90 ', 1290],
    [129.9, 12990],
    [0.1 + 0.2, 30],
    [1.005, 101],
    [12.9, 1290],
    [-0.001, 0],
    [-3.5, -350],
    ['', null],
    ['abc', null],
    ['1.234', null],
    ['12.345', null],
    ['1,234.56', null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
  ])('%j -> %j', (input, cents) => {
    expect(toCents(input)).toBe(cents);
  });

  it('round-trips with centsToDecimal', () => {
    for (const cents of [0, 1, 99, 100, 12990, 60000, 999999]) {
      expect(toCents(centsToDecimal(cents))).toBe(cents);
    }
  });
});
