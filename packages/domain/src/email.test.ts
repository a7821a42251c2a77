import { describe, expect, it } from 'vitest';
import { isValidEmail, isValidRegistrationEmail, normalizeEmail } from './email';

describe('isValidRegistrationEmail (simple pattern, no comma)', () => {
  it.each([
    ['ana@exemplo.com', true],
    ['ana.silva+loja@exemplo.com.br', true],
    [' ana@exemplo.com ', true],
    ['ana@exemplo', false],
    ['anaexemplo.com', false],
    ['ana @exemplo.com', false],
    ['ana@exemplo.com,bia@exemplo.com', false],
    ['ana,silva@exemplo.com', false],
    ['ana@exemplo,com.br', false],
    ['', false],
  ])('%j -> %s', (email, valid) => {
    expect(isValidRegistrationEmail(email)).toBe(valid);
  });
});

describe('isValidEmail (standard pattern)', () => {
  it.each([
    ['ana@exemplo.com', true],
    ['ana.silva_1%x+y-z@sub.exemplo.com.br', true],
    ['ana@exemplo.c', false],
    ['ana@exemplo', false],
    ['ana#@exemplo.com', false],
    ['ana@exemplo.com,', false],
    ['', false],
  ])('%j -> %s', (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
  });
});

it('normalizeEmail trims and lower-cases', () => {
  expect(normalizeEmail('  Ana.Silva@Exemplo.COM ')).toBe('ana.silva@exemplo.com');
});
