import { describe, expect, it } from 'vitest';
import type { CalendarDate } from './calendar';
import {
  normalizeRegistration,
  validateRegistration,
  validateRegistrationPayload,
  type RegistrationForm,
} from './registration';

const today: CalendarDate = { year: 2024, month: 3, day: 15 };

const valid: RegistrationForm = {
  firstName: 'Ana',
  lastName: 'Silva',
  email: 'ana@exemplo.com',
  phone: '(11) 98765-4321',
  cpf: '529.982.247-25',
  birthdate: '15/03/2010',
  password: 'Senha123',
  confirmPassword: 'Senha123',
};

describe('validateRegistration: the first failing rule, in SPEC §5 order', () => {
  it('a valid form passes (14 years old exactly today)', () => {
    expect(validateRegistration(valid, today)).toBeNull();
  });

  it.each<[string, Partial<RegistrationForm>, string]>([
    ['1 firstName empty', { firstName: '' }, 'Todos os campos são obrigatórios.'],
    ['1 lastName blank', { lastName: '   ' }, 'Todos os campos são obrigatórios.'],
    ['1 email empty', { email: '' }, 'Todos os campos são obrigatórios.'],
    ['1 phone empty', { phone: '' }, 'Todos os campos são obrigatórios.'],
    ['1 cpf empty', { cpf: '' }, 'Todos os campos são obrigatórios.'],
    ['1 birthdate empty', { birthdate: '' }, 'Todos os campos são obrigatórios.'],
    ['1 password empty', { password: '' }, 'Todos os campos são obrigatórios.'],
    ['1 confirmation empty', { confirmPassword: '' }, 'Todos os campos são obrigatórios.'],
    ['2 e-mail pattern', { email: 'ana@exemplo' }, 'E-mail inválido.'],
    ['2 e-mail comma', { email: 'ana@exemplo.com,bia@x.com' }, 'E-mail inválido.'],
    ['3 confirmation differs', { confirmPassword: 'Senha124' }, 'As senhas não coincidem.'],
    [
      '4 no uppercase',
      { password: 'senha123', confirmPassword: 'senha123' },
      'A senha não atende aos requisitos.',
    ],
    [
      '4 too short',
      { password: 'Senha12', confirmPassword: 'Senha12' },
      'A senha não atende aos requisitos.',
    ],
    ['5 check digit', { cpf: '529.982.247-24' }, 'CPF inválido.'],
    ['5 all identical', { cpf: '111.111.111-11' }, 'CPF inválido.'],
    [
      '6 format',
      { birthdate: '15/3/2010' },
      'Data de nascimento inválida. Utilize o formato dd/mm/aaaa.',
    ],
    [
      '6 31/02',
      { birthdate: '31/02/2000' },
      'Data de nascimento inválida. Utilize o formato dd/mm/aaaa.',
    ],
    ['7 tomorrow', { birthdate: '16/03/2024' }, 'Data de nascimento inválida.'],
    ['7 future year', { birthdate: '01/01/2030' }, 'Data de nascimento inválida.'],
    ['8 turns 14 tomorrow', { birthdate: '16/03/2010' }, 'Você precisa ter no mínimo 14 anos.'],
    ['8 born today', { birthdate: '15/03/2024' }, 'Você precisa ter no mínimo 14 anos.'],
  ])('%s', (_name, change, message) => {
    expect(validateRegistration({ ...valid, ...change }, today)).toBe(message);
  });

  it('reports only the first rule broken', () => {
    const everythingWrong: RegistrationForm = {
      ...valid,
      email: 'x',
      confirmPassword: 'y',
      password: 'z',
      cpf: '1',
      birthdate: '99',
    };
    expect(validateRegistration(everythingWrong, today)).toBe('E-mail inválido.');
    expect(validateRegistration({ ...everythingWrong, email: valid.email }, today)).toBe(
      'As senhas não coincidem.',
    );
  });
});

describe('validateRegistrationPayload (server re-validation of POST /api/users/)', () => {
  const payload = {
    firstName: ' Ana ',
    lastName: 'Silva ',
    email: ' Ana@Exemplo.com ',
    phone: '(11) 98765-4321',
    cpf: '529.982.247-25',
    birthdate: '2010-03-15',
    password: 'Senha123',
  };

  it('accepts and normalizes a valid payload', () => {
    expect(validateRegistrationPayload(payload, today)).toEqual({
      ok: true,
      value: {
        firstName: 'Ana',
        lastName: 'Silva',
        email: 'ana@exemplo.com',
        phone: '11987654321',
        cpf: '52998224725',
        birthdate: '2010-03-15',
        password: 'Senha123',
        marketingOptIn: false,
      },
    });
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['missing field', { firstName: undefined }, 'Todos os campos são obrigatórios.', 'firstName'],
    ['blank field', { lastName: '  ' }, 'Todos os campos são obrigatórios.', 'lastName'],
    ['not a string', { cpf: 52998224725 }, 'Todos os campos são obrigatórios.', 'cpf'],
    ['e-mail', { email: 'a,b@c.com' }, 'E-mail inválido.', 'email'],
    ['password', { password: 'senha123' }, 'A senha não atende aos requisitos.', 'password'],
    ['cpf', { cpf: '000.000.000-00' }, 'CPF inválido.', 'cpf'],
    [
      'birthdate format',
      { birthdate: '15/03/2010' },
      'Data de nascimento inválida. Utilize o formato dd/mm/aaaa.',
      'birthdate',
    ],
    [
      'birthdate unreal',
      { birthdate: '2010-02-31' },
      'Data de nascimento inválida. Utilize o formato dd/mm/aaaa.',
      'birthdate',
    ],
    ['birthdate future', { birthdate: '2024-03-16' }, 'Data de nascimento inválida.', 'birthdate'],
    ['too young', { birthdate: '2010-03-16' }, 'Você precisa ter no mínimo 14 anos.', 'birthdate'],
    ['phone incomplete', { phone: '(11) 9876' }, 'Telefone inválido.', 'phone'],
  ])('%s', (_name, change, message, fieldName) => {
    const result = validateRegistrationPayload({ ...payload, ...change }, today);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toBe(message);
    expect(result.errors).toEqual({ [fieldName]: [message] });
  });

  it('answers in the client order when several fields fail', () => {
    const result = validateRegistrationPayload(
      { ...payload, cpf: '1', email: 'x', password: 'y' },
      today,
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toBe('E-mail inválido.');
      expect(Object.keys(result.errors).sort()).toEqual(['cpf', 'email', 'password']);
    }
  });

  it('a missing field wins over invalid ones', () => {
    const result = validateRegistrationPayload({ ...payload, email: 'x', phone: undefined }, today);
    expect(result.ok || result.message).toBe('Todos os campos são obrigatórios.');
  });

  it.each([null, 'texto', 42, []])('a body that is not an object (%j) is rejected', (body) => {
    const result = validateRegistrationPayload(body, today);
    expect(result.ok || result.message).toBe('Todos os campos são obrigatórios.');
  });

  it('rejects overlong values', () => {
    const result = validateRegistrationPayload(
      { ...payload, password: `Aa1${'x'.repeat(200)}` },
      today,
    );
    expect(result.ok).toBe(false);
  });

  it('normalizeRegistration keeps the password untouched', () => {
    expect(normalizeRegistration({ ...payload, password: ' Senha123 ' }).password).toBe(
      ' Senha123 ',
    );
  });
});
