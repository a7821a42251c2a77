import { describe, expect, it } from 'vitest';
import {
  canSubmitReset,
  isPasswordValid,
  passwordChecklist,
  passwordStrength,
  RESET_TOKEN_MISSING,
  validateResetPassword,
} from './password';

describe('passwordChecklist (the reset page chips)', () => {
  it('lists the four rules with the SPEC labels, in order', () => {
    expect(passwordChecklist('').map((c) => c.label)).toEqual([
      '8+ caracteres',
      'Maiúscula',
      'Minúscula',
      'Número',
    ]);
  });

  it.each([
    ['', [false, false, false, false]],
    ['abcdefgh', [true, false, true, false]],
    ['ABCDEFGH', [true, true, false, false]],
    ['12345678', [true, false, false, true]],
    ['Ab1', [false, true, true, true]],
    ['Abcdefg1', [true, true, true, true]],
    ['Çaçador1', [true, true, true, true]],
  ])('%j -> %j', (password, met) => {
    expect(passwordChecklist(password).map((c) => c.met)).toEqual(met);
  });
});

describe('isPasswordValid', () => {
  it.each([
    ['Senha123', true],
    ['Abcdefg1', true],
    ['Abcdef1', false],
    ['senha123', false],
    ['SENHA123', false],
    ['SenhaSenha', false],
  ])('%j -> %s', (password, valid) => {
    expect(isPasswordValid(password)).toBe(valid);
  });
});

describe('passwordStrength: below 50% Fraca, below 75% Média, else Forte', () => {
  it.each([
    ['', 0, 'Fraca', 'weak'],
    ['a', 25, 'Fraca', 'weak'],
    ['aB', 50, 'Média', 'medium'],
    ['abcdefgh', 50, 'Média', 'medium'],
    ['aB1', 75, 'Forte', 'strong'],
    ['Senha123', 100, 'Forte', 'strong'],
  ])('%j -> %i%% %s', (password, percent, label, level) => {
    expect(passwordStrength(password)).toEqual({ percent, label, level });
  });
});

describe('validateResetPassword (SPEC §5 order)', () => {
  it.each([
    [{ password: '', confirmPassword: '' }, 'Por favor, preencha todos os campos.'],
    [{ password: 'Senha123', confirmPassword: '' }, 'Por favor, preencha todos os campos.'],
    [
      { password: 'senha', confirmPassword: 'outra' },
      'A senha não atende aos requisitos de segurança.',
    ],
    [{ password: 'Senha123', confirmPassword: 'Senha124' }, 'As senhas não coincidem.'],
    [{ password: 'Senha123', confirmPassword: 'Senha123' }, null],
  ])('%j -> %j', (form, message) => {
    expect(validateResetPassword(form)).toBe(message);
    expect(canSubmitReset(form)).toBe(message === null);
  });

  it('has the missing-token text', () => {
    expect(RESET_TOKEN_MISSING).toBe(
      'Token de redefinição não encontrado. Verifique o link recebido por email.',
    );
  });
});
