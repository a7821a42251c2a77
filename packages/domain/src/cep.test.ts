import { describe, expect, it } from 'vitest';
import { cepDigits, CEP_MASK_LENGTH, isCompleteCep, maskCep } from './cep';

describe('maskCep, keystroke by keystroke', () => {
  const steps: [string, string][] = [
    ['0', '0'],
    ['01', '01'],
    ['013', '013'],
    ['0131', '0131'],
    ['01310', '01310'],
    ['013101', '01310-1'],
    ['0131010', '01310-10'],
    ['01310100', '01310-100'],
    ['013101009', '01310-100'],
  ];
  it.each(steps)('%s -> %s', (typed, mask) => {
    expect(maskCep(typed)).toBe(mask);
  });

  it('the full mask has 9 characters', () => {
    expect(maskCep('12345678')).toBe('12345-678');
    expect(maskCep('12345678')).toHaveLength(CEP_MASK_LENGTH);
  });

  it('re-masking is stable and letters are dropped', () => {
    expect(maskCep('01310-100')).toBe('01310-100');
    expect(maskCep('a1b2')).toBe('12');
    expect(maskCep(null)).toBe('');
  });
});

describe('isCompleteCep', () => {
  it.each([
    ['01310-100', true],
    ['01310100', true],
    [' 01310100 ', true],
    ['01310-10', false],
    ['0131010', false],
    ['013101000', false],
    ['0131a-100', false],
    ['', false],
  ])('%j -> %s', (cep, complete) => {
    expect(isCompleteCep(cep)).toBe(complete);
  });
});

describe('cepDigits', () => {
  it('keeps at most 8 digits', () => {
    expect(cepDigits('01310-100')).toBe('01310100');
    expect(cepDigits('0131010099')).toBe('01310100');
  });
});
