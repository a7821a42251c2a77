import { describe, expect, it } from 'vitest';
import { cpfDigits, isValidCpf, maskCpf } from './cpf';

/** Independent reference of the two-check-digit rule, to cross-check the library. */
function checkDigits(nine: string): string {
  const digit = (base: string): number => {
    const sum = [...base].reduce((s, d, i) => s + Number(d) * (base.length + 1 - i), 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = digit(nine);
  return `${first}${digit(nine + first)}`;
}

describe('maskCpf, keystroke by keystroke', () => {
  const typed = '52998224725';
  const expected = [
    '5',
    '52',
    '529',
    '529.9',
    '529.98',
    '529.982',
    '529.982.2',
    '529.982.24',
    '529.982.247',
    '529.982.247-2',
    '529.982.247-25',
  ];
  it.each(expected.map((mask, i) => [typed.slice(0, i + 1), mask]))('%s -> %s', (input, mask) => {
    expect(maskCpf(input)).toBe(mask);
  });

  it('stops at 11 digits / 14 characters', () => {
    expect(maskCpf('529982247259999')).toBe('529.982.247-25');
    expect(maskCpf('529.982.247-25').length).toBe(14);
  });

  it('ignores what is not a digit (re-masking a masked value is stable)', () => {
    expect(maskCpf('529.982.247-25')).toBe('529.982.247-25');
    expect(maskCpf('abc')).toBe('');
    expect(cpfDigits('529.982.247-25')).toBe('52998224725');
  });
});

describe('isValidCpf', () => {
  it.each([
    '529.982.247-25',
    '52998224725',
    '111.444.777-35',
    '123.456.789-09',
    ' 529.982.247-25 ',
  ])('valid: %s', (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
  });

  it.each([
    ['529.982.247-24', 'wrong second check digit'],
    ['529.982.247-15', 'wrong first check digit'],
    ['123.456.789-00', 'wrong check digits'],
    ['529.982.247-2', 'too short'],
    ['5299822472', 'too short'],
    ['529982247250', 'too long'],
    ['529.982.247-2a', 'a letter'],
    ['', 'empty'],
  ])('invalid: %s (%s)', (cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });

  it.each([...'0123456789'].map((d) => d.repeat(11)))(
    'all identical digits are rejected: %s',
    (cpf) => {
      expect(isValidCpf(cpf)).toBe(false);
    },
  );

  it('agrees with the reference algorithm', () => {
    for (const nine of [
      '529982247',
      '111444777',
      '123456789',
      '987654321',
      '000000001',
      '390533447',
    ]) {
      const cpf = nine + checkDigits(nine);
      expect(isValidCpf(cpf)).toBe(true);
      const wrong = nine + String((Number(cpf.slice(9)) + 1) % 100).padStart(2, '0');
      expect(isValidCpf(wrong)).toBe(false);
    }
  });

  it('null and undefined are invalid', () => {
    expect(isValidCpf(null)).toBe(false);
    expect(isValidCpf(undefined)).toBe(false);
  });
});
